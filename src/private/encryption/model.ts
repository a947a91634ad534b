import { TerraformRemoteState } from 'cdktf';
import { EncryptionElementSpec, isKeyProviderObject, isMethodObject, labelOf, specOf } from './brand';
import { violation } from '../kit/field-checks';
import { FieldValues, Warning } from '../kit/field-value';
import { Violation, got } from '../kit/messages';
import { ConfigReader } from '../kit/reader';
import { ParsedTarget } from '../target/target';

/** A key provider or method after reading its props. */
export interface ReadElement {
  /** The public object (`EncryptionKeyProvider` or `EncryptionMethod`); identity matters. */
  readonly ref: object;
  readonly spec: EncryptionElementSpec;
  /** `EncryptionKeyProvider.pbkdf2("main")` */
  readonly label: string;
  readonly values: FieldValues;
}

/** Which block a target is emitted as. */
export type TargetBlock = 'state' | 'plan' | 'default' | 'remote_state_data_source';

/** A `state`, `plan`, remote-state `default` or `remote_state_data_source` target after reading. */
export interface ReadTarget {
  /** How the user spelled it: `state`, `plan`, `remoteStateDefault`, `remoteStates[0]`. */
  readonly label: string;
  readonly block: TargetBlock;
  /** Literal `enforced`, or a token. */
  readonly enforced?: unknown;
  readonly method?: object;
  readonly fallbacks: readonly object[];
  readonly remoteState?: TerraformRemoteState;
}

/** Everything one `StateEncryption` declares, read for the target. */
export interface EncryptionModel {
  readonly target: ParsedTarget;
  readonly keyProviders: readonly ReadElement[];
  readonly methods: readonly ReadElement[];
  readonly targets: readonly ReadTarget[];
  /** Path of the stack that holds the construct. */
  readonly stackPath: string;
  /** Objects read as another one of the same type, name and settings (that one's `ref`). */
  readonly sameAs?: ReadonlyMap<object, object>;
  /** Resolves a token to what the tool gets; set at synth, when references can be resolved. */
  readonly resolve?: (value: unknown) => unknown;
  /** The resolved expression of a local value of the stack (by name); set at synth with `resolve`. */
  readonly localValue?: (name: string) => unknown;
  /** What reading the key providers' and methods' props warned about (the reader's field checks). */
  readonly readWarnings: readonly Warning[];
}

/** The raw inputs of a `StateEncryption`: its props as given, plus remote states added later. */
export interface EncryptionInputs {
  readonly keyProviders?: unknown;
  readonly methods?: unknown;
  readonly state?: unknown;
  readonly plan?: unknown;
  readonly remoteStateDefault?: unknown;
  readonly remoteStates?: unknown;
}

const TARGET_PROPS: Readonly<Record<TargetBlock, readonly string[]>> = {
  state: ['method', 'fallbacks', 'enforced'],
  plan: ['method', 'fallbacks', 'enforced'],
  default: ['method', 'fallbacks'],
  remote_state_data_source: ['remoteState', 'method', 'fallbacks'],
};

/**
 * Reads the inputs: every key provider and method reachable from the lists and the targets
 * (methods through `keys`, key providers through `chain`), each read once, in the order found.
 */
export function readModel(
  inputs: EncryptionInputs,
  target: ParsedTarget,
  stackPath: string,
  errors: Violation[],
  resolveValue: (value: unknown) => unknown = (v) => v,
): EncryptionModel {
  const keyProviders: ReadElement[] = [];
  const readWarnings: Warning[] = [];
  const methods: ReadElement[] = [];
  const seen = new Set<object>();
  const sameAs = new Map<object, object>();

  const visit = (ref: object): void => {
    if (seen.has(ref)) return;
    seen.add(ref);
    const spec = specOf(ref)!;
    const list = spec.kind.block === 'key_provider' ? keyProviders : methods;
    // A second object of the same type, name and settings (a factory called twice) is the same
    // declaration: OpenTofu gets one block.
    const settings = settingsOf(spec, resolveValue);
    const twin = list.find((e) => e.spec.kind === spec.kind && e.spec.name === spec.name && settingsOf(e.spec, resolveValue) === settings);
    if (twin) {
      sameAs.set(ref, twin.ref);
      // Its key providers are read all the same: one of the same address with other settings is refused.
      Object.values((spec.props ?? {}) as object).filter(isKeyProviderObject).forEach(visit);
      return;
    }
    const label = labelOf(spec);
    const reader = new ConfigReader(target, 'encryption');
    const values = reader.readElement(spec.kind.table, spec.props, `${label}.`, spec.kind.since);
    errors.push(...reader.errors);
    readWarnings.push(...reader.warnings);
    list.push({ ref, spec, label, values });
    for (const v of values.values()) {
      if (v.spec.type === 'keyProvider' && isKeyProviderObject(v.value)) visit(v.value);
    }
  };

  for (const [prop, isKind, what] of [
    ['keyProviders', isKeyProviderObject, 'key providers made with EncryptionKeyProvider'],
    ['methods', isMethodObject, 'methods made with EncryptionMethod'],
  ] as const) {
    const list = inputs[prop];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      errors.push(violation('field/type', prop, `${got(list, false)}, expected a list of ${what}`));
      continue;
    }
    list.forEach((x, i) => (isKind(x) ? visit(x) : errors.push(violation('field/type', `${prop}[${i}]`, `${got(x, false)}, expected one of the ${what}`))));
  }

  const targets: ReadTarget[] = [];
  const addTarget = (props: unknown, label: string, block: TargetBlock) => {
    const t = readTarget(props, label, block, errors);
    if (!t) return;
    targets.push(t);
    [t.method, ...t.fallbacks].forEach((m) => m && visit(m));
  };
  if (inputs.state !== undefined && inputs.state !== null) addTarget(inputs.state, 'state', 'state');
  if (inputs.plan !== undefined && inputs.plan !== null) addTarget(inputs.plan, 'plan', 'plan');
  if (inputs.remoteStateDefault !== undefined && inputs.remoteStateDefault !== null) {
    addTarget(inputs.remoteStateDefault, 'remoteStateDefault', 'default');
  }
  const remotes = inputs.remoteStates;
  if (remotes !== undefined && remotes !== null) {
    if (!Array.isArray(remotes)) {
      errors.push(violation('field/type', 'remoteStates', `${got(remotes, false)}, expected a list of remote-state entries`));
    } else {
      remotes.forEach((r, i) => addTarget(r, `remoteStates[${i}]`, 'remote_state_data_source'));
    }
  }
  return { target, keyProviders, methods, targets, stackPath, sameAs, readWarnings };
}

