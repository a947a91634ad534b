import { IConstruct } from 'constructs';
import { PropValues, StateStore } from './definition';
import { STATE_STORE_RULES } from './rules';
import { StateBackendError } from '../errors/errors';
import { Run, oncePerText, unique } from '../kit/construct-check';
import { FieldValues, Warning } from '../kit/field-value';
import { Violation, formatViolations, unchosenTargetNote } from '../kit/messages';
import { ConfigReader } from '../kit/reader';
import { RuleContext } from '../kit/rule-context';
import { checkConfig } from '../kit/store';
import { declaredTargetsOf, describeDeclared, targetOf } from '../kit/targets';
import { libraryContext } from '../target/flavour';
import { ParsedTarget, TARGET_CONTEXT_KEY, formatTarget } from '../target/target';
import { targetsFor } from '../target/versions';

/*
 * Checking the props of a state store's construct where it stands, for the target in effect there
 * (or, in the cdktn package, every tool its `targetVersions` declares), with the kit: the reader's
 * checks, the construct's rules and the shared ones (rules.ts), and the backend's own rules about
 * the store's name, read as a backend block with that name reads it (same ids, same messages).
 */

/** What checking a construct's props gives. */
export interface PropsCheck {
  /** The props as read (literals and references), for the first target checked. */
  readonly values: PropValues;
  readonly warnings: readonly Warning[];
}

/** Checks `props` at `scope`: throws one error listing every violation, or gives the values and warnings. */
export function checkStoreProps(scope: IConstruct, store: StateStore, props: unknown): PropsCheck {
  const declared = declaredTargetsOf(scope);
  const targets = declared ? targetsFor(declared, store.store.breakpoints) : [targetOf(scope)];
  const runs = targets.map((target) => ({ target, ...checkAt(store, props, target) }));
  const errors = oncePerText(runs.map((r): Run => ({
    target: r.target,
    result: { values: r.read, errors: r.errors, warnings: r.warnings, attributes: {} },
  })));
  if (errors.length > 0) {
    const what = declared ? `${store.names.construct} (${describeDeclared(declared)})` : `${store.names.construct} (target ${formatTarget(targets[0])})`;
    const note = declared
      ? (declared.isDefault ? unchosenTargetNote("cdktn's default targetVersions", TARGET_CONTEXT_KEY, true) : undefined)
      : (libraryContext(scope, TARGET_CONTEXT_KEY) === undefined ? unchosenTargetNote(`${targets[0].tool} ${targets[0].version}`, TARGET_CONTEXT_KEY, false) : undefined);
    throw new StateBackendError(formatViolations(what, scope.node.path, errors, note));
  }
  return { values: runs[0].values, warnings: unique(runs.flatMap((r) => r.warnings), (w) => w.message) };
}

/** One target's check: the props read, the rules run, and the backend's name rules. */
function checkAt(store: StateStore, props: unknown, target: ParsedTarget) {
  const reader = new ConfigReader(target, 'resource');
  const read = reader.read(store.table, props);
  new RuleContext(store.table, read, target, reader.errors, reader.warnings).run([...store.rules, ...STATE_STORE_RULES]);
  const names = nameProblems(store, read, target);
  // A name the backend's rules refuse is not refused again by the provider's rule of the construct.
  const refused = new Set(names.errors.map((v) => v.field));
  const own = new Set(store.rules.map((r) => r.id));
  const errors = reader.errors.filter((v) => !(own.has(v.id) && refused.has(v.field)));
  return { read, values: valuesOf(read), errors: [...names.errors, ...errors], warnings: [...reader.warnings, ...names.warnings] };
}

/** The props as a record of values (literals, and references as the user gave them). */
function valuesOf(read: FieldValues): PropValues {
  const out: Record<string, unknown> = {};
  for (const [name, fv] of read) out[name] = fv.value;
  return out;
}

/**
 * What the backend's checks say of the store's name: the name set in a backend block of the
 * store, with the props a name rule reads beside it (the COS region), checked for the target; the
 * violations and warnings about the name fields, named as the construct's props.
 */
function nameProblems(store: StateStore, read: FieldValues, target: ParsedTarget): { errors: Violation[]; warnings: Warning[] } {
  const config: Record<string, unknown> = {};
  for (const n of store.nameFields) {
    // Unset, the table's default names the store (AzureRM's container); a reference is checked where
    // its value is known: by the backend made from it, or at the run.
    const fv = read.get(n.prop);
    const value = fv === undefined ? store.settings.find((s) => s.prop?.name === n.prop)?.default : fv.expression ? undefined : fv.value;
    if (value !== undefined) config[n.backendField] = value;
  }
  const checkedFields = new Set(Object.keys(config));
  if (checkedFields.size === 0) return { errors: [], warnings: [] };
  const nameRules = store.store.rules.filter((r) => store.nameRuleIds.includes(r.id));
  for (const field of new Set(nameRules.flatMap((r) => r.fields))) {
    const fv = read.get(field);
    if (fv !== undefined && !fv.expression && config[field] === undefined) config[field] = fv.value;
  }
  const checked = checkConfig(store.store, config, target, 'backend');
  const prop = new Map(store.nameFields.filter((n) => checkedFields.has(n.backendField)).map((n) => [n.backendField, n.prop]));
  const errors = checked.errors.filter((v) => prop.has(v.field)).map((v) => ({ ...v, field: prop.get(v.field)! }));
  const warnings = checked.warnings.filter((w) => store.nameRuleIds.includes(w.id));
  return { errors, warnings };
}
