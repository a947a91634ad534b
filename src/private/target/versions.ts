import { EXAMPLES, contains, lowestIn, parseRange } from './semver-range';
import { FIRST_RELEASE, NEWEST_KNOWN, ParsedTarget, ToolName, compareVersions } from './target';

/** Both tools, in the order the library knows them. */
export const TOOLS: readonly ToolName[] = ['terraform', 'opentofu'];

/*
 * CDK Terrain (cdktn) apps declare the tools they support in the `targetVersions` context: npm
 * semver ranges by tool, `{ terraform: ">=1.5.7", opentofu: ">=1.6.0" }` when unset (cdktn 0.24,
 * lib/validations/target-versions.ts: TARGET_VERSIONS_CONTEXT_KEY, DEFAULT_TARGET_VERSIONS; cdktn
 * keeps both out of its public API, so they are repeated here). In the cdktn package, when the
 * library's own target key is unset, a config is checked against every declared tool: at the lowest
 * version of its range and at the newest version this library knows when the range includes it. The
 * config must pass at each of them and emit the same keys and values for all, since one backend
 * block is read by every declared tool. The cdktf package never reads `targetVersions`. Here: which
 * releases a declared range stands for; reading the context, and reporting a malformed one, is
 * kit/targets.ts's.
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

/**
 * Every version of `versions` (where a store's tables change anything) that a declared range
 * admits, plus the declared targets (the lowest version of each range, the newest known): between
 * two of them the tables say the same, so checking there checks the whole range.
 */
export function targetsFor(declared: DeclaredTargets, versions: readonly string[]): ParsedTarget[] {
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
