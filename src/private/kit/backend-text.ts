/*
 * What a string of a backend block names, for the address model (state-objects.ts). Terraform and
 * OpenTofu before 1.8 read a JSON string literally: `${var.env}` is those ten characters. OpenTofu
 * 1.8+ reads it as a template and evaluates it when init configures the backend
 * (configs/backend.go with the static evaluator): what the code names is folded (literals through
 * functions, `path.module` and `path.root`, which are "." in every synthesized stack), what one run
 * names alike for every stack stays a symbol (a variable, `terraform.workspace` at init), and the
 * rest is unknown. Both tools read strings as Unicode NFC (hcl's scanner and JSON parser).
 *
 * A symbol (address-symbols.ts) is kept inside the text, so the store's own path functions apply
 * to it: it stands for one path element that no literal spells (see README "One state object per stack").
 */

import { displayText, hasSymbol, identityText, symbol, symbolsIn } from './address-symbols';
import { FUNCTIONS, Unsupported, Value, str } from './template-functions';


/** What an evaluated template may read in its stack. */
export interface StackScope {
  /** The stack's path: `path.cwd` is each stack's own directory. */
  readonly stack: string;
  /** A variable the stack declares, with its default as a template reads it (none: the run must give it), or undefined. */
  variable(name: string): { readonly default?: string } | undefined;
  /** A local value's expression as the stack emits it, or undefined. */
  local(name: string): unknown;
}

