import { Token, Tokenization } from 'cdktf';
import { isKeyProviderObject, labelOf, specOf } from './encryption-brand';
import { FIELD_TYPES, requiredValue } from './field-types';
import { isFromInit } from './from-init';
import { isExpression, readTemplate } from './hcl';
import { Violation, got, showValue } from './messages';
import { BACKEND_EVALUATION, FieldSpec, FieldTable, Mode, availabilityProblem, evaluatesBackend, envVarsOf, holdsSecret, impliedReason, notYetProblem, spellingsOf } from './schema';
import { ParsedTarget } from './target';

/** A field the user set, after spellings were merged and the value type-checked. */
export interface FieldValue {
  readonly spec: FieldSpec;
  /** The user's spelling; dotted for members of a nested block (`assumeRole.roleArn`). */
  readonly spelling: string;
  readonly value: unknown;
  /** Holds an unresolved token or a `${...}` expression, so its value cannot be checked here. */
  readonly expression: boolean;
  /** `StateBackendValue.fromInit()`: left out of the block, the run gives it at init. */
  readonly fromInit?: boolean;
  /** Members of a nested block, by spec name. */
  readonly members?: FieldValues;
}

/** The fields set, by spec name, in table order. */
export type FieldValues = ReadonlyMap<string, FieldValue>;

/**
 * The literal value of `fv` as the tool reads it, or undefined when unset or an expression. Where
 * strings are templates (`templates`: a key provider's or method's props), `$${` and `%%{` read as
 * `${` and `%{`, and a string (or list entry) that interpolates is undefined.
 */
export function literalOf(fv: FieldValue | undefined, templates = false): unknown {
  if (!fv || fv.expression || fv.fromInit) return undefined;
  if (!templates) return fv.value;
  return Array.isArray(fv.value) ? fv.value.map(evaluated) : evaluated(fv.value);
}

/** A literal string as the tool reads it as a template; undefined when it interpolates. */
function evaluated(x: unknown): unknown {
  if (typeof x !== 'string') return x;
  const t = readTemplate(x);
  return t.interpolates ? undefined : t.text;
}

/** The value of field `name` (spec name, dotted for a member of a nested block or object). */
export function valueAt(values: FieldValues, name: string): FieldValue | undefined {
  const dot = name.indexOf('.');
  if (dot < 0) return values.get(name);
  return values.get(name.slice(0, dot))?.members?.get(name.slice(dot + 1));
}

/** A warning, with the id of the check that raised it (so it can be acknowledged). */
export interface Warning {
  readonly id: string;
  readonly message: string;
}

/** Keys of a remote state's config that are not backend fields. */
const REMOTE_STATE_KEYS = ['workspace', 'defaults'];

/**
 * What is read: a backend block (literals only), a remote state's config (references allowed;
 * strings are templates), or a key provider's or method's props in OpenTofu's encryption block
 * (references allowed anywhere; strings are templates, so `$${` is literal text).
 */
export type ReadMode = Mode | 'encryption';

/**
 * Reads one config against a field table, for one target and mode: merges spellings, checks types,
 * required fields, availability, tokens, deprecations and literal secrets. Keeps the errors and
 * warnings of that one check; the store rules (or the encryption rules) add theirs afterwards.
 */
export class ConfigReader {
  public readonly errors: Violation[] = [];
  public readonly warnings: Warning[] = [];
  /** The first OpenTofu release of the key provider or method being read (mode `encryption`). */
  private elementSince?: string;

  constructor(public readonly target: ParsedTarget, public readonly mode: ReadMode) {}

  /**
   * The props of a key provider or method (mode `encryption`), labelled with `prefix`. An argument
   * as old as its element (`since`) is left to the element's own check (encryption/availability)
   * where the target has not got the element at all.
   */
  public readElement(table: FieldTable, props: unknown, prefix: string, since: string): FieldValues {
    this.elementSince = since;
    if (props === undefined || props === null) props = {};
    if (typeof props !== 'object' || Array.isArray(props) || Tokenization.isResolvable(props)) {
      this.errors.push({ id: 'config/shape', field: prefix.replace(/\.$/, ''), message: `${got(props, false)}, expected an object with ${table.spellings.join(', ')}` });
      return new Map();
    }
    return this.readFields(table, props as Record<string, unknown>, prefix, []);
  }

