import { Token, Tokenization } from 'cdktf';
import { CheckId } from './field-checks';
import { FIELD_TYPES, requiredValue } from './field-types';
import { FieldValue, FieldValues, Warning } from './field-value';
import { fromInitCall, isFromInit, madeFromInit } from './from-init';
import { holdsExpression, isExpression, readTemplate, templateProblem } from './hcl';
import { Violation, got, kindOf, showValue } from './messages';
import { READINGS, ReadMode, Reading } from './reading';
import { referenceOf } from './references';
import { REMOTE_STATE_SETTINGS, remoteStateSettingsProblems } from './remote-state-settings';
import { BACKEND_EVALUATION, FieldSpec, FieldTable, availabilityProblem, evaluatesBackend, envVarsOf, holdsSecret, impliedReason, notYetProblem, spellingsOf } from './schema';
import { suggestField } from './suggest';
import { ParsedTarget } from '../target/target';

/**
 * Reads one config against a field table, for one target and mode: merges spellings, checks types,
 * required fields, availability, tokens, deprecations and literal secrets. Keeps the errors and
 * warnings of that one check; the store rules (or the encryption rules) add theirs afterwards.
 */
export class ConfigReader {
  public readonly errors: Violation[] = [];
  public readonly warnings: Warning[] = [];
  /** How this kind of config is read (kit/reading.ts). */
  private readonly reading: Reading;
  /** The first OpenTofu release of the key provider or method being read (`readElement`). */
  private elementSince?: string;

  constructor(public readonly target: ParsedTarget, public readonly mode: ReadMode) {
    this.reading = READINGS[mode];
  }

  /**
   * The props of a key provider or method (mode `encryption`), labelled with `prefix`. An argument
   * as old as its element (`since`) is left to the element's own check (encryption/availability)
   * where the target has not got the element at all.
   */
  public readElement(table: FieldTable, props: unknown, prefix: string, since: string): FieldValues {
    this.elementSince = since;
    if (props === undefined || props === null) props = {};
    if (typeof props !== 'object' || Array.isArray(props) || Tokenization.isResolvable(props)) {
      this.fail('config/shape', prefix.replace(/\.$/, ''), `${got(props, false)}, expected an object with ${table.spellings.join(', ')}`);
      return new Map();
    }
    return this.readFields(table, props as Record<string, unknown>, prefix, []);
  }

  /** The fields of `props`; a remote state's config may also hold `workspace` and `defaults`. */
  public read(table: FieldTable, props: unknown): FieldValues {
    if (props === null || typeof props !== 'object' || Array.isArray(props)) {
      // Never echoed: a string or list here may well be the whole config, secrets included.
      this.fail('config/shape', 'config', `got ${kindOf(props)}, expected an object with the backend's fields`);
      return new Map();
    }
    const record = props as Record<string, unknown>;
    const settings = this.reading.remoteStateSettings;
    const values = this.readFields(table, record, '', settings ? REMOTE_STATE_SETTINGS : []);
    if (settings) this.errors.push(...remoteStateSettingsProblems(record));
    return values;
  }

