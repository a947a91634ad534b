import { compareVersions } from './target';

/*
 * npm semver ranges, as cdktn's `targetVersions` declares them (`>=1.5.7`, `~1.9`, `^1.6`,
 * `1.5 - 1.8`, `>=1.6.0 <2.0.0 || >=2.1.0`), read into intervals of `x.y.z` versions. Only what the
 * library needs: the lowest release a range admits, and whether it admits a given release.
 */

/** One end of an interval of versions (`x.y.z`). */
export interface Bound {
  readonly version: string;
  readonly inclusive: boolean;
}

/** The versions one alternative of a range admits; a missing bound is open. */
export interface Interval {
  readonly low?: Bound;
  readonly high?: Bound;
}

const ANY: Interval = {};
const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const COMPARATOR = /^(>=|<=|>|<|=|~|\^)?(.*)$/;
export const EXAMPLES = 'an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"';

/**
 * Parses an npm semver range (`>=1.5.7`, `~1.9`, `^1.6`, `1.8.x`, `>=1.6.0 <2.0.0`, `1.5 - 1.9`,
 * `a || b`) into one interval of releases per alternative. A pre-release bound counts where its
 * release falls: `>1.11.1-rc1` and `>=1.11.1-rc1` admit 1.11.1 (npm orders a release after its
 * pre-releases), `<1.11.1-rc1` and `<=1.11.1-rc1` do not, and `=1.11.1-rc1` admits no release.
 * Returns an error message naming `label` when the text is not such a range.
 */
export function parseRange(label: string, text: string): Interval[] | string {
  if (text.includes('~>')) {
    return `${label}: got ${JSON.stringify(text)}, which is terraform's constraint syntax, expected ${EXAMPLES}`;
  }
  const alternatives: Interval[] = [];
  for (const alternative of text.split('||')) {
    const interval = parseAlternative(alternative.trim().replace(/(>=|<=|>|<|=|~|\^)\s+/g, '$1'));
    if (interval === undefined) return `${label}: got ${JSON.stringify(text)}, expected ${EXAMPLES}`;
    alternatives.push(interval);
  }
  return alternatives;
}

function parseAlternative(text: string): Interval | undefined {
  if (text === '') return ANY;
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
  if (hyphen) {
    const from = parsePartial(hyphen[1]);
    const to = parsePartial(hyphen[2]);
    if (!from || !to) return undefined;
    return { low: { version: fill(from), inclusive: true }, high: to.pre ? { version: fill(to), inclusive: false } : upperOf(to) };
  }
  let result: Interval = ANY;
  for (const comparator of text.split(/\s+/)) {
    const [, op = '', rest] = COMPARATOR.exec(comparator)!;
    const parts = parsePartial(rest);
    if (!parts) return undefined;
    result = intersect(result, comparatorInterval(op, parts));
  }
  return result;
}

/**
 * Major, minor, patch; `undefined` where the range leaves a part open (`1.5`, `1.x`, `*`). `pre`:
 * a pre-release of that version (`1.11.1-rc1`), which sorts before the release.
 */
type Partial = [number | undefined, number | undefined, number | undefined] & { pre?: boolean };

function parsePartial(text: string): Partial | undefined {
  const m = PARTIAL.exec(text);
  if (!m) return undefined;
  const parts: Partial = [undefined, undefined, undefined];
  for (let i = 0; i < 3; i++) {
    const p = m[i + 1];
    if (p === undefined || /^[xX*]$/.test(p)) break;
    parts[i] = Number(p);
  }
  // npm honours a pre-release tag only on a full version.
  if (m[4] !== undefined && parts[2] !== undefined) parts.pre = true;
  return parts;
}

function fill([major = 0, minor = 0, patch = 0]: Partial): string {
  return `${major}.${minor}.${patch}`;
}

