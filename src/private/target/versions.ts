import { IConstruct } from 'constructs';
import { isCdktn, libraryContext } from './framework';
import { Violation, formatViolations, showValue } from '../kit/messages';
import { BACKEND_EVALUATION } from '../kit/schema';
import { EXAMPLES, contains, lowestIn, parseRange } from './semver-range';
import { DEFAULT_TARGET, FIRST_RELEASE, NEWEST_KNOWN, ParsedTarget, TARGET_CONTEXT_KEY, ToolName, compareVersions, parseTargetOrThrow } from './target';

/*
 * Target resolution: which tool and versions a construct's config is checked for. The checks
 * (kit/check.ts) depend on this module, never the reverse.
 */

/** The target chosen by the context key at `scope`, or the default. */
export function targetOf(scope: IConstruct): ParsedTarget {
  // (under this package's key or the other flavour's: target/framework.ts)
  const raw = libraryContext(scope, TARGET_CONTEXT_KEY);
  // The cdktn package without the key: the first target its `targetVersions` declares.
  if (raw === undefined) return declaredTargetsOf(scope)?.targets[0] ?? DEFAULT_TARGET;
  return parseTargetOrThrow(raw.value, raw.key);
}

/** Both tools, in the order the library knows them. */
const TOOLS: readonly ToolName[] = ['terraform', 'opentofu'];

/*
 * CDK Terrain (cdktn) apps declare the tools they support in the `targetVersions` context: npm
 * semver ranges by tool, `{ terraform: ">=1.5.7", opentofu: ">=1.6.0" }` when unset (cdktn 0.24,
 * lib/validations/target-versions.ts: TARGET_VERSIONS_CONTEXT_KEY, DEFAULT_TARGET_VERSIONS; cdktn
 * keeps both out of its public API, so they are repeated here). In the cdktn package, when the
 * library's own target key is unset, a config is checked against every declared tool: at the lowest
 * version of its range and at the newest version this library knows when the range includes it. The
 * config must pass at each of them and emit the same keys and values for all, since one backend
 * block is read by every declared tool. The cdktf package never reads `targetVersions`.
 */

/** cdktn's context key for the declared tools. */
export const TARGET_VERSIONS_CONTEXT_KEY = 'targetVersions';

/** What cdktn assumes when an app declares no `targetVersions`. */
export const DEFAULT_TARGET_VERSIONS: Readonly<Record<ToolName, string>> = {
  terraform: '>=1.5.7',
  opentofu: '>=1.6.0',
};

/** The tools a cdktn app declares, and the versions a config is checked at. */
export interface DeclaredTargets {
  /** The declared range of each tool, in the order terraform, opentofu. */
  readonly ranges: ReadonlyArray<{ readonly tool: ToolName; readonly range: string }>;
  /** The versions checked: per tool the lowest of its range, then the newest known one it includes. */
  readonly targets: readonly ParsedTarget[];
  /** The ranges are cdktn's default (the app declares none). */
  readonly isDefault: boolean;
}

/**
 * The versions of `tool` a config is checked at for `range`: the lowest release the range admits
 * (never below the tool's first release), and the newest release this library knows when the
 * range includes it. Returns an error message naming the range when it admits no release.
 */
export function versionsToCheck(tool: ToolName, range: string): string[] | string {
  const label = `${TARGET_VERSIONS_CONTEXT_KEY}.${tool}`;
  const parsed = parseRange(label, range);
  if (typeof parsed === 'string') return parsed;
  const lows = parsed.map((i) => lowestIn(i, FIRST_RELEASE[tool])).filter((v): v is string => v !== undefined);
  if (lows.length === 0) {
    return `${label}: got ${JSON.stringify(range)}, which matches no ${tool} release (the first is ${FIRST_RELEASE[tool]}), expected ${EXAMPLES}`;
  }
  const lowest = lows.reduce((a, b) => (compareVersions(a, b) <= 0 ? a : b));
  const newest = NEWEST_KNOWN[tool];
  const versions = [lowest];
  if (compareVersions(newest, lowest) > 0 && parsed.some((i) => contains(i, newest))) versions.push(newest);
  return versions;
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
    const versions = versionsToCheck(tool, range as string);
    if (typeof versions === 'string') {
      const colon = versions.indexOf(': ');
      violations.push({ id: TARGET_VERSIONS_CHECK.id, field: versions.slice(0, colon), message: versions.slice(colon + 2) });
      continue;
    }
    ranges.push({ tool, range: range as string });
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

/**
 * Every version a declared range admits at which a store's tables change anything, plus the
 * declared targets (the lowest version of each range, the newest known): between two of them the
 * tables say the same, so checking there checks the whole range.
 */
export function targetsFor(declared: DeclaredTargets, tables: Tables): ParsedTarget[] {
  const versions = breakpointsOf(tables);
  const targets = [...declared.targets];
  for (const { tool, range } of declared.ranges) {
    const intervals = parseRange(`${TARGET_VERSIONS_CONTEXT_KEY}.${tool}`, range);
    if (typeof intervals === 'string') continue;
    for (const version of versions) {
      if (compareVersions(version, FIRST_RELEASE[tool]) < 0 || compareVersions(version, NEWEST_KNOWN[tool]) > 0) continue;
      if (!intervals.some((i) => contains(i, version))) continue;
      if (!targets.some((t) => t.tool === tool && t.version === version)) targets.push({ tool, version });
    }
  }
  return targets.sort((a, b) => TOOLS.indexOf(a.tool) - TOOLS.indexOf(b.tool) || compareVersions(a.version, b.version));
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

export function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
