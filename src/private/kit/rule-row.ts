import { Violation } from './messages';
import { Warning } from './reader';
import { ParsedTarget } from '../target/target';

/*
 * What every rule table shares (a store's, the encryption block's, the stack-wide checks'): the
 * row (id, severity, evidence), the report that runs rows at their own severity, and the check of
 * a table when it loads.
 */

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
