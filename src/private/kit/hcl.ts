import { IResolveContext, Lazy, Token, Tokenization } from 'cdktf';
import { Mode } from './schema';

/**
 * Values prepared for cdktf's HCL renderer (`cdktf/lib/hcl/render`).
 *
 * The renderer guesses how to print untyped values: a string that starts with `{`, `[` or `"` is
 * printed raw, other strings are quoted without escaping backslashes, and any string containing
 * `${` is wrapped in quotes as an expression. So every string we hand it is already an HCL quoted
 * string (which it prints raw), and nested blocks are marked `isBlock`.
 *
 * Per mode, matching how the tool reads the JSON twin of the same output:
 * - `backend`: the tool reads JSON strings there literally, so `${` and `%{` are escaped and the
 *   HCL means the same string.
 * - `remote-state` (config, workspace, defaults): the tool evaluates strings as templates in both
 *   syntaxes, so `${...}` expressions (tokens included) stay expressions.
 */

/** A nested block for the renderer: printed as `name { ... }`. */
export function hclBlock(attributes: Record<string, unknown>): unknown {
  return { value: attributes, isBlock: true };
}

/** Converts a JSON-ready value into what the renderer prints faithfully. */
export function toHclValue(value: unknown, mode: Mode): unknown {
  if (typeof value === 'string') {
    // A token's text is known only when cdktf resolves it (a Lazy, say): escape it then, exactly as
    // a literal given through props. References resolve to `${...}` and stay expressions.
    if (mode === 'remote-state' && Token.isUnresolved(value)) {
      return Lazy.stringValue({ produce: (context: IResolveContext) => hclString(String(context.resolve(value)), mode) });
    }
    return hclString(value, mode);
  }
  if (Array.isArray(value)) {
    return Token.isUnresolved(value) ? value : value.map((v) => toHclValue(v, mode));
  }
  if (value !== null && typeof value === 'object') {
    // A Lazy (or other resolvable) holding a structure: typed once cdktf resolves it.
    if (Tokenization.isResolvable(value)) {
      return mode === 'remote-state' ? Lazy.anyValue({ produce: (context: IResolveContext) => toHclValue(context.resolve(value), mode) }) : value;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // The renderer has no spelling for null inside an object; Terraform treats a null entry
      // like an absent one for every argument we emit, so it is left out (JSON output keeps it).
      if (v === undefined || v === null) continue;
      out[k] = toHclValue(v, mode);
    }
    return out;
  }
  return value;
}

/**
 * An HCL string literal for `s`.
 *
 * The renderer wraps every string containing `${` in quotes itself; for those the body is
 * returned without quotes. Every other string gets its quotes here, so the renderer prints it
 * as is. In `remote-state` mode, `${...}` sequences (unresolved cdktf tokens included, whose markers
 * have that shape) are kept verbatim and only the text around them is escaped.
 */
export function hclString(s: string, mode: Mode): string {
  const parts = mode === 'remote-state' ? splitExpressions(s) : [{ text: s, expression: false }];
  const body = parts.map((p) => (p.expression ? p.text : escapeLiteral(p.text, mode))).join('');
  return body.includes('${') ? body : `"${body}"`;
}

/**
 * Splits a template string into literal text and `${...}` / `%{...}` sequences. A sequence runs to
 * its matching closing brace; braces inside quoted strings within it do not count.
 */
function splitExpressions(s: string): Array<{ text: string; expression: boolean }> {
  const out: Array<{ text: string; expression: boolean }> = [];
  let literal = '';
  let i = 0;
  while (i < s.length) {
    const two = s.slice(i, i + 2);
    const escaped = s.slice(i, i + 3) === '$${' || s.slice(i, i + 3) === '%%{';
    if (escaped) {
      literal += s.slice(i, i + 3);
      i += 3;
      continue;
    }
    if (two === '${' || two === '%{') {
      const end = matchingBrace(s, i + 1);
      if (end > 0) {
        if (literal) out.push({ text: literal, expression: false });
        literal = '';
        out.push({ text: s.slice(i, end + 1), expression: true });
        i = end + 1;
        continue;
      }
    }
    literal += s[i];
    i++;
  }
  if (literal) out.push({ text: literal, expression: false });
  return out;
}

