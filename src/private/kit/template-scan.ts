import { symbol, unknownText } from './address-symbols';
import { CHANGING_FUNCTIONS, StackScope } from './backend-text';

/*
 * What a template of a backend string reads, without evaluating it (backend-text.ts folds what it
 * can): the references and function calls inside its `${...}` and `%{...}` parts, and its text
 * with the whitespace of those parts dropped. OpenTofu 1.8+ evaluates a template the code cannot
 * fold (`${substr("network", 0, 3)}`, a directive, a strip marker) to one value in every stack of
 * one run, unless it reads what differs per stack or per run: the stack's directory (`path.cwd`,
 * `abspath`, file functions) or a function whose value changes on every call.
 */

/** What a template reads: references (`root.name`, or a bare name), the functions it calls, and its normalised text. */
export interface TemplateScan {
  readonly references: ReadonlySet<string>;
  readonly calls: ReadonlySet<string>;
  readonly normalised: string;
}

/**
 * Functions whose value depends on the directory init runs in, its files or the user running it
 * (OpenTofu lang/functions.go: abspath, pathexpand and the file functions of lang/funcs/filesystem.go,
 * which the static scope of a backend block runs with the working directory as base, configs/static_scope.go).
 */
export const DIRECTORY_FUNCTIONS: readonly string[] = [
  'abspath', 'pathexpand', 'file', 'fileexists', 'fileset', 'filebase64', 'filemd5', 'filesha1', 'filesha256', 'filesha512',
  'filebase64sha256', 'filebase64sha512', 'templatefile',
];

const WORD = /[A-Za-z0-9_]/;
/** Names of HCL's expression and template syntax, which read nothing (any other bare name is a reference the scan does not know). */
const KEYWORDS = ['true', 'false', 'null', 'for', 'in', 'if', 'else', 'endif', 'endfor'];

/** Scans `source` as a template; undefined where its `${` and `%{` parts do not close. */
export function scanTemplate(source: string): TemplateScan | undefined {
  const references = new Set<string>();
  const calls = new Set<string>();
  let out = '';
  let i = 0;
  // The template (literal text), up to `end` (a closing quote) or the end of the source.
  const template = (end: '"' | undefined): boolean => {
    while (i < source.length) {
      const c = source[i];
      if (end !== undefined && c === end) return true;
      const two = source.slice(i, i + 3);
      if (two === '$${' || two === '%%{') {
        out += two;
        i += 3;
      } else if ((c === '$' || c === '%') && source[i + 1] === '{') {
        out += `${c}{`;
        i += 2;
        if (!expression()) return false;
      } else if (end !== undefined && c === '\\') {
        out += source.slice(i, i + 2);
        i += 2;
      } else {
        out += c;
        i++;
      }
    }
    return end === undefined;
  };
  // An expression up to its closing `}`, nested brackets and strings included.
  const expression = (): boolean => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i];
      if (c === '"') {
        out += c;
        i++;
        if (!template('"')) return false;
        out += '"';
        i++;
      } else if (/\s/.test(c)) {
        while (/\s/.test(source[i] ?? '')) i++;
        if (WORD.test(out[out.length - 1] ?? '') && WORD.test(source[i] ?? '')) out += ' ';
      } else if (/[A-Za-z_]/.test(c)) {
        const m = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*/.exec(source.slice(i))![0];
        i += m.length;
        out += m;
        if (/^\s*\(/.test(source.slice(i))) calls.add(m);
        else if (!KEYWORDS.includes(m)) references.add(m.split('.').slice(0, 2).join('.'));
      } else {
        out += c;
        i++;
        if (c === '}' && depth === 0) return true;
        if ('([{'.includes(c)) depth++;
        else if (')]}'.includes(c)) depth--;
      }
    }
    return false;
  };
  return template(undefined) ? { references, calls, normalised: out } : undefined;
}

/** The template reads nothing that differs per stack or per run: no `path.cwd`, directory, file or changing function. */
function stableIn(scan: TemplateScan): boolean {
  return ![...scan.calls].some((f) => DIRECTORY_FUNCTIONS.includes(f) || CHANGING_FUNCTIONS.includes(f)) && !scan.references.has('path.cwd');
}

/**
 * The identity of a template the code cannot fold, as `scope`'s stack evaluates it: its normalised
 * text, each variable's default and each local's own identity; undefined where it reads what
 * differs per stack or per run, or a reference OpenTofu cannot evaluate before the run.
 */
function identityOf(source: string, scope: StackScope, seen: ReadonlySet<string>): string | undefined {
  const scan = scanTemplate(source);
  if (!scan || !stableIn(scan)) return undefined;
  const parts = [scan.normalised];
  for (const ref of [...scan.references].sort()) {
    const [root, name] = ref.split('.');
    if (root === 'var') {
      const variable = scope.variable(name);
      if (variable === undefined) return undefined;
      parts.push(`${ref}=${JSON.stringify(variable.default ?? null)}`);
    } else if (root === 'local') {
      const value = scope.local(name);
      const inner = typeof value === 'string' && !seen.has(name) ? identityOf(value, scope, new Set([...seen, name])) : undefined;
      if (inner === undefined && (typeof value === 'string' || value === undefined || typeof value === 'object')) return undefined;
      parts.push(`${ref}=${inner ?? JSON.stringify(value)}`);
    } else if (!(root === 'path' && (name === 'module' || name === 'root')) && ref !== 'terraform.workspace') {
      return undefined;
    }
  }
  return parts.join('\u0001');
}

/**
 * A template of a backend string the code cannot fold (OpenTofu 1.8+): a symbol that two stacks
 * share where they hold the same template reading the same values (one value in one run), else
 * a value equal to no other.
 */
export function opaqueText(source: string, scope: StackScope): string {
  const identity = identityOf(source.normalize('NFC'), scope, new Set());
  return identity === undefined ? unknownText(source) : symbol(source, `template:${identity}`);
}

/**
 * A template that gives the same text in every stack of one run (a remote state in another stack
 * evaluates it alike): it reads no variable, local, `path.cwd`, directory, file or changing function.
 */
export function portableTemplate(source: string): boolean {
  const scan = scanTemplate(source);
  return scan !== undefined && stableIn(scan) && [...scan.references].every((r) => r === 'terraform.workspace' || r === 'path.module' || r === 'path.root');
}
