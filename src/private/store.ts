import { Annotations } from 'cdktf';
// cdktf does not export its override merge; using it keeps addOverride semantics identical.
import { deepMerge } from 'cdktf/lib/util';
import { Construct, IConstruct } from 'constructs';
import { formatViolations } from './errors';
import { hclBlock, toHclValue } from './hcl';
import { StoreSpec, keyFor } from './schema';
import { DEFAULT_TARGET, ParsedTarget, TARGET_CONTEXT_KEY, formatTarget, parseTarget } from './target';
import { checkForDeclared, declaredTargetsOf } from './target-versions';
import { FieldValue, FieldValues, Mode, Rule, checkConfig, isAvailable } from './validation';

/** A store: its field table and its rule table. */
export interface Store extends StoreSpec {
  readonly rules: readonly Rule[];
}

/**
 * The tool's keys and values for one construct, in field-table order. A nested block is an object
 * in a backend block and a one-element list in a remote-state `config` (the only form the tool
 * accepts there). Computed once, when the construct is created: the target and the values are
 * fixed by then, and cdktf renders each element several times per synth.
 */
export type ToolAttributes = Readonly<Record<string, unknown>>;

/** The target chosen by the `cdktf-state-backends:target` context key, or the default. */
export function targetOf(scope: IConstruct): ParsedTarget {
  const raw = scope.node.tryGetContext(TARGET_CONTEXT_KEY);
  // [targetVersions hook] cdktn package without the key: the first target targetVersions declares.
  if (raw === undefined) return declaredTargetsOf(scope)?.targets[0] ?? DEFAULT_TARGET;
  const parsed = parseTarget(raw);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/**
 * Checks `props` for `scope`: throws one error listing every violation, or records the warnings
 * on the construct and returns the tool's attributes.
 */
export function checkFor(scope: Construct, store: Store, props: unknown, mode: Mode): ToolAttributes {
  // [targetVersions hook] cdktn package without the key: check against every declared tool.
  const declared = declaredTargetsOf(scope);
  if (declared) return checkForDeclared(scope, declared, store, props, mode, emitFields);
  const target = targetOf(scope);
  const result = checkConfig(store.fields, store.rules, props, target, mode);
  if (result.errors.length > 0) {
    const what = `${store.backend} ${mode === 'backend' ? 'backend' : 'remote state'} (target ${formatTarget(target)})`;
    throw new Error(formatViolations(what, scope.node.path, result.errors));
  }
  for (const warning of result.warnings) {
    Annotations.of(scope).addWarning(warning);
  }
  return emitFields(result.values, target, mode);
}

function emitFields(values: FieldValues, target: ParsedTarget, mode: Mode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const fv of values.values()) {
    const key = keyFor(fv.spec, target.tool);
    if (key === undefined || !isAvailable(fv.spec, target)) continue;
    out[key] = emitValue(fv, target, mode);
  }
  return out;
}

function emitValue(fv: FieldValue, target: ParsedTarget, mode: Mode): unknown {
  if (fv.expression) return fv.value;
  switch (fv.spec.type) {
    case 'policy':
      return typeof fv.value === 'string' ? fv.value : JSON.stringify(fv.value);
    case 'block': {
      const block = emitFields(fv.members ?? new Map(), target, mode);
      return mode === 'backend' ? block : [block];
    }
    case 'stringList':
      return [...(fv.value as string[])];
    default:
      return fv.value;
  }
}

/**
 * A copy with fresh containers: cdktf merges overrides into what an element returns (and
 * concatenates lists), so the stored attributes are never handed out themselves. Only plain
 * objects and arrays are copied; values (literals, tokens) are shared. Runs on every render.
 */
export function copyAttributes(attributes: ToolAttributes): Record<string, unknown> {
  return copyPlain(attributes) as Record<string, unknown>;
}

function copyPlain(v: unknown): unknown {
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyPlain(v[i]);
    return out;
  }
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const k in v) out[k] = copyPlain((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/** Backend attributes typed for cdktf's HCL renderer: literals quoted and escaped, blocks as blocks. */
export function backendHclAttributes(attributes: ToolAttributes): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const isBlock = value !== null && typeof value === 'object' && !Array.isArray(value);
    out[key] = isBlock ? hclBlock(toHclValue(value, 'literal') as Record<string, unknown>) : toHclValue(value, 'literal');
  }
  return out;
}

/** The `data.terraform_remote_state.<id>` block, JSON or HCL-typed, with overrides merged in. */
export function remoteStateBlock(
  friendlyUniqueId: string,
  backendName: string,
  attributes: ToolAttributes,
  config: { readonly workspace?: string; readonly defaults?: { [key: string]: any } },
  rawOverrides: any,
  hcl: boolean,
): any {
  const typed = (v: unknown) => (hcl && v !== undefined ? toHclValue(v, 'template') : v);
  return {
    data: {
      terraform_remote_state: {
        [friendlyUniqueId]: deepMerge(
          {
            backend: backendName,
            workspace: typed(config.workspace),
            defaults: typed(config.defaults),
            // toHclValue builds new containers, so only the JSON form needs a copy.
            config: hcl ? toHclValue(attributes, 'template') : copyAttributes(attributes),
          },
          rawOverrides,
        ),
      },
    },
  };
}