  /**
   * An unknown key: the field it likely meant, its value shown unless that field is a secret (a
   * key close to no field may be a misspelt secret, so its value is never shown).
   */
  private unknownField(table: FieldTable, prefix: string, key: string, value: unknown): void {
    const meant = suggestField(table, key, this.target.tool);
    if (meant) {
      this.fail('field/unknown', prefix + key, `${got(value, !!meant.field.secret)} for an unknown field, did you mean ${prefix}${meant.spelling}?`);
      return;
    }
    const known = table.spellings.length > 0 ? `one of ${table.spellings.join(', ')}` : 'no fields';
    this.fail('field/unknown', prefix + key, `${got(value, true)} for an unknown field, expected ${known}`);
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
        if (!extraKeys.includes(key)) this.unknownField(table, prefix, key, value);
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
          // A backend field the run gives at init is marked, not left out (a typo or a forgotten field must not pass).
          const atInit = this.reading.allowsFromInit && prefix === '' ? ', or StateBackendValue.fromInit() where init gives it (-backend-config)' : '';
          this.fail('field/required', prefix + field.name, `got nothing, expected ${requiredValue(field)}${atInit} (the field is required)`);
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
      const fv = this.readValue(table, field, prefix + spelling, props[spelling], prefix !== '');
      if (fv) values.set(field.name, fv);
    }
    return values;
  }

  /** One field's value; `member`: the field is a member of a block (or of an encryption element), not of the config itself. */
  private readValue(table: FieldTable, field: FieldSpec, spelling: string, value: unknown, member: boolean): FieldValue | undefined {
    const secret = !!field.secret;
    const missing = this.checksAvailability(field) ? availabilityProblem(field, this.target) : undefined;
    if (missing) return this.unavailable(field, spelling, value, missing);

    if (isFromInit(value)) return this.fromInit(field, spelling, value, member);
    if (madeFromInit(value)) {
      const wanted = field.type === 'number' ? 'StateBackendValue.fromInitNumber()' : 'StateBackendValue.fromInit()';
      return this.fail('field/from-init-misplaced', spelling, `got a value made from a StateBackendValue marker (converted with Token.asNumber or Token.asString, or inside a string), expected ${wanted} itself (init sets whole fields)`);
    }
    const { templates } = this.reading;
    const templated = templates === 'where-evaluated' && evaluatesBackend(this.target);
    // A remote state's strings are templates; a backend's only where they hold a reference (a
    // literal one is escaped when it is emitted, emitFields).
    if (templates === 'always' || (templated && holdsExpression(value))) {
      const problem = templateProblem(value, templated ? 'a backend block opentofu evaluates' : 'a remote state');
      if (problem) return this.fail(templated ? 'backend/template' : 'remote-state/template', spelling, `${got(value, secret)}, ${problem}`);
    }
    if (this.isExpression(field, value)) {
      if (this.reading.literalsOnly) return this.backendExpression(field, spelling, value);
      return { spec: field, spelling, value, expression: true };
    }

    const type = FIELD_TYPES[field.type];
    if (!type.accepts(value)) return this.fail('field/type', spelling, `${this.got(value, secret)}, expected ${type.expected(field)}`);
    if (field.required && this.reading.refusesEmptyRequired && (value === '' || (Array.isArray(value) && value.length === 0))) {
      // OpenTofu refuses a key provider or method whose required argument is empty when it builds it.
      return this.fail('field/required', spelling, `${got(value, secret)}, expected ${requiredValue(field)} (the field is required)`);
    }
    if (field.required && value === '') {
      if (field.emptyFailsAt) return this.fail('field/empty-refused', spelling, `got "", expected ${requiredValue(field)} (${field.emptyFailsAt})`);
      this.warn('field/empty', `${spelling} is "", which both tools' validate accept, but the ${this.target.tool} run needs ${requiredValue(field)} there`);
    }
    if (this.reading.literalsOnly && ((field.type === 'stringList' && (value as unknown[]).some(isExpression)) || (field.type === 'policy' && holdsExpression(value)))) {
      return this.backendExpression(field, spelling, value);
    }

    const nested = field.type === 'block' || field.type === 'object';
    const members = nested ? this.readFields(table.block(field.name), value as Record<string, unknown>, `${spelling}.`, []) : undefined;

    const deprecation = field.deprecated?.[this.target.tool];
    if (deprecation) this.warn('field/deprecated', `${spelling} is deprecated: ${deprecation}`);
    // (The encryption block has its own literal-secret rule, encryption/secret-literal, with OpenTofu's ways out.)
    if (this.reading.warnsLiteralSecrets && typeof value === 'string' && holdsSecret(field, value)) {
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
   * The tool evaluates the value: a token or a `${...}` expression. Where strings are templates
   * (`interpolationsOnly`), only a `${` that interpolates counts (`$${` is literal text).
   */
  private isExpression(field: FieldSpec, value: unknown): boolean {
    if (!this.reading.interpolationsOnly) return isExpression(value);
    if (field.type === 'keyProvider') return false;
    return typeof value === 'string' ? readTemplate(value).interpolates : isExpression(value);
  }

  /** `got <value>`; an object that refers to another block (a key provider) by the call that made it. */
  private got(value: unknown, secret: boolean): string {
    const reference = referenceOf(value);
    return reference ? `got ${reference.label()}` : got(value, secret);
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
  private fromInit(field: FieldSpec, spelling: string, value: unknown, member: boolean): FieldValue | undefined {
    if (!this.reading.allowsFromInit) {
      return this.fail('field/from-init-misplaced', spelling, `got ${fromInitCall(value)}, but a remote state has no init to be given the value; set it here`);
    }
    if (member) {
      return this.fail('field/from-init-misplaced', spelling, `got ${fromInitCall(value)} for a member of a block, expected it on a field of the backend itself (init sets whole fields)`);
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

  private fail(id: CheckId, field: string, message: string): undefined {
    this.errors.push({ id, field, message });
    return undefined;
  }

  private warn(id: CheckId, message: string): void {
    this.warnings.push({ id, message });
  }
}

/** Whether two spellings of one field hold the same value (equal, or equal as JSON; a cycle is a difference). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
