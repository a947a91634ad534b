import { Construct } from 'constructs';
import { FieldValues, Warning } from './field-value';
import { REDACTED, Violation, formatViolations, unchosenTargetNote } from './messages';
import { Mode, evaluatesBackend, isAvailable, keyFor } from './schema';
import { CheckResult, Checked, Store, checkConfig, emitFields } from './store';
import { TARGET_VERSIONS_CHECK, declaredTargetsOf, describeDeclared, targetOf } from './targets';
import { StateBackendError } from '../errors/errors';
import { libraryContext } from '../target/flavour';
import { ParsedTarget, TARGET_CONTEXT_KEY, formatTarget } from '../target/target';
import { DeclaredTargets, TARGET_VERSIONS_CONTEXT_KEY, targetsFor } from '../target/versions';

/*
 * Checking a construct's config where it stands: against the target in effect there, or, in the
 * cdktn package without the library's target key, against every version its `targetVersions`
 * admit where the tables change anything (target/versions.ts says which).
 */

/** Checks `props` for `scope` against the target in effect there: throws one error listing every violation. */
export function checkFor(scope: Construct, store: Store, props: unknown, mode: Mode, file?: FileCheck): Checked {
  // The cdktn package without the library's target key: check against every tool it declares.
  const declared = declaredTargetsOf(scope);
  if (declared) return checkForDeclared(scope, declared, store, props, mode, file);
  const target = targetOf(scope);
  const result = withFileProblems(checkConfig(store, props, target, mode), file);
  if (result.errors.length > 0) {
    const what = `${describe(store, mode, file)} (target ${formatTarget(target)})`;
    // The default target is the newest release: say how to name the one the runs use.
    const note = libraryContext(scope, TARGET_CONTEXT_KEY) === undefined
      ? unchosenTargetNote(`${target.tool} ${target.version}`, TARGET_CONTEXT_KEY, false) : undefined;
    throw new StateBackendError(formatViolations(what, scope.node.path, result.errors, note));
  }
  return { attributes: emit(result.values, target, mode), values: result.values, warnings: result.warnings };
}

/** The warnings `checkFor` finds in `props`, or `undefined` where it would refuse them. */
export function warningsIfAccepted(scope: Construct, store: Store, props: unknown, mode: Mode): readonly Warning[] | undefined {
  try {
    return checkFor(scope, store, props, mode).warnings;
  } catch {
    return undefined;
  }
}

/** What the error header calls the config: `gcs backend`, `gcs remote state`, `gcs backend config file "prod.tfbackend"`. */
function describe(store: Store, mode: Mode, file: FileCheck | undefined): string {
  if (file !== undefined) return `${store.backend} backend config file ${JSON.stringify(file.name)}`;
  return `${store.backend} ${mode === 'backend' ? 'backend' : 'remote state'}`;
}

/** A backend config file checked with its block: its name, and what a file must hold beyond the field checks. */
export interface FileCheck {
  readonly name: string;
  readonly problems: (values: FieldValues) => Violation[];
}

function withFileProblems(result: CheckResult, file: FileCheck | undefined): CheckResult {
  return file ? { ...result, errors: [...result.errors, ...file.problems(result.values)] } : result;
}

/** The tool's attributes for `target`: a backend block the target evaluates holds templates. */
function emit(values: CheckResult['values'], target: ParsedTarget, mode: Mode): Record<string, unknown> {
  return emitFields(values, target.tool, mode, mode === 'backend' && evaluatesBackend(target));
}

export interface Run {
  readonly target: ParsedTarget;
  readonly result: CheckResult;
  readonly attributes: Record<string, unknown>;
}

/**
 * Checks `props` against every declared target: throws one error listing every violation (each
 * once) under a header that names the ranges, or records the warnings (each once) and returns the
 * attributes, which must then be the same for every target.
 */
