import { IConstruct } from 'constructs';
import { Violation, formatViolations, showValue } from './messages';
import { RuleRow } from './rule-row';
import { ALWAYS, BACKEND_EVALUATION, FieldSpec, PerTool, envEntriesOf } from './schema';
import { StateBackendError } from '../errors/errors';
import { isCdktn, libraryContext } from '../target/flavour';
import { CHECKED_RELEASES } from '../target/releases';
import { EXAMPLES } from '../target/semver-range';
import { DEFAULT_TARGET, ParsedTarget, TARGET_CONTEXT_KEY, ToolName, compareVersions, parseTargetOrThrow } from '../target/target';
import { DEFAULT_TARGET_VERSIONS, DeclaredTargets, TARGET_VERSIONS_CONTEXT_KEY, TOOLS, versionsToCheck } from '../target/versions';

/*
 * The target in effect at a construct: the library's own context key, or (cdktn) the tools the
 * app declares in `targetVersions`, read and reported here. The checks (check.ts) depend on this
 * module, never the reverse.
 */

/** The target chosen by the context key at `scope`, or the default. */
export function targetOf(scope: IConstruct): ParsedTarget {
  // (under this package's key or the other flavour's: target/flavour.ts)
  const raw = libraryContext(scope, TARGET_CONTEXT_KEY);
  // The cdktn package without the key: the first target its `targetVersions` declares.
  if (raw === undefined) return declaredTargetsOf(scope)?.targets[0] ?? DEFAULT_TARGET;
  return parseTargetOrThrow(raw.value, raw.key);
}

/** The check of cdktn's `targetVersions`, by id (for docs/FIELDS.md). */
export const TARGET_VERSIONS_CHECK = {
  id: 'target/versions',
  severity: 'error',
  description:
    'cdktn only: `targetVersions` is an object of npm semver ranges by tool; a configuration is checked at both ends of each range and at ' +
    'every release inside it where the tables change anything, and must give every declared tool the same keys and values',
} as const;

const CACHE = new WeakMap<object, DeclaredTargets | Violation[]>();

/**
 * Reads a `targetVersions` value (an object of ranges by tool). Returns the violations when it is
 * not one, each naming the tool and the range.
 */
export function declaredTargetsFrom(value: unknown, isDefault = false): DeclaredTargets | Violation[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [{
      id: TARGET_VERSIONS_CHECK.id,
      field: TARGET_VERSIONS_CONTEXT_KEY,
      message: `got ${showValue(value, false)}, expected an object of npm semver ranges by tool, for example {"terraform":">=1.5.7","opentofu":">=1.6.0"}`,
    }];
  }
  const cached = CACHE.get(value);
  if (cached) return cached;
  const declared = value as Record<string, unknown>;
  const violations: Violation[] = [];
  for (const key of Object.keys(declared)) {
    if (!(TOOLS as readonly string[]).includes(key)) {
      violations.push({ id: TARGET_VERSIONS_CHECK.id, field: `${TARGET_VERSIONS_CONTEXT_KEY}.${key}`, message: 'got an unknown tool, expected "terraform" or "opentofu"' });
    }
  }
  const ranges: Array<{ tool: ToolName; range: string }> = [];
  const targets: ParsedTarget[] = [];
  for (const tool of TOOLS) {
    const range = declared[tool];
    // cdktn's own feature checks skip a tool whose range is "" (not targeted): so does the library.
    if (range === undefined || range === '') continue;
    if (typeof range !== 'string') {
      violations.push({ id: TARGET_VERSIONS_CHECK.id, field: `${TARGET_VERSIONS_CONTEXT_KEY}.${tool}`, message: `got ${showValue(range, false)}, expected ${EXAMPLES}` });
      continue;
    }
    const versions = versionsToCheck(tool, range);
    if (typeof versions === 'string') {
      const colon = versions.indexOf(': ');
      violations.push({ id: TARGET_VERSIONS_CHECK.id, field: versions.slice(0, colon), message: versions.slice(colon + 2) });
      continue;
    }
    ranges.push({ tool, range });
    versions.forEach((version) => targets.push({ tool, version }));
  }
  if (violations.length === 0 && ranges.length === 0 && Object.keys(declared).length === 0) {
    violations.push({ id: TARGET_VERSIONS_CHECK.id, field: TARGET_VERSIONS_CONTEXT_KEY, message: 'got {}, expected a range for "terraform", "opentofu" or both' });
  }
  const result = violations.length > 0 ? violations : { ranges, targets, isDefault };
  CACHE.set(value, result);
  return result;
}

/**
 * The tools a cdktn app declares at `scope`, or `undefined` when the library's own target key
 * decides (it is set, or this is the cdktf package). Throws when `targetVersions` is malformed.
 */
export function declaredTargetsOf(scope: IConstruct): DeclaredTargets | undefined {
  if (!isCdktn() || libraryContext(scope, TARGET_CONTEXT_KEY) !== undefined) return undefined;
  const raw = scope.node.tryGetContext(TARGET_VERSIONS_CONTEXT_KEY);
  const result = raw === undefined ? declaredTargetsFrom(DEFAULT_TARGET_VERSIONS, true) : declaredTargetsFrom(raw);
  if (Array.isArray(result)) throw new StateBackendError(formatViolations(`${TARGET_VERSIONS_CONTEXT_KEY} context`, scope.node.path, result));
  // Every declared range is "": no tool is targeted, so the library's own target (or default) decides.
  return result.ranges.length === 0 ? undefined : result;
}

/** `targetVersions terraform ">=1.5.7", opentofu ">=1.6.0"`, as error headers name it. */
export function describeDeclared(declared: DeclaredTargets): string {
  const ranges = declared.ranges.map((r) => `${r.tool} ${JSON.stringify(r.range)}`).join(', ');
  return `${declared.isDefault ? "cdktn's default " : ''}${TARGET_VERSIONS_CONTEXT_KEY} ${ranges}`;
}

/**
 * The releases the tools judged the tables at (target/releases.ts), without a pre-release's suffix
 * (a pre-release is checked as its release): a cdktn config is checked there too, for either tool.
 */
const CHECKED: readonly string[] = Object.values(CHECKED_RELEASES).flatMap((releases) => releases.map((v) => v.split('-')[0]));

/**
 * The versions at which a store's tables change anything, as they declare them: every field's
 * `since`, `removedIn` and env var releases, every release a rule declares in its `versions`, where
 * backend blocks start being evaluated, and the releases the tools judged the tables at. Between two
 * of them the tables say the same. A version that changes nothing only costs one more check.
 */
export function breakpointsOf(fields: readonly FieldSpec[], rules: readonly RuleRow[]): readonly string[] {
  const versions = new Set<string>([...Object.values(BACKEND_EVALUATION), ...CHECKED]);
  const add = (perTool: PerTool<string> | undefined) => Object.values(perTool ?? {}).forEach((v) => versions.add(v));
  const visit = (rows: readonly FieldSpec[]): void => {
    for (const f of rows) {
      add(f.since);
      add(f.removedIn);
      envEntriesOf(f).forEach((e) => versions.add(e.since));
      visit(f.fields ?? []);
    }
  };
  visit(fields);
  rules.forEach((r) => Object.values<PerTool<string>>(r.versions ?? {}).forEach(add));
  versions.delete(ALWAYS);
  return [...versions].sort(compareVersions);
}
