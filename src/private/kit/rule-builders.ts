import { decodeBase64 } from './key-text';
import { quoteList } from './messages';
import { Rule, RuleContext } from './rule-context';
import { RuleScope, RuleVersions } from './rule-row';

/*
 * Rule builders: each returns one row of a store's rule table (or, through encryption/rule-kit.ts,
 * of the encryption block's), so that the checks every table needs are written once.
 */

/** What a builder is given besides the fields: the row's id, evidence and judges, and where it applies. */
export interface RuleHead<V extends string = string, I extends string = string> extends Pick<Rule, 'evidence' | 'offline' | 'init' | 'runtime' | 'sourceOnly'> {
  /** The row's id, kept literal so that the catalog types every id (framework/rule-catalog.ts `RuleId`). */
  readonly id: I;
  readonly versions?: RuleVersions<V>;
  readonly appliesTo?: RuleScope<NoInfer<V>>;
}

/** A whole number within `[min, max]` (error). */
export function inRange<V extends string, const I extends string>(
  head: RuleHead<V, I>,
  name: string,
  min: number,
  max: number,
  unit: string,
): Rule<V, I> {
  return {
    ...head,
    severity: 'error',
    fields: [name],
    description: `${name} must be ${min} to ${max} ${unit}`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'number' && (v < min || v > max)) c.error(name, `${c.got(name)}, expected ${min} to ${max} ${unit}`);
    },
  };
}

/** A whole number of at least `min` (error). */
export function atLeast<V extends string, const I extends string>(head: RuleHead<V, I>, name: string, min: number, unit: string): Rule<V, I> {
  return {
    ...head,
    severity: 'error',
    fields: [name],
    description: `${name} must be at least ${min} ${unit}`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'number' && v < min) c.error(name, `${c.got(name)}, expected ${min} ${unit} or more`);
    },
  };
}

/** One of a fixed list of strings (error); with `allowEmpty`, `""` too (the tool takes it as unset), though the message does not list it. */
export function oneOf<V extends string, const I extends string>(
  head: RuleHead<V, I>,
  name: string,
  allowed: readonly string[],
  allowEmpty = false,
): Rule<V, I> {
  return {
    ...head,
    severity: 'error',
    fields: [name],
    description: `${name} must be one of ${quoteList(allowed)}`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'string' && !(allowEmpty && v === '') && !allowed.includes(v)) c.error(name, `${c.got(name)}, expected one of ${quoteList(allowed)}`);
    },
  };
}

/** Matches a pattern; `expected` says what a valid value looks like (error). */
export function matches<V extends string, const I extends string>(head: RuleHead<V, I>, name: string, pattern: RegExp, expected: string): Rule<V, I> {
  return {
    ...head,
    severity: 'error',
    fields: [name],
    description: `${name} must be ${expected}`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'string' && !pattern.test(v)) c.error(name, `${c.got(name)}, expected ${expected}`);
    },
  };
}

/**
 * At most one of the fields may be set (error: the tool rejects them together). Reported against
 * the first one set; the message names them within their block, which that field already names.
 */
export function mutuallyExclusive<V extends string, const I extends string>(head: RuleHead<V, I>, names: readonly string[]): Rule<V, I> {
  return {
    ...head,
    severity: 'error',
    fields: names,
    description: `${names.join(' and ')} are mutually exclusive`,
    check: (c) => {
      const set = names.filter((n) => c.has(n));
      if (set.length > 1) {
        const spelled = set.map((n) => c.spelling(n)).map((s) => s.slice(s.lastIndexOf('.') + 1));
        c.error(set[0], `set together with ${spelled.slice(1).join(', ')}, expected only one of ${spelled.join(', ')}`);
      }
    },
  };
}

/**
 * Warns when both fields are set: the tool accepts it, but uses only one of them, or fails unless
 * they agree; `outcome` says which, given how the user spelled them.
 */
export function bothSet<V extends string, const I extends string>(
  head: RuleHead<V, I>,
  names: readonly [string, string],
  description: string,
  outcome: (c: RuleContext<V>, first: string, second: string) => string,
): Rule<V, I> {
  return {
    ...head,
    severity: 'warning',
    fields: names,
    description,
    check: (c) => {
      if (!c.has(names[0]) || !c.has(names[1])) return;
      const [first, second] = names.map((n) => c.spelling(n));
      c.warn(`${first} and ${second} are both set; ${outcome(c, first, second)}`);
    },
  };
}

/**
 * Warns when `name` is unset although `when` (one of them) is set to something other than `""`
 * (which the tools read as unset), or always when `when` is empty: the run must then supply it
 * from the environment (the field's env vars), or `outcome` happens.
 */
export function neededFromEnv<V extends string, const I extends string>(
  head: RuleHead<V, I>,
  name: string,
  outcome: string,
  when: readonly string[] = [],
): Rule<V, I> {
  return {
    ...head,
    severity: 'warning',
    fields: [name, ...when],
    description: `${when.length > 0 ? `with ${when.join(' or ')} but ` : ''}without ${name} the run needs its env vars (or ${outcome})`,
    check: (c) => {
      if (c.has(name)) return;
      const set = when.filter((n) => c.nonEmpty(n));
      if (when.length > 0 && set.length === 0) return;
      const cause = when.length > 0 ? `${set.map((n) => c.spelling(n)).join(' or ')} is set but ${name} is not` : `${name} is unset`;
      c.warn(`${cause}; the ${c.target.tool} run must provide ${c.envOf(name).join(' or ')} in its environment, or ${outcome}`);
    },
  };
}

/**
 * Warns when `name` is set without any of `partners`: the tool reads a missing partner from its
 * env vars, so only the run can tell whether it is there; without it, `outcome` happens.
 */
export function partnerFromEnv<V extends string, const I extends string>(
  head: RuleHead<V, I>,
  name: string,
  partners: readonly string[],
  outcome: string,
): Rule<V, I> {
  return {
    ...head,
    severity: 'warning',
    fields: [name, ...partners],
    description: `${name} without ${partners.join(' or ')}: the run must provide the partner's env vars`,
    check: (c) => {
      if (!c.has(name) || partners.some((p) => c.has(p))) return;
      const env = partners.flatMap((p) => c.envOf(p));
      c.warn(
        `${c.spelling(name)} is set without ${partners.map((p) => c.spelling(p)).join(' or ')}; ` +
          `the ${c.target.tool} run must provide ${env.join(' or ')} in its environment, or ${outcome}`,
      );
    },
  };
}

/** Standard base64 (padded) that decodes to `bytes` bytes (error). */
export function base64Key<V extends string, const I extends string>(head: RuleHead<V, I>, name: string, bytes: number): Rule<V, I> {
  return {
    ...head,
    severity: 'error',
    fields: [name],
    description: `${name} must be standard base64 (padded) that decodes to ${bytes} bytes`,
    check: (c) => checkBase64Key(c, name, bytes),
  };
}

/** Base64 text that decodes to exactly `bytes` bytes. */
export function checkBase64Key<V extends string>(c: RuleContext<V>, name: string, bytes: number): void {
  const v = c.literal(name);
  if (typeof v !== 'string' || v === '') return;
  const decoded = decodeBase64(v);
  if (decoded === undefined) {
    c.error(name, `${c.got(name)}, expected standard base64 text (A-Z, a-z, 0-9, + and /, padded with =) that decodes to ${bytes} bytes`);
  } else if (decoded !== bytes) {
    c.error(name, `${c.got(name)} (decodes to ${decoded} bytes), expected base64 text that decodes to exactly ${bytes} bytes`);
  }
}