/** The first version above every version that `parts` matches, or nothing for `*`. */
function nextAfter([major, minor, patch]: Partial): string | undefined {
  if (major === undefined) return undefined;
  if (minor === undefined) return `${major + 1}.0.0`;
  if (patch === undefined) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** The high end of `<= parts` (or of a hyphen range's right side). */
function upperOf(parts: Partial): Bound | undefined {
  if (parts[2] !== undefined) return { version: fill(parts), inclusive: true };
  const next = nextAfter(parts);
  return next === undefined ? undefined : { version: next, inclusive: false };
}

const NOTHING: Interval = { low: { version: '0.0.0', inclusive: false }, high: { version: '0.0.0', inclusive: false } };

function comparatorInterval(op: string, parts: Partial): Interval {
  const [major, minor, patch] = parts;
  if (parts.pre) {
    // Of releases, X-pre admits none, > and >= it admit X on, < and <= it admit what is below X.
    const release = { version: fill(parts), inclusive: true };
    if (op === '>' || op === '>=' || op === '~' || op === '^') return comparatorInterval(op === '>' ? '>=' : op, [major, minor, patch]);
    if (op === '<' || op === '<=') return { high: { ...release, inclusive: false } };
    return NOTHING;
  }
  const low: Bound = { version: fill(parts), inclusive: true };
  const next = nextAfter(parts);
  switch (op) {
    case '>=':
      return major === undefined ? ANY : { low };
    case '>':
      if (major === undefined) return NOTHING;
      return patch !== undefined ? { low: { version: fill(parts), inclusive: false } } : { low: { version: next!, inclusive: true } };
    case '<':
      return major === undefined ? NOTHING : { high: { version: fill(parts), inclusive: false } };
    case '<=':
      return major === undefined ? ANY : { high: upperOf(parts) };
    case '~': {
      if (major === undefined) return ANY;
      const high = minor === undefined ? `${major + 1}.0.0` : `${major}.${minor + 1}.0`;
      return { low, high: { version: high, inclusive: false } };
    }
    case '^': {
      if (major === undefined) return ANY;
      let high: string;
      if (major > 0 || minor === undefined) high = `${major + 1}.0.0`;
      else if (minor > 0 || patch === undefined) high = `0.${minor + 1}.0`;
      else high = `0.0.${patch + 1}`;
      return { low, high: { version: high, inclusive: false } };
    }
    default:
      // `=` or no operator: exactly the version, or every version the partial one matches.
      if (major === undefined) return ANY;
      return patch !== undefined ? { low, high: { version: fill(parts), inclusive: true } } : { low, high: { version: next!, inclusive: false } };
  }
}

function intersect(a: Interval, b: Interval): Interval {
  return { low: tighter(a.low, b.low, 1), high: tighter(a.high, b.high, -1) };
}

/** The stricter of two bounds: the higher low end (`sign` 1) or the lower high end (`sign` -1). */
function tighter(a: Bound | undefined, b: Bound | undefined, sign: number): Bound | undefined {
  if (!a) return b;
  if (!b) return a;
  const c = compareVersions(a.version, b.version) * sign;
  if (c !== 0) return c > 0 ? a : b;
  return a.inclusive ? b : a;
}

export function contains(interval: Interval, version: string): boolean {
  const { low, high } = interval;
  if (low) {
    const c = compareVersions(version, low.version);
    if (c < 0 || (c === 0 && !low.inclusive)) return false;
  }
  if (high) {
    const c = compareVersions(version, high.version);
    if (c > 0 || (c === 0 && !high.inclusive)) return false;
  }
  return true;
}

/** The lowest `x.y.z` in the interval that is not below `floor`, if any. */
export function lowestIn(interval: Interval, floor: string): string | undefined {
  let version = floor;
  const low = interval.low;
  if (low && compareVersions(low.version, floor) >= 0) {
    const [major, minor, patch] = low.version.split('.').map(Number);
    version = low.inclusive ? low.version : `${major}.${minor}.${patch + 1}`;
  }
  return contains(interval, version) ? version : undefined;
}
