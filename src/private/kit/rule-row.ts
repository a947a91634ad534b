import { Warning } from './field-value';
import { Violation } from './messages';
import { PerTool } from './schema';
import { DefinitionError } from '../errors/errors';
import { ParsedTarget, ToolName, compareVersions } from '../target/target';

/*
 * What every rule table shares (a store's, the encryption block's, the stack-wide checks'): the
 * row (id, severity, evidence), the report that runs rows at their own severity, and the check of
 * a table when it loads.
 */

/**
 * The releases where a rule's verdict changes, by name, per tool: `{ sdkChecksNames: { terraform:
 * '1.6.0', opentofu: '1.11.0' } }`. The only versions a rule compares with (in `appliesTo`, and in
 * its check through `RuleContext.reached`), and releases cdktn's `targetVersions` checks are made at.
 */
export type RuleVersions<V extends string = string> = { readonly [name in V]: PerTool<string> };

/** Where a rule runs: for `tools` only (both when unset), from release `from` on, before release `before` (names in its `versions`). */
export interface RuleScope<V extends string = string> {
  readonly tools?: readonly ToolName[];
  readonly from?: V;
  readonly before?: V;
}

/** What every rule row has, a store's or the encryption block's (checked at load by `checkRuleRows`). */
export interface RuleRow<V extends string = string, I extends string = string> {
  /** `<table>/what`, e.g. `azurerm/oidc-request-pair`; warnings can be acknowledged by it. */
  readonly id: I;
  readonly severity: 'error' | 'warning';
  /** The tool behaviour it mirrors (source file and function, or message) and the versions. */
  readonly evidence: string;
  /** The releases the rule's verdict changes at (see `RuleVersions`). */
  readonly versions?: RuleVersions<V>;
  /** Only for these targets (every target when unset). */
  readonly appliesTo?: RuleScope<NoInfer<V>>;
}

/** The target has reached release `name` of the rule's `versions`; a tool the release does not name never does. */
export function reached(rule: RuleRow, name: string, target: ParsedTarget): boolean {
  const versions: RuleVersions | undefined = rule.versions;
  if (!versions || !Object.prototype.hasOwnProperty.call(versions, name)) {
    throw new DefinitionError(`rule ${rule.id} compares with release ${name}, which its versions do not declare`);
  }
  const first = versions[name][target.tool];
  return first !== undefined && compareVersions(target.version, first) >= 0;
}

/** The rule runs for `target` (its `appliesTo`). */
export function appliesAt(rule: RuleRow, target: ParsedTarget): boolean {
  const scope = rule.appliesTo;
  if (!scope) return true;
  if (scope.tools && !scope.tools.includes(target.tool)) return false;
  if (scope.from !== undefined && !reached(rule, scope.from, target)) return false;
  return scope.before === undefined || !reached(rule, scope.before, target);
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
      if (!appliesAt(rule, this.target)) continue;
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
    if (rule.severity !== 'error') throw new DefinitionError(`rule ${rule.id} is a warning rule and cannot report errors`);
    this.errors.push({ id: rule.id, field, message });
  }

  /** Reports a warning (warning rules only). */
  protected caution(message: string): void {
    const rule = this.running();
    if (rule.severity !== 'warning') throw new DefinitionError(`rule ${rule.id} is an error rule and cannot report warnings`);
    this.warnings.push({ id: rule.id, message });
  }

  protected running(): R {
    if (!this.current) throw new DefinitionError('a rule reported outside its check');
    return this.current;
  }
}

/** A release as rules declare it. */
const RELEASE = /^\d+\.\d+\.\d+$/;

/**
 * What every rule table (a store's, the encryption block's, the stack-wide checks') is checked for
 * when it loads: ids unique and under `<prefix>/` (lower case, digits and hyphens), a severity,
 * evidence (with `evidenceNamesRelease`, evidence that names a release such as `1.7.0`), and every
 * release a row compares with declared in its `versions` as `x.y.z` for a known tool. A bad row
 * stops the module from loading.
 */
export function checkRuleRows(
  prefix: string,
  rules: ReadonlyArray<Pick<RuleRow, 'id' | 'evidence' | 'versions' | 'appliesTo'> & { readonly severity: string }>,
  evidenceNamesRelease = false,
): void {
  const ids = new Set<string>();
  const form = new RegExp(`^${prefix}/[a-z0-9-]+$`);
  for (const rule of rules) {
    if (ids.has(rule.id)) throw new DefinitionError(`${prefix}: two rules have the id ${rule.id}`);
    ids.add(rule.id);
    if (!form.test(rule.id)) throw new DefinitionError(`${prefix}: rule id ${rule.id} must start with "${prefix}/" and hold lower-case letters, digits and hyphens`);
    if (rule.severity !== 'error' && rule.severity !== 'warning') throw new DefinitionError(`${prefix}: rule ${rule.id} has severity ${rule.severity}, expected error or warning`);
    if (!rule.evidence?.trim()) throw new DefinitionError(`${prefix}: rule ${rule.id} gives no evidence`);
    if (evidenceNamesRelease && !/\d+\.\d+\.\d+/.test(rule.evidence)) throw new DefinitionError(`${prefix}: rule ${rule.id} gives no evidence naming a release of the tool`);
    checkVersions(prefix, rule);
  }
}

/** Every release of a row is `x.y.z` for a known tool, and every release its scope names is declared. */
function checkVersions(prefix: string, rule: Pick<RuleRow, 'id' | 'versions' | 'appliesTo'>): void {
  const versions: RuleVersions = rule.versions ?? {};
  for (const [name, perTool] of Object.entries(versions)) {
    for (const [tool, version] of Object.entries(perTool)) {
      if (tool !== 'terraform' && tool !== 'opentofu') throw new DefinitionError(`${prefix}: rule ${rule.id} declares release ${name} for ${tool}, expected terraform or opentofu`);
      if (!RELEASE.test(version ?? '')) throw new DefinitionError(`${prefix}: rule ${rule.id} declares release ${name} as ${tool} ${version}, expected x.y.z`);
    }
  }
  for (const bound of [rule.appliesTo?.from, rule.appliesTo?.before]) {
    if (bound !== undefined && !Object.prototype.hasOwnProperty.call(versions, bound)) {
      throw new DefinitionError(`${prefix}: rule ${rule.id} applies by release ${bound}, which its versions do not declare`);
    }
  }
}
