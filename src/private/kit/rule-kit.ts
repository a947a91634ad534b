import { Violation, got, quoteList } from './messages';
import { FieldValue, FieldValues, Warning, literalOf, valueAt } from './reader';
import { FieldTable, Mode, envVarsOf, isAvailable } from './schema';
import { ParsedTarget } from '../target/target';

/** What every rule row has, a store's or the encryption block's (checked at load by `checkRuleRows`). */
export interface RuleRow {
  /** `<table>/what`, e.g. `azurerm/oidc-request-pair`; warnings can be acknowledged by it. */
  readonly id: string;
  readonly severity: 'error' | 'warning';
  /** The tool behaviour it mirrors (source file and function, or message) and the versions. */
  readonly evidence: string;
  /** Only for these targets (all when unset). */
  readonly appliesTo?: (target: ParsedTarget) => boolean;
}

/**
 * Where rules run and report: one rule at a time, each only at its own severity, into the check's
 * `Violation`s and `Warning`s. The view differs by table: a store rule sees one config
 * (`RuleContext`), an encryption rule the whole encryption block (encryption/rule-kit.ts).
 */
export abstract class RuleReport<R extends RuleRow> {
  private current?: R;

  constructor(public readonly target: ParsedTarget, public readonly errors: Violation[], public readonly warnings: Warning[]) {}

  /** Runs `rules` that apply to the target, in table order. */
  public run(rules: readonly R[]): void {
    for (const rule of rules) {
      if (rule.appliesTo && !rule.appliesTo(this.target)) continue;
      this.current = rule;
      this.apply(rule);
      if (this.stopAfter(rule)) break;
    }
    this.current = undefined;
  }

  /** Runs one rule's check against this view. */
  protected abstract apply(rule: R): void;

  /** Whether the rules after `rule` would only add noise (it refused the whole config). */
  protected stopAfter(_rule: R): boolean {
    return false;
  }

  /** Reports a refusal against `field` as the user spelled it (error rules only). */
  protected refuse(field: string, message: string): void {
    const rule = this.running();
    if (rule.severity !== 'error') throw new Error(`rule ${rule.id} is a warning rule and cannot report errors`);
    this.errors.push({ id: rule.id, field, message });
  }

  /** Reports a warning (warning rules only). */
  protected caution(message: string): void {
    const rule = this.running();
    if (rule.severity !== 'warning') throw new Error(`rule ${rule.id} is an error rule and cannot report warnings`);
    this.warnings.push({ id: rule.id, message });
  }

  private running(): R {
    if (!this.current) throw new Error('a rule reported outside its check');
    return this.current;
  }
}

/**
 * A store rule, as in cdk-nag's packs: a stable id, a severity, the check, and the tool behaviour
 * it mirrors. Error only where the target tool refuses the config whatever the environment;
 * warning where the run's env vars or files decide.
 */
export interface Rule extends RuleRow {
  /** Fields the rule reads (spec names; `block.member`), checked against the table at load. */
  readonly fields: readonly string[];
  /** What the rule enforces. */
  readonly description: string;
  /**
   * Error rules: which offline check of the tool refuses the same config (`validate refuses it`),
   * or why none can (`no offline check: ...`). test/tool-refusals.test.ts holds the two to it.
   */
  readonly offline?: string;
  /**
   * What the tool (or its SDK) says when an offline `init` refuses the config before any request
   * (test/init-judge.test.ts holds the rule to it): dummy credentials, no network.
   */
  readonly init?: string;
  /**
   * The run-time judge that backs the rule: the scenario of test/runtime/ (named in
   * test/support/runtime-scenarios.ts) in which the real tools, on a storage emulator, do what the
   * rule says. test/runtime/scenarios.test.ts holds every named scenario to the suite.
   */
  readonly runtime?: string;
  /**
   * Error rules that neither `validate` nor a run-time judge backs: why no emulator can show the
   * tool failing (docs/FIELDS.md prints it in its "judged by" column).
   */
  readonly sourceOnly?: string;
  readonly check: (c: RuleContext) => void;
}

