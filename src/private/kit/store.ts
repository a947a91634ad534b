import { TerraformRemoteState } from 'cdktf';
import { Construct } from 'constructs';
import { FIELD_TYPES } from './field-types';
import { Violation } from './messages';
import { ConfigReader, FieldValues, Warning } from './reader';
import { Rule, RuleContext, checkRuleTable } from './rule-kit';
import { FieldSpec, FieldTable, Mode, keyFor } from './schema';
import { StateLayout } from './state-objects';
import { ParsedTarget, ToolName } from '../target/target';

/** A store: its backend name, its field table (indexed) and its rule table. */
export interface Store {
  /** Backend name as the tool knows it (`gcs`, `cos`, `oss`, `azurerm`). */
  readonly backend: string;
  readonly fields: readonly FieldSpec[];
  readonly table: FieldTable;
  readonly rules: readonly Rule[];
  /** Creates the store's remote-state data source (for `getRemoteStateDataSource`). */
  readonly remoteState: RemoteStateFactory;
  /** Where the store keeps each workspace's state. */
  readonly layout: StateLayout;
}

/** The config is a backend's props without its secrets, plus the workspace (checked by the data source). */
export type RemoteStateFactory = (scope: Construct, id: string, config: any) => TerraformRemoteState;

/** Indexes a store's field table and checks its rules against it, once, when the module loads. */
export function defineStore(
  backend: string,
  fields: readonly FieldSpec[],
  rules: readonly Rule[],
  layout: StateLayout,
  remoteState: RemoteStateFactory,
): Store {
  const table = new FieldTable(fields);
  checkRuleTable(backend, table, rules);
  for (const key of [...layout.container, ...(layout.namespace ?? []), ...layout.object]) {
    if (!fields.some((f) => f.key === key)) throw new Error(`${backend}: the state layout reads ${key}, which is not a key of the table`);
  }
  return { backend, fields, table, rules, remoteState, layout };
}

/** The result of checking one configuration. */
export interface CheckResult {
  readonly values: FieldValues;
  readonly errors: readonly Violation[];
  readonly warnings: readonly Warning[];
}

/** Reads `props` against the store's fields, then runs its rules. */
export function checkConfig(store: Store, props: unknown, target: ParsedTarget, mode: Mode): CheckResult {
  const reader = new ConfigReader(target, mode);
  const values = reader.read(store.table, props);
  new RuleContext(store.table, values, target, mode, reader.errors, reader.warnings).run(store.rules);
  return { values, errors: reader.errors, warnings: reader.warnings };
}

/**
 * The tool's keys and values for one construct, in field-table order. Computed once, when the
 * construct is created: the target and the values are fixed by then, and cdktf renders each
 * element several times per synth.
 */
export type ToolAttributes = Readonly<Record<string, unknown>>;

/** What checking a construct's config gives: the tool's attributes and the warnings to show. */
export interface Checked {
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

/** `value` with every string escaped for a template that reads as the string itself. */
export function asTemplateText(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/([$%])\{/g, '$1$1{');
  if (Array.isArray(value)) return value.map(asTemplateText);
  return value;
}