  /** The fields of `props`; a remote state's config may also hold `workspace` and `defaults`. */
  public read(table: FieldTable, props: unknown): FieldValues {
    if (props === null || typeof props !== 'object' || Array.isArray(props)) {
      // Never echoed: a string or list here may well be the whole config, secrets included.
      this.errors.push({ id: 'config/shape', field: 'config', message: `got ${kindOf(props)}, expected an object with the backend's fields` });
      return new Map();
    }
    const record = props as Record<string, unknown>;
    const values = this.readFields(table, record, '', this.mode === 'remote-state' ? REMOTE_STATE_KEYS : []);
    if (this.mode === 'remote-state') this.readRemoteStateKeys(record);
    return values;
  }

  private readRemoteStateKeys({ workspace, defaults }: Record<string, unknown>): void {
    if (workspace !== undefined && typeof workspace !== 'string') {
      this.errors.push({ id: 'config/shape', field: 'workspace', message: `${got(workspace, false)}, expected a workspace name` });
    } else if (typeof workspace === 'string' && templateProblem(workspace)) {
      this.errors.push({ id: 'remote-state/template', field: 'workspace', message: `${got(workspace, false)}, ${templateProblem(workspace)}` });
    }
    const isMap = defaults !== null && typeof defaults === 'object' && !Array.isArray(defaults);
    if (defaults !== undefined && !isMap && !Tokenization.isResolvable(defaults)) {
      this.errors.push({ id: 'config/shape', field: 'defaults', message: `${got(defaults, false)}, expected an object of default output values` });
    } else if (isMap && !Tokenization.isResolvable(defaults)) {
      for (const [name, value] of Object.entries(defaults as Record<string, unknown>)) {
        if (!OUTPUT_NAME.test(name)) {
          this.errors.push({ id: 'config/shape', field: `defaults.${name}`, message: 'is not an output name, expected letters, digits, underscores and dashes, starting with a letter or underscore' });
        } else {
          this.checkDefault(`defaults.${name}`, value);
        }
      }
    }
  }

