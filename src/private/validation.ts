import { Token, Tokenization } from 'cdktf';
import { Violation, describe, got, quoteList } from './errors';
import { ALWAYS, FieldSpec, envVarsOf, holdsSecret, keyFor, spellingsOf } from './schema';
import { ParsedTarget, ToolName, compareVersions } from './target';

/** Backend blocks accept literals only; remote-state configs may hold references. */
export type Mode = 'backend' | 'remote-state';

/** A field the user set, after spellings were merged and the value type-checked. */
export interface FieldValue {
  readonly spec: FieldSpec;
  /** The user's spelling; dotted for members of a nested block (`assumeRole.roleArn`). */
  readonly spelling: string;
  readonly value: unknown;
  /** Holds an unresolved token or a `${...}` expression, so its value cannot be checked here. */
  readonly expression: boolean;
  /** Members of a nested block, by spec name. */
  readonly members?: ReadonlyMap<string, FieldValue>;
}

export type FieldValues = ReadonlyMap<string, FieldValue>;

/** What a rule sees: the fields set, the target, and where to report. */
export interface CheckContext {
  readonly target: ParsedTarget;
  readonly mode: Mode;
  /** The field (spec name, dotted for block members) is set, literally or as an expression. */
  has(name: string): boolean;
  /** The value when set literally; `undefined` when unset or an expression (checks skip those). */
  literal(name: string): unknown;
  /** How the user spelled the field (the spec name when unset). */
  spelling(name: string): string;
  /** The target accepts the field. */
  available(name: string): boolean;
  /** `got <value>`, redacted when the field is secret. */
  got(name: string): string;
  error(name: string, message: string): void;
  warn(message: string): void;
}

/**
 * A store rule. Rules are kept in a table per store (see each store's file) and every rule is
 * checked before anything is thrown, so one error lists every violation.
 */
export interface Rule {
  /** What the rule enforces, in the words of the spec or the tool. */
  readonly description: string;
  readonly check: (c: CheckContext) => void;
}

/** The result of checking one configuration. */
export interface CheckResult {
  readonly values: FieldValues;
  readonly errors: Violation[];
  readonly warnings: string[];
}

/** Keys of a remote state's config that are not backend fields. */
const REMOTE_STATE_KEYS = ['workspace', 'defaults'];

/**
 * Reads a config object against a field table: merges spellings, checks types, required fields,
 * availability for the target, tokens, deprecations and literal secrets, then runs the store rules.
 * A remote state's config may also hold `workspace` (a string) and `defaults` (an object).
 */
export function checkConfig(
  fields: readonly FieldSpec[],
  rules: readonly Rule[],
  props: unknown,
  target: ParsedTarget,
  mode: Mode,
): CheckResult {
  const errors: Violation[] = [];
  const warnings: string[] = [];
  const isObject = props !== null && typeof props === 'object' && !Array.isArray(props);
  const extraKeys = mode === 'remote-state' ? REMOTE_STATE_KEYS : [];
  const values = isObject
    ? readFields(fields, props as Record<string, unknown>, '', target, mode, extraKeys, errors, warnings)
    : new Map<string, FieldValue>();
  if (!isObject) {
    errors.push({ field: 'config', message: `${got(props, false)}, expected an object with the backend's fields` });
  } else if (mode === 'remote-state') {
    const { workspace, defaults } = props as Record<string, unknown>;
    if (workspace !== undefined && typeof workspace !== 'string') {
      errors.push({ field: 'workspace', message: `${got(workspace, false)}, expected a workspace name` });
    }
    const isMap = defaults !== null && typeof defaults === 'object' && !Array.isArray(defaults);
    if (defaults !== undefined && !isMap && !Tokenization.isResolvable(defaults)) {
      errors.push({ field: 'defaults', message: `${got(defaults, false)}, expected an object of default output values` });
    }
  }

  const ctx = contextFor(values, fields, target, mode, errors, warnings);
  for (const rule of rules) {
    rule.check(ctx);
  }
  return { values, errors, warnings };
}

