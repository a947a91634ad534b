import { FieldValue, FieldValues, literalOf, valueAt, Warning } from './field-value';
import { Violation, got } from './messages';
import { RuleReport, RuleRow, checkRuleRows, reached } from './rule-row';
import { FieldTable, envVarsOf, isAvailable } from './schema';
import { DefinitionError } from '../errors/errors';
import { ParsedTarget, ToolName } from '../target/target';

/** Which offline check of the tool refuses what an error rule refuses, or why none can. */
export type OfflineCheck =
  /**
   * `validate` refuses it: in both tools, or in one (`how`: the schema's check that does; `besides`:
   * what the other tool does instead).
   */
  | { readonly validate: 'both tools' | ToolName; readonly how?: string; readonly besides?: string }
  /** No offline check refuses it, and why (validate accepts it; the tool checks it when init reaches the cloud). */
  | { readonly none: string };

/** The offline check as docs/FIELDS.md words it. */
export function offlineText(check: OfflineCheck): string {
  if ('none' in check) return `no offline check: ${check.none}`;
  const tools = check.validate === 'both tools' ? 'validate refuses it (both tools)' : `${check.validate} validate refuses it${check.how ? ` (${check.how})` : ''}`;
  return check.besides ? `${tools}; ${check.besides}` : tools;
}

/**
 * A store rule, as in cdk-nag's packs: a stable id, a severity, the check, and the tool behaviour
 * it mirrors. Error only where the target tool refuses the config whatever the environment;
 * warning where the run's env vars or files decide.
 */
export interface Rule<V extends string = string, I extends string = string> extends RuleRow<V, I> {
  /** Fields the rule reads (spec names; `block.member`), checked against the table at load. */
  readonly fields: readonly string[];
  /** What the rule enforces. */
  readonly description: string;
  /**
   * Error rules: which offline check of the tool refuses the same config, or why none can.
   * test/judges/tool-refusals.test.ts holds it to what the judges did; docs/FIELDS.md prints it.
   */
  readonly offline?: OfflineCheck;
  /**
   * What the tool (or its SDK) says when an offline `init` refuses the config before any request
   * (test/judges/init-judge.test.ts holds the rule to it): dummy credentials, no network.
   */
  readonly init?: string;
  /**
   * The run-time judge that backs the rule: the scenario of test/runtime/ (named in
   * RUNTIME_SCENARIOS of test/support/runtime-stacks.ts) in which the real tools, on a storage
   * emulator, do what the rule says. test/runtime/scenarios.test.ts holds every named scenario to
   * the suite.
   */
  readonly runtime?: string;
  /**
   * Error rules that neither `validate` nor a run-time judge backs: why no emulator can show the
   * tool failing (docs/FIELDS.md prints it in its "judged by" column).
   */
  readonly sourceOnly?: string;
  /** The check (a method, so that a row typed by its releases' names is a `Rule`). */
  check(c: RuleContext<V>): void;
}

/**
 * A rule row written out (the builders of rule-builders.ts make the common ones), typed by its id
 * and the names of its releases: in `rule({ id, versions: { newSdk: ... }, check: (c) =>
 * c.reached('newSdk') })` a release the row does not declare does not compile, and the id stays
 * literal for the catalog's `RuleId`.
 */
export function rule<V extends string, const I extends string>(row: Rule<V, I>): Rule<V, I> {
  return row;
}

/**
 * How a rule sees the config it checks: a store's config (the default), or a key provider's or
 * method's props in the encryption block, whose fields' spellings start with the call that made it
 * and whose strings are templates.
 */
export interface ConfigView {
  /** What every field's spelling starts with (`EncryptionKeyProvider.pbkdf2("main").`); '' for a store's config. */
  readonly prefix: string;
  /** Strings are templates: a literal reads as the tool evaluates it (`$${` as `${`), and one that interpolates is no literal. */
  readonly templates: boolean;
  /** A remote state's config: the tool only reads the state with it (no lock, no write). */
  readonly remoteState?: boolean;
}

const STORE_CONFIG: ConfigView = { prefix: '', templates: false };

/** A store's config, as a backend block or as a remote state's config. */
export const storeConfigView = (remoteState: boolean): ConfigView => (remoteState ? { ...STORE_CONFIG, remoteState } : STORE_CONFIG);

/** A store rule's view of one config. Only literal values are checked; references skip value checks. */
export class RuleContext<V extends string = string> extends RuleReport<Rule<V>> {
  constructor(
    private readonly table: FieldTable,
    private readonly values: FieldValues,
    target: ParsedTarget,
    errors: Violation[],
    warnings: Warning[],
    private readonly view: ConfigView = STORE_CONFIG,
  ) {
    super(target, errors, warnings);
  }

  protected apply(row: Rule<V>): void {
    row.check(this);
  }

  /** The field (spec name, dotted for block members) is set, literally or as an expression. */
  public has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  /**
   * The field is set to something other than the literal `""`, which a tool reads as unset where
   * a field's default is `""` (an expression or a value left to init counts as set).
   */
  public nonEmpty(name: string): boolean {
    return this.has(name) && this.literal(name) !== '';
  }

  /** The config is a remote state's: the tool reads the state with it, and never locks or writes it. */
  public get remoteState(): boolean {
    return this.view.remoteState === true;
  }

  /** The value when set literally; `undefined` when unset or an expression. */
  public literal(name: string): unknown {
    return literalOf(this.lookup(name), this.view.templates);
  }

  /** How the user spelled the field within the config (the spec name when unset). */
  public spelling(name: string): string {
    return this.lookup(name)?.spelling.slice(this.view.prefix.length) ?? name;
  }

  /** The target accepts the field. */
  public available(name: string): boolean {
    const spec = this.table.spec(name);
    return spec !== undefined && isAvailable(spec, this.target);
  }

  /** The target has reached release `name` of the rule's `versions` (the only versions a check compares with). */
  public reached(name: V): boolean {
    return reached(this.running(), name, this.target);
  }

  /** The env vars the target tool reads for the field, in its order. */
  public envOf(name: string): string[] {
    const spec = this.table.spec(name);
    return spec ? envVarsOf(spec, this.target.tool, this.target.version) : [];
  }

  /** `got <value>`, redacted when the field is secret. */
  public got(name: string): string {
    return got(this.lookup(name)?.value, !!this.table.spec(name)?.secret);
  }

  /** Reports a refusal against a field (error rules only). */
  public error(name: string, message: string): void {
    this.refuse(this.view.prefix + this.spelling(name), message);
  }

  /** Reports a warning (warning rules only). */
  public warn(message: string): void {
    this.caution(message);
  }

  private lookup(name: string): FieldValue | undefined {
    return valueAt(this.values, name);
  }
}

/** Fails at load when a rule names a field its table does not have, or two rules share an id. */
export function checkRuleTable(backend: string, table: FieldTable, rules: readonly Rule[]): void {
  checkRuleRows(backend, rules);
  for (const row of rules) {
    if (row.severity === 'error' && !row.offline) throw new DefinitionError(`${backend}: error rule ${row.id} does not say which offline check of the tool refuses it, or why none can`);
    for (const name of row.fields) {
      if (!table.spec(name)) throw new DefinitionError(`${backend}: rule ${row.id} names ${name}, which is not a field of the table`);
    }
  }
}