function matchingBrace(s: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

function escapeLiteral(s: string, mode: Mode): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const code = c.charCodeAt(0);
    const next = s[i + 1];
    if (c === '\\') out += '\\\\';
    else if (c === '"') out += '\\"';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`;
    // `\u0024{` rather than `$${`: the renderer treats any string containing `${` as an expression.
    else if (c === '$' && next === '{' && mode === 'backend') out += '\\u0024';
    else if (c === '%' && next === '{' && mode === 'backend') out += '%%';
    else out += c;
  }
  return out;
}

/** A string as the tools read it where they evaluate templates (remote states, the encryption block). */
export interface TemplateReading {
  /** The text after evaluation (`$${` and `%%{` unescaped); interpolations are kept as written. */
  readonly text: string;
  /** Holds at least one `${...}` interpolation (a cdktf token included). */
  readonly interpolates: boolean;
  /** What the template parser refuses: a directive (`%{`) or a `${` without its closing brace. */
  readonly problem?: 'directive' | 'unclosed';
}

/** Reads `s` as a template: what it evaluates to, whether it interpolates, what the parser refuses. */
export function readTemplate(s: string): TemplateReading {
  // Most strings hold neither sequence: they read as themselves (this runs for every string read).
  if (!s.includes('${') && !s.includes('%{')) return { text: s, interpolates: false };
  let text = '';
  let interpolates = false;
  let problem: TemplateReading['problem'];
  const directives: string[] = [];
  let i = 0;
  while (i < s.length) {
    const three = s.slice(i, i + 3);
    if (three === '$${' || three === '%%{') {
      text += three.slice(1);
      i += 3;
    } else if (three.startsWith('${')) {
      const end = matchingBrace(s, i + 1);
      if (end < 0) {
        problem ??= 'unclosed';
        text += s.slice(i);
        break;
      }
      interpolates = true;
      // A string literal inside the interpolation is a template of its own ("${lower("%{x")}").
      problem ??= quotedTemplatesIn(s.slice(i + 2, end)).map((q) => readTemplate(q).problem).find((p) => p !== undefined);
      text += s.slice(i, end + 1);
      i = end + 1;
    } else if (three.startsWith('%{')) {
      // A directive the template parser takes (`%{ if x }`, `%{~ for a in b ~}`, their else and
      // ends, nested in order) is dynamic text; any other `%{` is refused ("Invalid template
      // control keyword", "Unexpected endif directive", "Unterminated template string").
      const end = matchingBrace(s, i + 1);
      const keyword = end < 0 ? undefined : /^~?\s*(if|else|endif|for|endfor)\b/.exec(s.slice(i + 2, end))?.[1];
      if (keyword === undefined || !nests(directives, keyword)) {
        problem ??= 'directive';
        text += s[i];
        i++;
      } else {
        interpolates = true;
        text += s.slice(i, end + 1);
        i = end + 1;
      }
    } else {
      text += s[i];
      i++;
    }
  }
  if (directives.length > 0) problem ??= 'directive';
  return { text, interpolates, problem };
}

/** The text of each quoted string in an expression, its escapes read (`\"`, `\\`). */
function quotedTemplatesIn(expression: string): string[] {
  return [...expression.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

/** Keeps `open` (the if/for directives not yet ended) in order: false where `keyword` cannot come. */
function nests(open: string[], keyword: string): boolean {
  const top = open[open.length - 1];
  if (keyword === 'if' || keyword === 'for') open.push(keyword);
  else if (keyword === 'else') return top === 'if';
  else if (keyword === (top === 'if' ? 'endif' : 'endfor') && top !== undefined) open.pop();
  else return false;
  return true;
}

/** An unresolved cdktf token, or a string holding a `${...}` expression. */
export function isExpression(value: unknown): boolean {
  // Every cdktf string token is a `${TfToken[...]}` marker, so for strings (the common case) the
  // substring test decides alone; Token.isUnresolved scans with several patterns.
  if (typeof value === 'string') return value.includes('${');
  return Token.isUnresolved(value) || Tokenization.isResolvable(value);
}

/**
 * A value that is or holds (in a list or an object) an expression; a token is not walked into,
 * nor a value that refers back to an enclosing one (a cycle, which the type checks refuse).
 */
export function holdsExpression(value: unknown, enclosing: ReadonlySet<unknown> = new Set()): boolean {
  if (isExpression(value)) return true;
  if (value === null || typeof value !== 'object' || enclosing.has(value)) return false;
  const inner = new Set(enclosing).add(value);
  return (Array.isArray(value) ? value : Object.values(value)).some((v) => holdsExpression(v, inner));
}

/**
 * What the tool's template parser refuses in a string of a remote state (which it reads as an
 * expression): a `%{` directive or a `${` without its `}`, in the string or any list entry.
 */
export function templateProblem(value: unknown, where = 'a remote state'): string | undefined {
  // Runs for every string of every remote state: no copies, and readTemplate returns at once for
  // a string without `${` or `%{`.
  const list = Array.isArray(value) ? value : [value];
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (typeof v !== 'string') continue;
    const problem = readTemplate(v).problem;
    if (problem === 'directive') return `expected no "%{" (the tool reads it as a template directive in ${where}); write "%%{" for a literal "%{"`;
    if (problem === 'unclosed') return `expected every "\${" closed by its "}" (the tool reads it as an interpolation in ${where}); write "$\${" for a literal "\${"`;
  }
  return undefined;
}