function readFields(
  fields: readonly FieldSpec[],
  props: Record<string, unknown>,
  prefix: string,
  target: ParsedTarget,
  mode: Mode,
  extraKeys: readonly string[],
  errors: Violation[],
  warnings: string[],
): Map<string, FieldValue> {
  // Walks the keys the user set, not the whole table: this runs for every construct.
  const { fieldOf, known } = indexOf(fields);
  /** The spelling chosen for each field, by table position. */
  const chosen: Array<string | undefined> = new Array(fields.length);
  let conflicts: Map<number, string[]> | undefined;
  for (const key of Object.keys(props)) {
    const value = props[key];
    if (value === undefined || value === null) continue;
    const i = fieldOf.get(key);
    if (i === undefined) {
      if (!extraKeys.includes(key)) {
        errors.push({ field: prefix + key, message: `${got(value, true)} for an unknown field, expected one of ${[...known].join(', ')}` });
      }
      continue;
    }
    const first = chosen[i];
    if (first === undefined) chosen[i] = key;
    else if (!sameValue(value, props[first])) (conflicts ??= new Map()).set(i, [...(conflicts.get(i) ?? []), key]);
  }

  // In table order, so output and messages do not depend on the order the user wrote.
  const values = new Map<string, FieldValue>();
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    const spelling = chosen[i];
    if (spelling === undefined) {
      if (field.required) {
        errors.push({ field: prefix + field.name, message: `got nothing, expected ${expectedOf(field)} (the field is required)` });
      }
      continue;
    }
    const others = conflicts?.get(i);
    if (others) {
      // Reported in table order of the spellings, whatever order the user wrote them in.
      const all = spellingsOf(field).filter((s) => s === spelling || others.includes(s));
      const names = all.map((s) => prefix + s).join(' and ');
      const shown = all.map((s) => describe(props[s], !!field.secret)).join(' and ');
      errors.push({
        field: prefix + field.name,
        message: `${names} are spellings of one field and were set to different values (${shown}), expected one of them`,
      });
      continue;
    }
    const fv = readValue(field, prefix + spelling, props[spelling], target, mode, errors, warnings);
    if (fv) values.set(field.name, fv);
  }
  return values;
}

/** Per field table (the tables are module constants): which field each spelling names. */
interface TableIndex {
  readonly fieldOf: ReadonlyMap<string, number>;
  /** Every spelling, in table order. */
  readonly known: ReadonlySet<string>;
}

const TABLE_INDEX = new WeakMap<readonly FieldSpec[], TableIndex>();

function indexOf(fields: readonly FieldSpec[]): TableIndex {
  let index = TABLE_INDEX.get(fields);
  if (index === undefined) {
    const fieldOf = new Map<string, number>();
    fields.forEach((f, i) => spellingsOf(f).forEach((s) => fieldOf.set(s, i)));
    index = { fieldOf, known: new Set(fieldOf.keys()) };
    TABLE_INDEX.set(fields, index);
  }
  return index;
}

function readValue(
  field: FieldSpec,
  spelling: string,
  value: unknown,
  target: ParsedTarget,
  mode: Mode,
  errors: Violation[],
  warnings: string[],
): FieldValue | undefined {
  const secret = !!field.secret;
  const fail = (message: string) => {
    errors.push({ field: spelling, message });
    return undefined;
  };

  if (!field.customAvailability) {
    const missing = availabilityProblem(field, target);
    if (missing) return fail(`${got(value, secret)}, ${missing}`);
  }

  const expression = isExpression(value);
  if (expression) {
    if (mode === 'backend') {
      const shown = Token.isUnresolved(value) ? 'got a token' : `got the expression ${describe(value, secret)}`;
      return fail(`${shown}, expected a literal value (backend blocks cannot use references, variables or functions)`);
    }
    return { spec: field, spelling, value, expression: true };
  }

  const typeProblem = checkType(field, value);
  if (typeProblem) return fail(`${got(value, secret)}, expected ${typeProblem}`);

  if (field.required && value === '') return fail(`got "", expected ${expectedOf(field)} (the field is required)`);

  if (field.type === 'stringList' && mode === 'backend' && (value as unknown[]).some(isExpression)) {
    return fail('got a list holding a token, expected literal values (terraform backend blocks cannot use references)');
  }

  let members: Map<string, FieldValue> | undefined;
  if (field.type === 'block') {
    members = readFields(field.fields ?? [], value as Record<string, unknown>, `${spelling}.`, target, mode, [], errors, warnings);
  }

  const deprecation = field.deprecated?.[target.tool];
  if (deprecation) warnings.push(`${spelling} is deprecated: ${deprecation}`);

  if (typeof value === 'string' && holdsSecret(field, value)) {
    const env = envVarsOf(field, target.tool);
    warnings.push(
      `${spelling} is a secret set as a literal value, so it is written to cdk.tf.json in clear text; ` +
        (env.length > 0
          ? `leave it unset and provide ${env.join(' or ')} in the environment of the ${target.tool} run instead`
          : 'pass it at init time with -backend-config instead'),
    );
  }
  return { spec: field, spelling, value, expression: false, members };
}

/**
 * Why the target does not accept a field (`but ...`), or undefined when it does. Names the tool and
 * the first version that has the field.
 */