  /** A default output value must be one both renderers (JSON and HCL) can write. */
  private checkDefault(path: string, value: unknown, seen: Set<unknown> = new Set()): void {
    if (typeof value === 'string' && templateProblem(value)) {
      this.errors.push({ id: 'remote-state/template', field: path, message: `${got(value, false)}, ${templateProblem(value)}` });
      return;
    }
    if (value === undefined || value === null || typeof value === 'string' || typeof value === 'boolean' || Token.isUnresolved(value)) return;
    if (seen.has(value)) {
      this.errors.push({ id: 'config/shape', field: path, message: 'refers back to an enclosing value, expected plain values (the output cannot hold a cycle)' });
      return;
    }
    if (typeof value === 'object') seen = new Set(seen).add(value);
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) this.errors.push({ id: 'config/shape', field: path, message: `got ${value}, expected a finite number` });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        if (v === null || v === undefined) this.errors.push({ id: 'config/shape', field: `${path}[${i}]`, message: `got ${showValue(v, false)}, expected a value (a list cannot hold null in the output)` });
        else this.checkDefault(`${path}[${i}]`, v, seen);
      });
      return;
    }
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [k, v] of Object.entries(value)) {
        if (templateProblem(k)) {
          this.errors.push({ id: 'remote-state/template', field: `${path}.${k}`, message: 'is a key with "%{" or an unclosed "${", expected a key the tool can read (it reads keys as templates there); write "%%{" or "$${" for a literal' });
        } else if (k === '' || k === 'for' || /["\\\u0000-\u001f]/.test(k)) {
          this.errors.push({ id: 'config/shape', field: `${path}.${k}`, message: 'is not a key the HCL output can write, expected a non-empty key other than "for", without quotes, backslashes or control characters' });
        } else {
          this.checkDefault(`${path}.${k}`, v, seen);
        }
      }
      return;
    }
    if (!Tokenization.isResolvable(value)) {
      this.errors.push({ id: 'config/shape', field: path, message: `got ${kindOf(value)}, expected a string, number, boolean, list or object` });
    }
  }

  private readFields(table: FieldTable, props: Record<string, unknown>, prefix: string, extraKeys: readonly string[]): FieldValues {
    // Walks the keys the user set, not the whole table: this runs for every construct.
    /** The spelling chosen for each field, by table position. */
    const chosen: Array<string | undefined> = new Array(table.fields.length);
    let conflicts: Map<number, string[]> | undefined;
    for (const key of Object.keys(props)) {
      const value = props[key];
      if (value === undefined || value === null) continue;
      const i = table.positionOf(key);
      if (i === undefined) {
        if (!extraKeys.includes(key)) {
          const known = table.spellings.length > 0 ? `one of ${table.spellings.join(', ')}` : 'no fields';
          this.errors.push({ id: 'field/unknown', field: prefix + key, message: `${got(value, true)} for an unknown field, expected ${known}` });
        }
        continue;
      }
      const first = chosen[i];
      if (first === undefined) chosen[i] = key;
      else if (!sameValue(value, props[first])) (conflicts ??= new Map()).set(i, [...(conflicts.get(i) ?? []), key]);
    }

    // In table order, so output and messages do not depend on the order the user wrote.
    const values = new Map<string, FieldValue>();
    // A plain loop: this walks the whole table for every construct.
    for (let i = 0; i < table.fields.length; i++) {
      const field = table.fields[i];
      const spelling = chosen[i];
      if (spelling === undefined) {
        if (!field.required) continue;
        // A tool that reads the field from env vars when it is unset decides at run time.
        const env = envVarsOf(field, this.target.tool, this.target.version);
        if (env.length > 0) {
          this.warn('field/required-from-env', `${prefix}${field.name} is not set, so the ${this.target.tool} run takes it from ${env.join(' or ')} in its environment; set it here if the run will not have it`);
        } else {
          this.fail('field/required', prefix + field.name, `got nothing, expected ${requiredValue(field)} (the field is required)`);
        }
        continue;
      }
      const others = conflicts?.get(i);
      if (others) {
        // Reported in table order of the spellings, whatever order the user wrote them in.
        const all = spellingsOf(field).filter((s) => s === spelling || others.includes(s));
        const shown = all.map((s) => showValue(props[s], !!field.secret)).join(' and ');
        this.fail('field/spelling-conflict', prefix + field.name, `${all.map((s) => prefix + s).join(' and ')} are spellings of one field and were set to different values (${shown}), expected one of them`);
        continue;
      }
      const fv = this.readValue(table, field, prefix + spelling, props[spelling]);
      if (fv) values.set(field.name, fv);
    }
    return values;
  }

  private readValue(table: FieldTable, field: FieldSpec, spelling: string, value: unknown): FieldValue | undefined {
    const secret = !!field.secret;
    const missing = this.checksAvailability(field) ? availabilityProblem(field, this.target) : undefined;
    if (missing) return this.unavailable(field, spelling, value, missing);

    if (isFromInit(value)) return this.fromInit(field, spelling, value);
    const templated = this.mode === 'backend' && evaluatesBackend(this.target);
    // A remote state's strings are templates; a backend's only where they hold a reference (a
    // literal one is escaped when it is emitted, emitFields).
    if (this.mode === 'remote-state' || (templated && holdsExpression(value))) {
      const problem = templateProblem(value, templated ? 'a backend block opentofu evaluates' : 'a remote state');
      if (problem) return this.fail(templated ? 'backend/template' : 'remote-state/template', spelling, `${got(value, secret)}, ${problem}`);
    }
    if (this.isExpression(field, value)) {
      if (this.mode === 'backend') return this.backendExpression(field, spelling, value);
      return { spec: field, spelling, value, expression: true };
    }

    const type = FIELD_TYPES[field.type];
    if (!type.accepts(value)) return this.fail('field/type', spelling, `${this.got(value, secret)}, expected ${type.expected(field)}`);
    if (field.required && this.mode === 'encryption' && (value === '' || (Array.isArray(value) && value.length === 0))) {
      // OpenTofu refuses a key provider or method whose required argument is empty when it builds it.
      return this.fail('field/required', spelling, `${got(value, secret)}, expected ${requiredValue(field)} (the field is required)`);
    }
    if (field.required && value === '') {
      if (field.emptyFailsAt) return this.fail('field/empty-refused', spelling, `got "", expected ${requiredValue(field)} (${field.emptyFailsAt})`);
      this.warn('field/empty', `${spelling} is "", which both tools' validate accept, but the ${this.target.tool} run needs ${requiredValue(field)} there`);
    }
    if (this.mode === 'backend' && ((field.type === 'stringList' && (value as unknown[]).some(isExpression)) || (field.type === 'policy' && holdsExpression(value)))) {
      return this.backendExpression(field, spelling, value);
    }

    const nested = field.type === 'block' || field.type === 'object';
    const members = nested ? this.readFields(table.block(field.name), value as Record<string, unknown>, `${spelling}.`, []) : undefined;

    const deprecation = field.deprecated?.[this.target.tool];
    if (deprecation) this.warn('field/deprecated', `${spelling} is deprecated: ${deprecation}`);
    // The encryption block has its own literal-secret rule (encryption/secret-literal), with OpenTofu's ways out.
    if (this.mode !== 'encryption' && typeof value === 'string' && holdsSecret(field, value)) {
      const env = envVarsOf(field, this.target.tool, this.target.version);
      this.warn(
        'field/literal-secret',
        `${spelling} is a secret set as a literal value, so it is written to cdk.tf.json in clear text; ` +
          (env.length > 0
            ? `leave it unset and provide ${env.join(' or ')} in the environment of the ${this.target.tool} run instead`
            : 'pass it at init time with -backend-config instead'),
      );
    }
    return { spec: field, spelling, value, expression: false, members };
  }

  /** Whether the target's availability of `field` is checked here (see `readElement`). */
  private checksAvailability(field: FieldSpec): boolean {
    const since = this.elementSince;
    return since === undefined || field.since.opentofu !== since || notYetProblem(since, this.target) === undefined;
  }

  /**
   * The tool evaluates the value: a token or a `${...}` expression. In the encryption block strings
   * are templates, so only a `${` that interpolates counts (`$${` is literal text).
   */
  private isExpression(field: FieldSpec, value: unknown): boolean {
    if (this.mode !== 'encryption') return isExpression(value);
    if (field.type === 'keyProvider') return false;
    return typeof value === 'string' ? readTemplate(value).interpolates : isExpression(value);
  }

  /** `got <value>`; a key provider object by the call that made it. */
  private got(value: unknown, secret: boolean): string {
    return isKeyProviderObject(value) ? `got ${labelOf(specOf(value)!)}` : got(value, secret);
  }

  /**
   * A reference (a token, a `${...}` expression) in a backend field: OpenTofu 1.8+ evaluates it at
   * init (only variables and locals of them: checked at synth, once tokens resolve), so its value
   * is not checked here and the user is told so; other targets read backend blocks literally.
   */
  private backendExpression(field: FieldSpec, spelling: string, value: unknown): FieldValue | undefined {
    const { tool, version } = this.target;
    const shown = Token.isUnresolved(value) ? 'a reference'
      : Array.isArray(value) ? 'a list holding a reference'
        : value !== null && typeof value === 'object' && !Tokenization.isResolvable(value) ? 'an object holding a reference'
          : `the expression ${showValue(value, !!field.secret)}`;
    if (!evaluatesBackend(this.target)) {
      const first = BACKEND_EVALUATION.opentofu;
      return this.fail(
        'field/literal-only',
        spelling,
        `got ${shown}, expected a literal value: ${tool === 'terraform' ? tool : `${tool} ${version}`} reads backend blocks literally (HCL refuses "Variables not allowed"); ` +
          `opentofu ${first} and later evaluates references there`,
      );
    }
    this.warn('field/evaluated-at-init', `${spelling} is ${shown}, which ${tool} evaluates when init configures the backend; the checks of its value are left to that run`);
    return { spec: field, spelling, value, expression: true };
  }

  /** `StateBackendValue.fromInit()`: a top-level backend field the run gives at init. */
  private fromInit(field: FieldSpec, spelling: string, value: unknown): FieldValue | undefined {
    if (this.mode !== 'backend') {
      return this.fail('field/from-init-misplaced', spelling, 'got StateBackendValue.fromInit(), but a remote state has no init to be given the value; set it here');
    }
    if (spelling.includes('.')) {
      return this.fail('field/from-init-misplaced', spelling, 'got StateBackendValue.fromInit() for a member of a block, expected it on a field of the backend itself (init sets whole fields)');
    }
    return { spec: field, spelling, value, expression: false, fromInit: true };
  }

  /**
   * A field the target lacks: refused, unless the target behaves as if it held the value given
   * (then it is left out with a warning).
   */
  private unavailable(field: FieldSpec, spelling: string, value: unknown, problem: string): undefined {
    const reason = impliedReason(field, this.target);
    const { tool, version } = this.target;
    const key = typeof field.key === 'string' ? field.key : spelling;
    if (reason === undefined) return this.fail('field/availability', spelling, `${this.got(value, !!field.secret)}, ${problem}`);
    if (isExpression(value)) return this.fail('field/availability', spelling, `got a token, but ${tool} ${version} has no ${key}; remove the field`);
    const type = FIELD_TYPES[field.type];
    if (!type.accepts(value)) return this.fail('field/type', spelling, `${got(value, !!field.secret)}, expected ${type.expected(field)}`);
    const { value: implied, otherwise } = field.impliedWhereAbsent!;
    if (value === implied) {
      this.warn('field/implied-value', `${spelling} is left out of the output: ${reason}, so ${showValue(implied, false)} is already the behaviour of ${tool} ${version}`);
      return undefined;
    }
    return this.fail('field/availability', spelling, `${got(value, !!field.secret)}, but ${reason}; ${tool} ${version} ${otherwise}, so remove the field or set it to ${showValue(implied, false)}`);
  }

  private fail(id: string, field: string, message: string): undefined {
    this.errors.push({ id, field, message });
    return undefined;
  }

  private warn(id: string, message: string): void {
    this.warnings.push({ id, message });
  }
}