/** How OpenTofu 1.8+ reads `source` in a backend block: the text it names, symbols included, or undefined. */
export function evaluatedText(source: string, scope: StackScope): string | undefined {
  try {
    const v = new Reader(source, scope, new Set()).template(undefined);
    return v.normalize('NFC');
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

/** How Terraform, and OpenTofu before 1.8, read a JSON string of a backend block. */
export function literalText(source: string): string {
  // (text of ASCII alone is its own normal form: most backend strings)
  return ASCII.test(source) ? source : source.normalize('NFC');
}

const ASCII = /^[\x00-\x7f]*$/;

/** The identity of a variable's symbol: the same name is one value in one run, whatever each stack's default. */
export function variableIdentity(name: string): string {
  return `var:${name}`;
}

/** Functions whose value differs on every run (each init would name another object). */
export const CHANGING_FUNCTIONS: readonly string[] = ['timestamp', 'plantimestamp', 'uuid', 'bcrypt'];

/** An argument as written: a lone symbol by its expression (`var.env`), other text quoted. */
function shownArgument(text: string): string {
  const only = symbolsIn(text);
  if (only.length === 1 && only[0].whole === text && /^\$\{.*\}$/.test(only[0].display)) return only[0].display.slice(2, -1);
  return JSON.stringify(displayText(text));
}

/** A recursive-descent reader of the part of HCL's template and expression syntax a backend string uses. */
class Reader {
  private i = 0;

  constructor(private readonly src: string, private readonly scope: StackScope, private readonly locals: Set<string>) {}

  /** A template up to `end` (a closing quote) or the end of the source. */
  public template(end: '"' | undefined): string {
    let out = '';
    while (this.i < this.src.length) {
      const c = this.src[this.i];
      if (end && c === end) return out;
      const three = this.src.slice(this.i, this.i + 3);
      if (three === '$${' || three === '%%{') {
        out += three.slice(1);
        this.i += 3;
      } else if (three.startsWith('${')) {
        this.i += 2;
        if (this.src[this.i] === '~') throw new Unsupported('a strip marker');
        const v = this.expression();
        this.expect('}');
        out += this.interpolate(v);
      } else if (three.startsWith('%{')) {
        this.directive();
      } else if (end && c === '\\') {
        out += this.escape();
      } else {
        out += c;
        this.i++;
      }
    }
    if (end) throw new Unsupported('an unterminated string');
    return out;
  }

  /** A directive (`%{ if }`, `%{ for }`): left to the run. */
  private directive(): never {
    throw new Unsupported('a template directive');
  }

  private interpolate(v: Value): string {
    if (v === null) throw new Unsupported('null interpolated');
    if ('list' in v) throw new Unsupported('a list interpolated');
    return 's' in v ? v.s : str(v);
  }

  private escape(): string {
    const next = this.src[this.i + 1];
    this.i += 2;
    const simple: Record<string, string> = { 'n': '\n', 'r': '\r', 't': '\t', '"': '"', '\\': '\\' };
    if (next in simple) return simple[next];
    if (next === 'u' || next === 'U') {
      const len = next === 'u' ? 4 : 8;
      const hex = this.src.slice(this.i, this.i + len);
      this.i += len;
      return String.fromCodePoint(parseInt(hex, 16));
    }
    throw new Unsupported('an escape');
  }

  private expression(): Value {
    const v = this.primary();
    this.space();
    if (this.src[this.i] !== '?') return v;
    this.i++;
    const yes = this.expression();
    this.expect(':');
    const no = this.expression();
    if (v === null || !('b' in v)) throw new Unsupported('a condition the code does not name');
    return v.b ? yes : no;
  }

  private primary(): Value {
    this.space();
    const rest = this.src.slice(this.i);
    if (rest.startsWith('"')) {
      this.i++;
      const s = this.template('"');
      this.i++;
      return { s };
    }
    if (rest.startsWith('(')) {
      this.i++;
      const v = this.expression();
      this.expect(')');
      return v;
    }
    if (rest.startsWith('[')) {
      this.i++;
      return { list: this.items(']') };
    }
    const num = /^\d+(\.\d+)?/.exec(rest);
    if (num) {
      this.i += num[0].length;
      return { n: Number(num[0]) };
    }
    const ident = /^[A-Za-z_][\w-]*/.exec(rest);
    if (!ident) throw new Unsupported('an expression');
    this.i += ident[0].length;
    const name = ident[0];
    if (name === 'true' || name === 'false') return { b: name === 'true' };
    if (name === 'null') return null;
    this.space();
    if (this.src[this.i] === '(') {
      this.i++;
      return this.call(name, this.items(')'));
    }
    return this.traversal(name);
  }

  private items(close: string): Value[] {
    const out: Value[] = [];
    this.space();
    while (this.src[this.i] !== close) {
      out.push(this.expression());
      this.space();
      if (this.src[this.i] === ',') this.i++;
      else if (this.src[this.i] !== close) throw new Unsupported('a list');
      this.space();
    }
    this.i++;
    return out;
  }

  private call(name: string, args: Value[]): Value {
    const fn = FUNCTIONS[name];
    if (!fn) throw new Unsupported(`${name}()`);
    try {
      return fn(args);
    } catch (e) {
      if (!(e instanceof Unsupported) || !args.some((a) => a !== null && 's' in a && hasSymbol(a.s))) throw e;
      // A function of what the run names: one value in one run, as a symbol of its own.
      const shown = args.map((a) => (a !== null && 's' in a ? shownArgument(a.s) : JSON.stringify(a))).join(', ');
      const identity = args.map((a) => (a !== null && 's' in a ? JSON.stringify(identityText(a.s)) : JSON.stringify(a))).join(',');
      // (with each variable's default: unset, the run gives each stack its own)
      const defaults = [...new Set([...identity.matchAll(/var:([A-Za-z_][\w-]*)/g)].map((m) => m[1]))]
        .map((v) => `,var.${v}=${JSON.stringify(this.scope.variable(v)?.default ?? null)}`).join('');
      return { s: symbol(`\${${name}(${shown})}`, `${name}(${identity})${defaults}`) };
    }
  }

  private traversal(root: string): Value {
    const steps: string[] = [];
    while (this.src[this.i] === '.') {
      this.i++;
      const m = /^[A-Za-z_][\w-]*/.exec(this.src.slice(this.i));
      if (!m) throw new Unsupported('a traversal');
      this.i += m[0].length;
      steps.push(m[0]);
    }
    if (this.src[this.i] === '[' || steps.length !== 1) throw new Unsupported('an index or a deep traversal');
    const [name] = steps;
    if (root === 'path' && (name === 'module' || name === 'root')) return { s: '.' };
    if (root === 'path' && name === 'cwd') return { s: symbol('${path.cwd}', `path.cwd@${this.scope.stack}`) };
    if (root === 'terraform' && name === 'workspace') return { s: symbol('${terraform.workspace}', 'terraform.workspace') };
    if (root === 'var') {
      if (this.scope.variable(name) === undefined) throw new Unsupported('an undeclared variable');
      // One value in one run: -var or TF_VAR_<name>, else the stack's default (state-objects.ts tries both).
      return { s: symbol(`\${var.${name}}`, variableIdentity(name)) };
    }
    if (root === 'local') return this.local(name);
    throw new Unsupported(`${root}.${name}`);
  }

  private local(name: string): Value {
    if (this.locals.has(name)) throw new Unsupported('a cycle of locals');
    const value = this.scope.local(name);
    const inner = new Set([...this.locals, name]);
    if (typeof value === 'string') return { s: new Reader(value, this.scope, inner).template(undefined) };
    if (typeof value === 'number') return { n: value };
    if (typeof value === 'boolean') return { b: value };
    throw new Unsupported('a local that is no string, number or bool');
  }

  private space(): void {
    while (/\s/.test(this.src[this.i] ?? '')) this.i++;
  }

  private expect(c: string): void {
    this.space();
    if (this.src[this.i] !== c) throw new Unsupported(`"${c}" expected`);
    this.i++;
  }
}
