import { hasSymbol } from './address-symbols';

/*
 * The functions OpenTofu's backend evaluation calls that backend-text.ts folds where their
 * arguments are literals (cty's stdlib), and the values they take and give.
 */

/** A value as OpenTofu's evaluation gives it; undefined where the code does not name it. */
export type Value = { readonly s: string } | { readonly n: number } | { readonly b: boolean } | { readonly list: Value[] } | null;

/** A part of a template the code does not name: the run decides it. */
export class Unsupported extends Error {}

const ASCII = /^[\x00-\x7f]*$/;

/** Functions folded where their arguments are known (cty's stdlib, as OpenTofu's backend evaluation calls it). */
export const FUNCTIONS: Record<string, (args: Value[]) => Value> = {
  lower: ([s]) => ({ s: str(s, true).toLowerCase() }),
  upper: ([s]) => ({ s: str(s, true).toUpperCase() }),
  trimspace: ([s]) => ({ s: str(s, true).trim() }),
  trimprefix: ([s, p]) => ({ s: str(s).startsWith(str(p)) ? str(s).slice(str(p).length) : str(s) }),
  trimsuffix: ([s, p]) => ({ s: str(p) !== '' && str(s).endsWith(str(p)) ? str(s).slice(0, -str(p).length) : str(s) }),
  trim: ([s, cut]) => {
    const set = new Set([...str(cut)]);
    const chars = [...str(s)];
    while (chars.length > 0 && set.has(chars[0])) chars.shift();
    while (chars.length > 0 && set.has(chars[chars.length - 1])) chars.pop();
    return { s: chars.join('') };
  },
  replace: ([s, sub, repl]) => {
    const pattern = str(sub);
    if (pattern.length > 1 && pattern.startsWith('/') && pattern.endsWith('/')) throw new Unsupported('a regular expression');
    return { s: str(s).split(pattern).join(str(repl)) };
  },
  join: ([sep, list]) => {
    if (list === null || !('list' in list)) throw new Unsupported('join of a non-list');
    return { s: list.list.map((v) => str(v)).join(str(sep)) };
  },
  format: ([f, ...rest]) => {
    let i = 0;
    const text = str(f).replace(/%(%|s)/g, (_m, c: string) => (c === '%' ? '%' : str(rest[i++])));
    if (/%[^%]/.test(str(f).replace(/%[%s]/g, ''))) throw new Unsupported('a format verb other than %s');
    return { s: text };
  },
  nonsensitive: ([v]) => v,
  tostring: ([v]) => ({ s: str(v) }),
  coalesce: (args) => args.find((v) => v !== null && !(('s' in v) && v.s === '')) ?? null,
};

/** A value as a string, as a template interpolates it; `asciiOnly` where Go and JavaScript may differ beyond ASCII. */
export function str(v: Value, asciiOnly = false): string {
  if (v === null || v === undefined) throw new Unsupported('null');
  if ('s' in v) {
    if (hasSymbol(v.s) || (asciiOnly && !ASCII.test(v.s))) throw new Unsupported('a symbol');
    return v.s;
  }
  if ('n' in v) return String(v.n);
  if ('b' in v) return String(v.b);
  throw new Unsupported('a list');
}