export function availabilityProblem(field: FieldSpec, target: ParsedTarget): string | undefined {
  const { tool, version } = target;
  const since = field.since[tool];
  const removed = field.removedIn?.[tool];
  const here = `${tool} ${version}`;
  if (since === undefined || keyFor(field, tool) === undefined) {
    const others = (Object.keys(field.since) as ToolName[]).filter((t) => t !== tool);
    const where = others.map((t) => `${t} ${field.since[t] === ALWAYS ? '(every release)' : `${field.since[t]} and later`}`).join(', ');
    return `but ${tool} has no such setting${where ? `; only ${where} has it` : ''}`;
  }
  if (compareVersions(version, since) < 0) {
    return `but ${here} does not have it yet; it is first available in ${tool} ${since}`;
  }
  if (removed !== undefined && compareVersions(version, removed) >= 0) {
    return `but ${here} no longer has it; ${tool} removed it in ${removed}`;
  }
  return undefined;
}

/** The tool accepts this field for this target. */
export function isAvailable(field: FieldSpec, target: ParsedTarget): boolean {
  return availabilityProblem(field, target) === undefined;
}

/** An unresolved cdktf token, or a string holding a `${...}` expression. */
export function isExpression(value: unknown): boolean {
  // Every cdktf string token is a `${TfToken[...]}` marker, so for strings (the common case) the
  // substring test decides alone; Token.isUnresolved scans with several patterns.
  if (typeof value === 'string') return value.includes('${');
  return Token.isUnresolved(value) || Tokenization.isResolvable(value);
}

/** What a required field must hold. */
function expectedOf(field: FieldSpec): string {
  return field.type === 'string' ? 'a non-empty string' : `a value (${checkType(field, undefined)})`;
}

function checkType(field: FieldSpec, value: unknown): string | undefined {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'a string';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'number':
      return typeof value === 'number' && Number.isSafeInteger(value) ? undefined : 'a whole number';
    case 'stringList':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : 'a list of strings';
    case 'block':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : `an object with ${(field.fields ?? []).map((f) => f.name).join(', ')}`;
    case 'policy':
      if (typeof value === 'string') return undefined;
      try {
        return value !== null && typeof value === 'object' && JSON.stringify(value) !== undefined ? undefined : 'a policy string or a JSON object';
      } catch {
        return 'a policy string or a JSON object';
      }
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

function contextFor(
  values: FieldValues,
  fields: readonly FieldSpec[],
  target: ParsedTarget,
  mode: Mode,
  errors: Violation[],
  warnings: string[],
): CheckContext {
  return new Context(values, fields, target, mode, errors, warnings);
}

/** The rules' view of one config (a class, so a check allocates no closures). */
class Context implements CheckContext {
  constructor(
    private readonly values: FieldValues,
    private readonly fields: readonly FieldSpec[],
    public readonly target: ParsedTarget,
    public readonly mode: Mode,
    private readonly errors: Violation[],
    private readonly warnings: string[],
  ) {}

  public has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  public literal(name: string): unknown {
    const fv = this.lookup(name);
    return fv && !fv.expression ? fv.value : undefined;
  }

  public spelling(name: string): string {
    return this.lookup(name)?.spelling ?? name;
  }

  public available(name: string): boolean {
    const spec = this.specOf(name);
    return spec !== undefined && isAvailable(spec, this.target);
  }

  public got(name: string): string {
    return got(this.lookup(name)?.value, !!this.specOf(name)?.secret);
  }

  public error(name: string, message: string): void {
    this.errors.push({ field: this.spelling(name), message });
  }

  public warn(message: string): void {
    this.warnings.push(message);
  }

  /** `name` is a spec name, or `block.member`. */
  private lookup(name: string): FieldValue | undefined {
    const dot = name.indexOf('.');
    if (dot < 0) return this.values.get(name);
    return this.values.get(name.slice(0, dot))?.members?.get(name.slice(dot + 1));
  }

  private specOf(name: string): FieldSpec | undefined {
    const dot = name.indexOf('.');
    const head = dot < 0 ? name : name.slice(0, dot);
    const spec = this.fields.find((f) => f.name === head);
    return dot < 0 ? spec : spec?.fields?.find((f) => f.name === name.slice(dot + 1));
  }
}

// ---------------------------------------------------------------------------------------------
// Rule builders. Each returns one row of a store's rule table.
// ---------------------------------------------------------------------------------------------

/** A whole number within `[min, max]`. */
export function inRange(name: string, min: number, max: number, unit: string, source: string): Rule {
  return {
    description: `${name} must be ${min}-${max} ${unit} (${source})`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'number' && (v < min || v > max)) {
        c.error(name, `${c.got(name)}, expected ${min} to ${max} ${unit}`);
      }
    },
  };
}