function checkForDeclared(
  scope: Construct,
  declared: DeclaredTargets,
  store: Store,
  props: unknown,
  mode: Mode,
  file?: FileCheck,
): Checked {
  const runs: Run[] = targetsFor(declared, store.breakpoints).map((target) => {
    const result = withFileProblems(checkConfig(store, props, target, mode), file);
    return { target, result, attributes: result.errors.length > 0 ? {} : emit(result.values, target, mode) };
  });
  const errors = oncePerText(runs);
  if (errors.length === 0) errors.push(...keyDisagreements(runs));
  if (errors.length > 0) {
    const what = `${describe(store, mode, file)} (${describeDeclared(declared)})`;
    const note = declared.isDefault ? unchosenTargetNote("cdktn's default targetVersions", TARGET_CONTEXT_KEY, true) : undefined;
    throw new StateBackendError(formatViolations(what, scope.node.path, errors, note));
  }
  const warnings: Warning[] = unique(runs.flatMap((r) => r.result.warnings), (w) => w.message);
  return { attributes: runs[0].attributes, values: runs[0].result.values, warnings };
}

/**
 * The runs' errors, one line per field, rule and text. Per tool, the lowest release that refuses a
 * field speaks (the runs are in version order); a text every tool gives is one line, and texts that
 * differ for one field and rule each name their tool and version, unless the text already names its tool.
 */
export function oncePerText(runs: readonly Run[]): Violation[] {
  const firsts = unique(runs.flatMap((r) => r.result.errors.map((v) => ({ v, target: r.target }))), (e) => `${e.target.tool}\n${e.v.field}\n${e.v.id}`);
  const lines = unique(firsts, (e) => `${e.v.field}\n${e.v.id}\n${e.v.message}`);
  return lines.map(({ v, target }) => {
    const differs = lines.some((o) => o.v.field === v.field && o.v.id === v.id && o.v.message !== v.message);
    return differs && !v.message.includes(target.tool) ? { ...v, message: `${v.message} (for ${target.tool} ${target.version})` } : v;
  });
}

/**
 * One violation per field that the targets emit under different keys or with different values
 * (the AzureRM ADO service connection id, which the tools spell differently).
 */
function keyDisagreements(runs: readonly Run[]): Violation[] {
  const violations: Violation[] = [];
  const first = runs[0];
  for (const [name, fv] of first.result.values) {
    const emitted = runs.map((r) => {
      const spec = r.result.values.get(name)?.spec ?? fv.spec;
      const key = isAvailable(spec, r.target) ? keyFor(spec, r.target.tool) : undefined;
      const value = key === undefined ? undefined : JSON.stringify(r.attributes[key]);
      // Compared as they are; a secret is shown redacted.
      return { target: r.target, key, value, shown: spec.secret && value !== undefined ? REDACTED : value };
    });
    if (emitted.every((e) => e.key === emitted[0].key && e.value === emitted[0].value)) continue;
    // Where the key changes: the first release of each tool that reads it under each key.
    const changes = unique(emitted, (e) => `${e.target.tool}\n${e.key}`);
    const seen = changes.map((e) => `${e.target.tool} ${e.target.version}: ${e.key ?? 'left out'}`).join(', ');
    const sameKeys = emitted.every((e) => e.key === emitted[0].key);
    violations.push({
      id: TARGET_VERSIONS_CHECK.id,
      field: fv.spelling,
      message: sameKeys
        ? `the declared tools read ${emitted[0].key} differently (${unique(emitted, (e) => `${e.target.tool}\n${e.value}`).map((e) => `${e.target.tool} ${e.target.version}: ${e.shown}`).join(', ')}), ` +
          `expected one value for every tool; declare fewer tools in ${TARGET_VERSIONS_CONTEXT_KEY} or set ${TARGET_CONTEXT_KEY}`
        : `the declared tools read it under different keys (${seen}), expected one key for every tool; ` +
          `declare fewer tools in ${TARGET_VERSIONS_CONTEXT_KEY} or set ${TARGET_CONTEXT_KEY}`,
    });
  }
  return violations;
}

export function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