/**
 * What the tool's template parser refuses in a string of a remote state (which it reads as an
 * expression): a `%{` directive or a `${` without its `}`, in the string or any list entry.
 */
function templateProblem(value: unknown, where = 'a remote state'): string | undefined {
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

/** An object or list holding a token or a `${...}` expression anywhere inside. */
function holdsExpression(value: unknown): boolean {
  if (isExpression(value)) return true;
  if (Array.isArray(value)) return value.some(holdsExpression);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsExpression);
  return false;
}

/** Terraform output names (the keys of a remote state's defaults). */
const OUTPUT_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** What a value is, without showing it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** What a required field must hold. */

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/** The warnings of a remote state made from a backend for another stack (raised in base.ts). */
export const SECRETS_LEFT_OUT = 'remote-state/secrets-left-out';
export const RUN_VALUES_LEFT_OUT = 'remote-state/run-values-left-out';

/** The checks every field table gets, by id (for docs/FIELDS.md); the rule tables add the rest. */
export const GENERIC_CHECKS: ReadonlyArray<{ readonly id: string; readonly severity: 'error' | 'warning'; readonly description: string }> = [
  { id: 'config/shape', severity: 'error', description: 'the config is an object (a remote state\'s `workspace` a string, its `defaults` an object)' },
  { id: 'field/unknown', severity: 'error', description: 'every key is a field of the table (both tools: "An argument named ... is not expected here")' },
  { id: 'field/spelling-conflict', severity: 'error', description: 'two spellings of one field hold the same value' },
  { id: 'field/required', severity: 'error', description: 'required fields the tool reads from no env var are set (both tools: "The argument ... is required")' },
  { id: 'field/required-from-env', severity: 'warning', description: 'a required field left unset that the tool reads from env vars: the run\'s environment decides (terraform validate refuses it only while they are unset)' },
  { id: 'field/empty-refused', severity: 'error', description: 'a required field is not "" where the run-time judges show init failing on it (both tools\' validate accept "")' },
  { id: 'field/empty', severity: 'warning', description: 'a required field given as "": both tools\' validate accept it, and no run-time judge has shown init failing on it, so the run decides' },
  { id: 'field/type', severity: 'error', description: 'the value has the field\'s type (both tools decode the block against the schema)' },
  { id: 'field/availability', severity: 'error', description: 'the target tool and version have the key (both tools: "An argument named ... is not expected here")' },
  { id: 'field/literal-only', severity: 'error', description: 'backend fields hold literals, not tokens or `${...}`, where the target reads backend blocks literally (terraform, opentofu before 1.8.0; HCL: "Variables not allowed")' },
  { id: 'field/evaluated-at-init', severity: 'warning', description: 'a backend field holds a reference that opentofu 1.8+ evaluates at init; its value is not checked here' },
  { id: 'backend/template', severity: 'error', description: 'backend strings hold no "%{" and no unclosed "${" where the target reads them as templates (opentofu 1.8+: "Invalid template control keyword")' },
  { id: 'field/from-init', severity: 'warning', description: 'backend fields given as StateBackendValue.fromInit() that no config file gives: the run must give them at init' },
  { id: 'backend/sensitive-value', severity: 'error', description: 'an evaluated backend block reads no sensitive (opentofu 1.8.3+) or ephemeral (1.11.0+) variable, even through locals ("Backend config contains sensitive values")' },
  { id: 'backend/changing-value', severity: 'warning', description: 'an evaluated backend block calls no function whose value changes on every run (timestamp(), uuid(), ...): each init would name another object' },
  { id: 'backend/static-context', severity: 'error', description: 'a reference in a backend block reads only variables and locals of them (opentofu 1.8+ evaluates the block before the run: "Dynamic value in static context")' },
  { id: 'field/from-init-misplaced', severity: 'error', description: 'StateBackendValue.fromInit() is given for a field of a backend block itself (a remote state has no init; init sets whole fields)' },
  { id: 'field/implied-value', severity: 'warning', description: 'a field the target no longer has is left out where its value is the target\'s fixed behaviour (`useGraphApi: true`)' },
  { id: 'field/deprecated', severity: 'warning', description: 'the field is deprecated by the target tool' },
  { id: 'field/literal-secret', severity: 'warning', description: 'a secret set as a literal lands in cdk.tf.json in clear text' },
  { id: 'remote-state/template', severity: 'error', description: 'remote-state strings (config, list entries, workspace, defaults and their keys) hold no "%{" and no unclosed "${" (both tools parse them as expressions: "Invalid template control keyword", "Unterminated template string")' },
  { id: RUN_VALUES_LEFT_OUT, severity: 'warning', description: 'a remote state made from a backend for another stack leaves out the fields the backend\'s own run gives (not the object\'s name); that stack\'s run must supply them' },
  { id: SECRETS_LEFT_OUT, severity: 'warning', description: 'a remote state made from a backend for another stack leaves out its secrets; that stack\'s run must supply them' },
];