/** A whole number of at least `min`. */
export function atLeast(name: string, min: number, unit: string, source: string): Rule {
  return {
    description: `${name} must be at least ${min} ${unit} (${source})`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'number' && v < min) c.error(name, `${c.got(name)}, expected ${min} ${unit} or more`);
    },
  };
}

/** One of a fixed list of strings. */
export function oneOf(name: string, allowed: readonly string[], source: string): Rule {
  return {
    description: `${name} must be one of ${quoteList(allowed)} (${source})`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'string' && !allowed.includes(v)) c.error(name, `${c.got(name)}, expected one of ${quoteList(allowed)}`);
    },
  };
}

/** Matches a pattern; `expected` says what a valid value looks like. */
export function matches(name: string, pattern: RegExp, expected: string, source: string): Rule {
  return {
    description: `${name} must be ${expected} (${source})`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'string' && !pattern.test(v)) c.error(name, `${c.got(name)}, expected ${expected}`);
    },
  };
}

/** Base64 text that decodes to exactly `bytes` bytes. */
export function base64Key(name: string, bytes: number, source: string): Rule {
  return {
    description: `${name} must be base64 that decodes to ${bytes} bytes (${source})`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v !== 'string') return;
      const decoded = decodeBase64(v);
      if (decoded === undefined) {
        c.error(name, `${c.got(name)}, expected base64 text that decodes to ${bytes} bytes`);
      } else if (decoded !== bytes) {
        c.error(name, `${c.got(name)} (decodes to ${decoded} bytes), expected base64 text that decodes to exactly ${bytes} bytes`);
      }
    },
  };
}

/** Number of bytes `text` decodes to as standard or URL-safe base64, or undefined if it is not base64. */
export function decodeBase64(text: string): number | undefined {
  const s = text.trim();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(s) || s.length === 0) return undefined;
  const unpadded = s.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return undefined;
  if (s.includes('=') && s.length % 4 !== 0) return undefined;
  return Math.floor((unpadded.length * 3) / 4);
}

/** At most one of the fields may be set. */
export function mutuallyExclusive(names: readonly string[], source: string): Rule {
  return {
    description: `${names.join(' and ')} are mutually exclusive (${source})`,
    check: (c) => {
      const set = names.filter((n) => c.has(n));
      if (set.length > 1) {
        const spelled = set.map((n) => c.spelling(n));
        c.error(set[0], `set together with ${spelled.slice(1).join(', ')}, expected only one of ${spelled.join(', ')}`);
      }
    },
  };
}

/** Setting `name` requires one of `needs` (the first one when there is a single choice). */
export function requires(name: string, needs: readonly string[], source: string, when: (v: unknown) => boolean = () => true): Rule {
  return {
    description: `${name} needs ${needs.join(' or ')} (${source})`,
    check: (c) => {
      if (!c.has(name)) return;
      const v = c.literal(name);
      if (v !== undefined && !when(v)) return;
      if (!needs.some((n) => c.has(n))) {
        c.error(name, `set without ${needs.map((n) => c.spelling(n)).join(' or ')}, expected ${needs.length > 1 ? 'one of them' : 'it'} to be set as well`);
      }
    },
  };
}

/** Either both fields are set or neither is. */
export function together(a: string, b: string, source: string): Rule {
  return {
    description: `${a} and ${b} go together (${source})`,
    check: (c) => {
      if (c.has(a) && !c.has(b)) c.error(a, `set without ${c.spelling(b)}, expected both or neither`);
      if (c.has(b) && !c.has(a)) c.error(b, `set without ${c.spelling(a)}, expected both or neither`);
    },
  };
}

/**
 * Warns when `name` is unset and none of `unless` is set: the run must then supply it from the
 * environment, or the tool fails at init.
 */
export function neededFromEnv(name: string, env: string, why: string, unless: readonly string[] = [], when: readonly string[] = []): Rule {
  return {
    description: `warning: ${when.length > 0 ? `with ${when.join(' or ')} but ` : ''}without ${name} the run needs ${env} (or ${why})`,
    check: (c) => {
      if (c.has(name) || unless.some((n) => c.has(n))) return;
      if (when.length > 0 && !when.some((n) => c.has(n))) return;
      const cause = when.length > 0 ? `${when.map((n) => c.spelling(n)).join(' or ')} is set but ${name} is not` : `${name} is unset`;
      c.warn(`${cause}; the ${c.target.tool} run must provide ${env} in its environment, or ${why}`);
    },
  };
}

/** Only applies when the target matches; `label` names those targets in the description. */
export function forTarget(applies: (t: ParsedTarget) => boolean, rule: Rule, label: string): Rule {
  return {
    description: rule.description.includes(`(${label})`) ? rule.description : `${rule.description} [${label} only]`,
    check: (c) => {
      if (applies(c.target)) rule.check(c);
    },
  };
}