/** The settings of a key provider or method as OpenTofu gets them: references by address, tokens resolved. */
function settingsOf(spec: EncryptionElementSpec, resolveValue: (value: unknown) => unknown): string {
  // (a value that refers back to an enclosing one, which the argument checks refuse, is cut there)
  const plain = (x: unknown, enclosing: ReadonlySet<unknown> = new Set()): unknown => {
    if (isKeyProviderObject(x) || isMethodObject(x)) {
      const s = specOf(x)!;
      return `${s.kind.block}.${s.kind.type}.${s.name}`;
    }
    if (x !== null && typeof x === 'object' && enclosing.has(x)) return '<cycle>';
    const inner = new Set(enclosing).add(x);
    if (Array.isArray(x)) return x.map((v) => plain(v, inner));
    if (x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) {
      const set = Object.entries(x).filter(([, v]) => v !== undefined && v !== null);
      return Object.fromEntries(set.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, plain(v, inner)]));
    }
    return x;
  };
  try {
    return JSON.stringify(resolveValue(plain(spec.props))) ?? '';
  } catch {
    return JSON.stringify(plain(spec.props)) ?? '';
  }
}

/** Reads one target. Returns undefined (with errors) when it is not an object. */
export function readTarget(props: unknown, label: string, block: TargetBlock, errors: Violation[]): ReadTarget | undefined {
  const allowed = TARGET_PROPS[block];
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    errors.push(violation('field/type', label, `${got(props, false)}, expected an object with ${allowed.join(', ')}`));
    return undefined;
  }
  const given = props as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (given[key] !== undefined && given[key] !== null && !allowed.includes(key)) {
      errors.push(violation('field/unknown', `${label}.${key}`, `${got(given[key], false)} for an unknown field, expected one of ${allowed.join(', ')}`));
    }
  }
  let method: object | undefined;
  if (given.method !== undefined && given.method !== null) {
    if (isMethodObject(given.method)) method = given.method;
    else errors.push(violation('field/type', `${label}.method`, `${got(given.method, false)}, expected a method made with EncryptionMethod`));
  }
  const fallbacks: object[] = [];
  if (given.fallbacks !== undefined && given.fallbacks !== null) {
    if (!Array.isArray(given.fallbacks)) {
      errors.push(violation('field/type', `${label}.fallbacks`, `${got(given.fallbacks, false)}, expected a list of methods made with EncryptionMethod`));
    } else {
      given.fallbacks.forEach((m, i) =>
        isMethodObject(m)
          ? fallbacks.push(m)
          : errors.push(violation('field/type', `${label}.fallbacks[${i}]`, `${got(m, false)}, expected a method made with EncryptionMethod`)),
      );
    }
  }
  const enforced = given.enforced;
  if (enforced !== undefined && enforced !== null && typeof enforced !== 'boolean') {
    errors.push(violation('field/type', `${label}.enforced`, `${got(enforced, false)}, expected true or false`));
  }
  let remoteState: TerraformRemoteState | undefined;
  if (block === 'remote_state_data_source') {
    if (given.remoteState instanceof TerraformRemoteState || isRemoteState(given.remoteState)) {
      remoteState = given.remoteState as TerraformRemoteState;
    } else {
      errors.push(violation(
        'field/type',
        `${label}.remoteState`,
        `${got(given.remoteState === undefined ? undefined : String(given.remoteState), false)}, expected a remote state (a DataTerraformRemoteState* construct)`,
      ));
      return undefined;
    }
  }
  return { label, block, enforced: typeof enforced === 'boolean' ? enforced : undefined, method, fallbacks, remoteState };
}

/** A `terraform_remote_state` data source construct (cdktf's or ours), checked structurally. */
function isRemoteState(x: unknown): boolean {
  return x !== null && typeof x === 'object' && 'friendlyUniqueId' in x && typeof (x as any).getString === 'function' && 'node' in x;
}

/** The element read for a public object. */
export function elementOf(model: EncryptionModel, ref: object | undefined): ReadElement | undefined {
  if (!ref) return undefined;
  ref = model.sameAs?.get(ref) ?? ref;
  return model.keyProviders.find((e) => e.ref === ref) ?? model.methods.find((e) => e.ref === ref);
}
