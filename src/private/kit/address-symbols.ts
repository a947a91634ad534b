/*
 * Symbols inside the text of a state address (backend-text.ts, state-objects.ts): a value one run
 * names alike for every stack (a variable, an env var, `terraform.workspace` at init), or one
 * nothing names (unknown). A symbol carries what a user reads and what makes two of them one value.
 */

/** Opens and closes a symbol; `/` inside one is written as SLASH so path functions see one element. */
export const SYMBOL = '\u0003';
const IDENTITY = '\u0004';
const SLASH = '\u0005';

/** A symbol in text: what a user reads (`${var.env}`) and what makes two of them one value. */
export function symbol(display: string, identity: string): string {
  const safe = (s: string) => s.split(SYMBOL).join('').split('/').join(SLASH);
  return `${SYMBOL}${safe(display)}${IDENTITY}${safe(identity)}${SYMBOL}`;
}

/** Text holding a symbol. */
export function hasSymbol(text: string): boolean {
  return text.includes(SYMBOL);
}

/** Text as a user reads it: symbols by what they show. */
export function displayText(text: string): string {
  if (!text.includes(SYMBOL)) return text;
  return text.replace(/\u0003([^\u0003\u0004]*)\u0004[^\u0003]*\u0003/g, (_m, display: string) => display.split(SLASH).join('/'));
}

/** Text with each symbol replaced by its identity: two texts that read the same are one value in one run. */
export function identityText(text: string): string {
  if (!text.includes(SYMBOL)) return text;
  return text.replace(/\u0003[^\u0003\u0004]*\u0004([^\u0003]*)\u0003/g, (_m, identity: string) => `\u0003${identity}\u0003`);
}

/** The symbols in text, by identity, with what they show. */
export function symbolsIn(text: string): Array<{ readonly display: string; readonly identity: string; readonly whole: string }> {
  if (!text.includes(SYMBOL)) return [];
  return [...text.matchAll(/\u0003([^\u0003\u0004]*)\u0004([^\u0003]*)\u0003/g)].map((m) => ({
    display: m[1].split(SLASH).join('/'), identity: m[2].split(SLASH).join('/'), whole: m[0],
  }));
}

/** How the identity of a value nothing names starts. */
export const UNKNOWN = 'unknown#';
let unknowns = 0;
/** A value nothing names: a symbol equal to no other. */
export function unknownText(display: string): string {
  return symbol(display, `${UNKNOWN}${++unknowns}`);
}