/** A store rule's view of one config. Only literal values are checked; references skip value checks. */
export class RuleContext extends RuleReport<Rule> {
  constructor(
    private readonly table: FieldTable,
    private readonly values: FieldValues,
    target: ParsedTarget,
    public readonly mode: Mode,
    errors: Violation[],
    warnings: Warning[],
  ) {
    super(target, errors, warnings);
  }

  protected apply(rule: Rule): void {
    rule.check(this);
  }

  /** The field (spec name, dotted for block members) is set, literally or as an expression. */
  public has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  /** The value when set literally; `undefined` when unset or an expression. */
  public literal(name: string): unknown {
    return literalOf(this.lookup(name));
  }

  /** How the user spelled the field (the spec name when unset). */
  public spelling(name: string): string {
    return this.lookup(name)?.spelling ?? name;
  }

  /** The target accepts the field. */
  public available(name: string): boolean {
    const spec = this.table.spec(name);
    return spec !== undefined && isAvailable(spec, this.target);
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
    this.refuse(this.spelling(name), message);
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
  for (const rule of rules) {
    if (rule.severity === 'error' && !rule.offline) throw new Error(`${backend}: error rule ${rule.id} does not say which offline check of the tool refuses it, or why none can`);
    for (const name of rule.fields) {
      if (!table.spec(name)) throw new Error(`${backend}: rule ${rule.id} names ${name}, which is not a field of the table`);
    }
  }
}

/**
 * What every rule table (a store's, the encryption block's) is checked for when it is defined:
 * ids unique and under `<prefix>/` (lower case, digits and hyphens), a severity, and evidence;
 * with `versioned`, evidence that names a release (`1.12.6`; the stores' evidence is read from
 * the releases rules.ts names unless it names one). A bad row stops the module from loading.
 */
export function checkRuleRows(
  prefix: string,
  rules: ReadonlyArray<{ readonly id: string; readonly severity: string; readonly evidence: string }>,
  versioned = false,
): void {
  const ids = new Set<string>();
  const form = new RegExp(`^${prefix}/[a-z0-9-]+$`);
  for (const rule of rules) {
    if (ids.has(rule.id)) throw new Error(`${prefix}: two rules have the id ${rule.id}`);
    ids.add(rule.id);
    if (!form.test(rule.id)) throw new Error(`${prefix}: rule id ${rule.id} must start with "${prefix}/" and hold lower-case letters, digits and hyphens`);
    if (rule.severity !== 'error' && rule.severity !== 'warning') throw new Error(`${prefix}: rule ${rule.id} has severity ${rule.severity}, expected error or warning`);
    if (!rule.evidence?.trim()) throw new Error(`${prefix}: rule ${rule.id} gives no evidence`);
    if (versioned && !/\d+\.\d+\.\d+/.test(rule.evidence)) throw new Error(`${prefix}: rule ${rule.id} gives no evidence naming a release of the tool`);
  }
}

// ---------------------------------------------------------------------------------------------
// Rule builders: each returns one row of a store's rule table.
// ---------------------------------------------------------------------------------------------

type RuleHead = Pick<Rule, 'id' | 'evidence' | 'offline' | 'init' | 'runtime' | 'sourceOnly' | 'appliesTo'>;

/** A whole number within `[min, max]` (error). */
export function inRange(head: RuleHead, name: string, min: number, max: number, unit: string): Rule {
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
export function atLeast(head: RuleHead, name: string, min: number, unit: string): Rule {
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

/** One of a fixed list of strings (error). */
export function oneOf(head: RuleHead, name: string, allowed: readonly string[]): Rule {
  return {
    ...head,
    severity: 'error',
    fields: [name],
    description: `${name} must be one of ${quoteList(allowed)}`,
    check: (c) => {
      const v = c.literal(name);
      if (typeof v === 'string' && !allowed.includes(v)) c.error(name, `${c.got(name)}, expected one of ${quoteList(allowed)}`);
    },
  };
}

/** Matches a pattern; `expected` says what a valid value looks like (error). */
export function matches(head: RuleHead, name: string, pattern: RegExp, expected: string): Rule {
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

/** At most one of the fields may be set (error: the tool rejects them together). */
export function mutuallyExclusive(head: RuleHead, names: readonly string[]): Rule {
  return {
    ...head,
    severity: 'error',
    fields: names,
    description: `${names.join(' and ')} are mutually exclusive`,
    check: (c) => {
      const set = names.filter((n) => c.has(n));
      if (set.length > 1) {
        const spelled = set.map((n) => c.spelling(n));
        c.error(set[0], `set together with ${spelled.slice(1).join(', ')}, expected only one of ${spelled.join(', ')}`);
      }
    },
  };
}

/**
 * Warns when `name` is unset although `when` (one of them) is set, or always when `when` is empty:
 * the run must then supply it from the environment (the field's env vars), or `outcome` happens.
 */
export function neededFromEnv(head: RuleHead, name: string, outcome: string, when: readonly string[] = []): Rule {
  return {
    ...head,
    severity: 'warning',
    fields: [name, ...when],
    description: `${when.length > 0 ? `with ${when.join(' or ')} but ` : ''}without ${name} the run needs its env vars (or ${outcome})`,
    check: (c) => {
      if (c.has(name)) return;
      if (when.length > 0 && !when.some((n) => c.has(n))) return;
      const cause = when.length > 0 ? `${when.map((n) => c.spelling(n)).join(' or ')} is set but ${name} is not` : `${name} is unset`;
      c.warn(`${cause}; the ${c.target.tool} run must provide ${c.envOf(name).join(' or ')} in its environment, or ${outcome}`);
    },
  };
}

/**
 * Warns when `name` is set without any of `partners`: the tool reads a missing partner from its
 * env vars, so only the run can tell whether it is there; without it, `outcome` happens.
 */
export function partnerFromEnv(head: RuleHead, name: string, partners: readonly string[], outcome: string): Rule {
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
export function base64Key(head: RuleHead, name: string, bytes: number): Rule {
  return {
    ...head,
    severity: 'error',
    fields: [name],
    description: `${name} must be standard base64 (padded) that decodes to ${bytes} bytes`,
    check: (c) => checkBase64Key(c, name, bytes),
  };
}

/** Base64 text that decodes to exactly `bytes` bytes. */
export function checkBase64Key(c: RuleContext, name: string, bytes: number): void {
  const v = c.literal(name);
  if (typeof v !== 'string' || v === '') return;
  const decoded = decodeBase64(v);
  if (decoded === undefined) {
    c.error(name, `${c.got(name)}, expected standard base64 text (A-Z, a-z, 0-9, + and /, padded with =) that decodes to ${bytes} bytes`);
  } else if (decoded !== bytes) {
    c.error(name, `${c.got(name)} (decodes to ${decoded} bytes), expected base64 text that decodes to exactly ${bytes} bytes`);
  }
}

/**
 * Number of bytes `text` decodes to, exactly as Go's `base64.StdEncoding.DecodeString` decodes it
 * (standard alphabet, `=` padding required, `\r` and `\n` skipped), or undefined where Go fails.
 */
export function decodeBase64(text: string): number | undefined {
  const s = text.replace(/[\r\n]/g, '');
  if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) return undefined;
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return (s.length / 4) * 3 - padding;
}

/**
 * A value the tool would read as a file path rather than as the key itself (both tools read a value
 * naming an existing file, else decode the value). A 32-byte key is a key; a value that starts like
 * a path (`/`, `~`, `./`, `../`, `C:\`) or names a file with an extension is a path; otherwise key
 * text is never taken for a path, so it is checked as a key: text with whitespace, and base64 as
 * long as a 16-byte key or longer, padded or not, `/` or no `/`. Short relative names
 * (`keys/state`, `secrets/gcskey00`) stay paths: a false refusal costs more than a missed check.
 */
export function looksLikePath(v: string): boolean {
  if (decodeBase64(v) === 32) return false;
  if (/^(~|\.{0,2}\/|[A-Za-z]:\\)/.test(v) || /\.[A-Za-z0-9]+$/.test(v)) return true;
  if (/\s/.test(v) || (decodeBase64(v) ?? 0) >= 16 || /^[A-Za-z0-9+/]{22,}$/.test(v)) return false;
  return /[\\/]/.test(v);
}
