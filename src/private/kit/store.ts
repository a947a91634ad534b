import { FIELD_TYPES } from './field-types';
import { FieldValues, Warning } from './field-value';
import { Violation } from './messages';
import { ConfigReader } from './reader';
import { checkRuleTable, Rule, RuleContext, storeConfigView } from './rule-context';
import { FieldSpec, FieldTable, Mode, evaluatesBackend, keyFor } from './schema';
import { StateLayout } from './state-layout';
import { breakpointsOf } from './targets';
import { DefinitionError } from '../errors/errors';
import { ParsedTarget, ToolName } from '../target/target';

/**
 * A store as its file in stores/ declares it: the backend, the public names, the field table, the
 * rules and the state layout. Data only: the public classes are in src/*-backend.ts.
 */
export interface StoreDefinition<B extends string = string, I extends string = string> {
  /** Backend name as the tool knows it (`gcs`, `cos`, `oss`, `azurerm`). */
  readonly backend: B;
  /** The public classes and config struct (docs/FIELDS.md, the suites in other languages). */
  readonly names: { readonly backend: string; readonly remoteState: string; readonly config: string };
  readonly fields: readonly FieldSpec[];
  /** Its rules; their ids (`I`) stay literal, for the catalog's `RuleId`. */
  readonly rules: ReadonlyArray<Rule<string, I>>;
  /** Where the store keeps each workspace's state. */
  readonly layout: StateLayout;
  /** The storage emulator the run-time judges of test/runtime/ run the store on (docs/FIELDS.md "judged by"). */
  readonly emulator: string;
  /** Why the store's error rules that no run-time scenario backs are judged from the source alone. */
  readonly withoutEmulator?: string;
}

/** A store: its definition, with its field table indexed. */
export interface Store<B extends string = string, I extends string = string> extends StoreDefinition<B, I> {
  readonly table: FieldTable;
  /** Where its tables change anything (kit/targets.ts `breakpointsOf`): the versions cdktn's targetVersions checks are made at. */
  readonly breakpoints: readonly string[];
}

/** Indexes a store's field table and checks its rules and layout against it, once, when the module loads. */
export function defineStore<B extends string, I extends string>(definition: StoreDefinition<B, I>): Store<B, I> {
  const { backend, fields, rules, layout } = definition;
  const table = new FieldTable(fields);
  checkRuleTable(backend, table, rules);
  for (const key of [...layout.container, ...(layout.namespace ?? []), ...layout.object]) {
    if (!fields.some((f) => f.key === key)) throw new DefinitionError(`${backend}: the state layout reads ${key}, which is not a key of the table`);
  }
  return { ...definition, table, breakpoints: breakpointsOf(fields, rules) };
}

/** What checking one config against one target gives: the fields read, what they break, and the tool's attributes. */
export interface ConfigCheck {
  readonly values: FieldValues;
  readonly errors: readonly Violation[];
  readonly warnings: readonly Warning[];
  /** The tool's keys and values (empty when there are errors); a backend block the target evaluates holds templates. */
  readonly attributes: ToolAttributes;
}

/** Reads `props` against the store's fields, runs its rules, and emits the fields as the target's keys. */
export function checkConfig(store: Store, props: unknown, target: ParsedTarget, mode: Mode): ConfigCheck {
  const reader = new ConfigReader(target, mode);
  const values = reader.read(store.table, props);
  new RuleContext(store.table, values, target, reader.errors, reader.warnings, storeConfigView(mode === 'remote-state')).run(store.rules);
  const attributes = reader.errors.length > 0 ? {} : emitFields(values, target.tool, mode, mode === 'backend' && evaluatesBackend(target));
  return { values, errors: reader.errors, warnings: reader.warnings, attributes };
}

/**
 * The tool's keys and values for one construct, in field-table order. Computed once, when the
 * construct is created: the target and the values are fixed by then, and cdktf renders each
 * element several times per synth.
 */
export type ToolAttributes = Readonly<Record<string, unknown>>;

/** What checking a construct's config where it stands gives: the tool's attributes and the warnings to show. */
export interface ConstructCheck {
  readonly attributes: ToolAttributes;
  /** The fields as read (for the first target checked). */
  readonly values: FieldValues;
  readonly warnings: readonly Warning[];
}

/**
 * Checked values as the tool's keys; `values` holds only fields the target accepts. Fields left to
 * init are left out. With `templates` (a backend block the target evaluates, OpenTofu 1.8+), a
 * literal string is escaped so that it reads as itself: `${` as `$${`, `%{` as `%%{`.
 */
export function emitFields(values: FieldValues, tool: ToolName, mode: Mode, templates = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const fv of values.values()) {
    if (fv.fromInit) continue;
    const key = keyFor(fv.spec, tool)!;
    if (fv.expression) {
      out[key] = fv.value;
      continue;
    }
    const members = fv.members ? emitFields(fv.members, tool, mode, templates) : {};
    const value = FIELD_TYPES[fv.spec.type].emit(fv.value, mode, members);
    out[key] = templates && !fv.members ? asTemplateText(value) : value;
  }
  return out;
}

/** `value` with every string (in lists and a block's members too) escaped for a template that reads as the string itself. */
export function asTemplateText(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/([$%])\{/g, '$1$1{');
  if (Array.isArray(value)) return value.map(asTemplateText);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asTemplateText(v)]));
  }
  return value;
}

/**
 * What backs a rule, for the "judged by" column of docs/FIELDS.md: `validate` (which tool's),
 * `init/apply on <emulator>` (the run-time scenario), or `source only (why)`; a warning is not a
 * refusal to judge, but the run that shows its outcome is named when there is one.
 */
export function judgedBy(store: StoreDefinition, rule: Rule): string {
  if (rule.severity === 'warning') return rule.runtime ? `— (a warning; its outcome shown by init/apply on ${store.emulator}, \`${rule.runtime}\`)` : '— (a warning)';
  const parts: string[] = [];
  const offline = rule.offline;
  if (offline && 'validate' in offline) parts.push(`\`${offline.validate === 'both tools' ? '' : `${offline.validate} `}validate\``);
  if (rule.init) parts.push('offline `init`');
  if (rule.runtime) parts.push(`init/apply on ${store.emulator} (\`${rule.runtime}\`)`);
  if (parts.length > 0) return parts.join('; ');
  return `source only (${rule.sourceOnly ?? store.withoutEmulator ?? 'no run-time judge'})`;
}
