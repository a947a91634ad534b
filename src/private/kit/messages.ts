import { Token } from 'cdktf';

/**
 * Message text. Every message is lower-case, has no trailing period, and never contains the value
 * of a secret field: `showValue` prints `<redacted>` in its place.
 */

export const REDACTED = '<redacted>';
const MAX_SHOWN = 80;

/** One broken rule, reported against the field as the user spelled it. */
export interface Violation {
  /** The rule's id (`store/what`), shown at the end of the line so the user can look it up in docs/FIELDS.md. */
  readonly id: string;
  readonly field: string;
  readonly message: string;
}

/** How a received value is shown in a message. */
export function showValue(value: unknown, secret: boolean): string {
  if (secret && value !== undefined && value !== null && value !== '') return REDACTED;
  if (Token.isUnresolved(value)) return 'a token';
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return `a ${typeof value}`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    return Array.isArray(value) ? 'a list' : 'an object';
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}...` : text;
}

/** What a value is, without showing it. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Where `value` (a plain list or object, as addOverride takes it) refers back to an enclosing
 * value: the path from `path` to the reference that closes the cycle, or undefined for none.
 */
export function cycleIn(value: unknown, path: string, enclosing: ReadonlySet<unknown> = new Set()): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (enclosing.has(value)) return path;
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [`${path}[${i}]`, v]) : Object.entries(value).map(([k, v]) => [path ? `${path}.${k}` : k, v]);
  // (most overrides are empty: nothing to follow)
  if (entries.length === 0) return undefined;
  const inner = new Set(enclosing).add(value);
  for (const [at, v] of entries) {
    const found = cycleIn(v, at, inner);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `got <value>`, redacted when `secret`. */
export function got(value: unknown, secret: boolean): string {
  return `got ${showValue(value, secret)}`;
}

/** `- field: message` lines under a header naming the construct, then `note` (a line of advice) when given. */
export function formatViolations(what: string, path: string, violations: readonly Violation[], note?: string): string {
  const lines = violations.map((v) => `- ${v.field}: ${v.message} [${v.id}]`);
  return [`invalid ${what} at ${path || '<root>'}:`, ...lines, ...(note ? [note] : [])].join('\n');
}

/**
 * The note under an error checked against a target the app did not choose: what was assumed, and
 * how to name what its runs use (`cdktnRanges`: the assumption is cdktn's default `targetVersions`).
 */
export function unchosenTargetNote(assumed: string, key: string, cdktnRanges: boolean): string {
  const helper = 'StateBackendTarget (StateBackendTarget.terraform("1.11.4").applyTo(app))';
  return cdktnRanges
    ? `checked for ${assumed}, as the app declares none: if your runs use other tools or versions, declare them in targetVersions, ` +
        `or set one target with ${helper} or the context key ${key}`
    : `checked for ${assumed}, the default target: if your runs use an older terraform, or opentofu, set the target with ${helper} ` +
        `or the context key ${key}`;
}

export function quoteList(values: readonly string[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}
