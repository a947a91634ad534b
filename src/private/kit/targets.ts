import { IConstruct } from 'constructs';
import { Violation, formatViolations, showValue } from './messages';
import { BACKEND_EVALUATION } from './schema';
import { isCdktn, libraryContext } from '../target/framework';
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
  // (under this package's key or the other flavour's: target/framework.ts)
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
  if (Array.isArray(result)) throw new Error(formatViolations(`${TARGET_VERSIONS_CONTEXT_KEY} context`, scope.node.path, result));
  // Every declared range is "": no tool is targeted, so the library's own target (or default) decides.
  return result.ranges.length === 0 ? undefined : result;
}

/** `targetVersions terraform ">=1.5.7", opentofu ">=1.6.0"`, as error headers name it. */
export function describeDeclared(declared: DeclaredTargets): string {
  const ranges = declared.ranges.map((r) => `${r.tool} ${JSON.stringify(r.range)}`).join(', ');
  return `${declared.isDefault ? "cdktn's default " : ''}${TARGET_VERSIONS_CONTEXT_KEY} ${ranges}`;
}

/** A store's tables, as far as the versions they name go. */
export interface Tables {
  readonly fields: unknown;
  readonly rules: unknown;
}

const BREAKPOINTS = new WeakMap<Tables, readonly string[]>();

/**
 * The versions `store`'s field and rule tables name: every `x.y.z` in their data (since, removedIn,
 * env var releases, implied values) and in their rules' code (version bounds such as
 * `compareVersions(t.version, '1.11.0')`), read from the tables themselves so that a new row's
 * version cannot be missed. A version that changes nothing only costs one more check.
 */
export function breakpointsOf(store: Tables): readonly string[] {
  let found = BREAKPOINTS.get(store);
  if (!found) {
    const versions = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (value: unknown): void => {
      if (typeof value === 'string' || typeof value === 'function') {
        for (const m of String(value).matchAll(/(?<![\d.])(\d+\.\d+\.\d+)(?![\d.])/g)) versions.add(m[1]);
        return;
      }
      if (value === null || typeof value !== 'object' || seen.has(value)) return;
      seen.add(value);
      for (const v of Object.values(value)) walk(v);
    };
    walk(store.fields);
    walk(store.rules);
    // Where backend blocks start being evaluated (a version no table names).
    walk(BACKEND_EVALUATION);
    found = [...versions].sort(compareVersions);
    BREAKPOINTS.set(store, found);
  }
  return found;
}
