import { checkWarning, violation } from './field-checks';
import { FieldValues, Warning } from './field-value';
import { fromInitCall, isFromInit } from './from-init';
import { hclString, holdsExpression } from './hcl';
import { Violation } from './messages';
import { FieldTable, keyFor, spellingsOf } from './schema';
import { COMMANDS, ParsedTarget, ToolName } from '../target/target';

/*
 * Values a backend block leaves to the run: fields given as `StateBackendValue.fromInit()`, and
 * backend config files (`<name>.tfbackend`, for `init -backend-config=<file>`) that a stack
 * declares beside its output. A file is checked together with the block as one config: its values
 * take the place of the block's, as `-backend-config` does (both tools merge the files' attributes
 * over the block's, command/meta_backend.go backendConfig).
 */

/** A config file's name: a plain file name, written as `<name>.tfbackend`. */
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The longest file name (in bytes, which FILE_NAME's characters are) Linux, macOS and Windows file systems take: NAME_MAX. */
export const MAX_FILE_NAME = 255;

/** The block's props with the file's values in place of the fields they set (in any spelling). */
export function mergedWithFile(table: FieldTable, props: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...props };
  for (const key of Object.keys(values)) {
    const i = table.positionOf(key);
    if (i !== undefined) for (const s of spellingsOf(table.fields[i])) delete merged[s];
  }
  return { ...merged, ...values };
}

/**
 * What a file must hold beyond the field checks: literal values (a file is read as it is, with no
 * variables), and every required field the block leaves to init.
 */
export function fileProblems(table: FieldTable, values: Record<string, unknown>, merged: FieldValues): Violation[] {
  const problems: Violation[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (isFromInit(value)) {
      problems.push(violation('field/from-init-misplaced', key, `got ${fromInitCall(value)}, expected the value itself (a config file is what init is given)`));
    } else if (holdsExpression(value)) {
      problems.push(violation('field/literal-only', key, 'got a reference, expected a literal value (a backend config file is read without variables)'));
    }
  }
  for (const field of table.fields) {
    const fv = merged.get(field.name);
    if (field.required && fv?.fromInit && !(field.name in values)) {
      problems.push(violation('field/required', field.name, 'is left to init by the block and not given by the file, expected the file to give it (the field is required)'));
    }
  }
  return problems;
}

/**
 * The file's text: one `key = value` line per attribute, a nested block as `key { ... }`. Strings
 * are HCL templates there for both tools, so `${` and `%{` are escaped.
 */
export function backendFileText(attributes: Record<string, unknown>, indent = ''): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      lines.push(`${indent}${key} {`, backendFileText(value as Record<string, unknown>, `${indent}  `).trimEnd(), `${indent}}`);
    } else {
      lines.push(`${indent}${key} = ${hclValue(value)}`);
    }
  }
  return lines.join('\n') + '\n';
}

function hclValue(value: unknown): string {
  if (typeof value === 'string') {
    const quoted = hclString(value, 'backend');
    return quoted.startsWith('"') ? quoted : `"${quoted}"`;
  }
  if (Array.isArray(value)) return `[${value.map(hclValue).join(', ')}]`;
  return JSON.stringify(value);
}

/** A backend config file as its backend keeps it. */
export interface ConfigFile {
  /** What is written to `<name>.tfbackend`. */
  readonly text: string;
  /** The values it sets, keyed by field name (`byFieldName`), and those fields' names. */
  readonly byField: Record<string, unknown>;
  readonly fields: readonly string[];
  /** The values it sets as the tool's keys (what the file holds). */
  readonly values: Record<string, unknown>;
  /** The warnings of its check together with the block. */
  readonly warnings: readonly Warning[];
}

/**
 * The warnings the runs of a backend meet. With config files, each init is given one of them,
 * merged over the block, so each run is the block and one file as they were checked together: a
 * warning of the block's check stays as it is when every file's check raises it too, is shown for
 * each file whose check raises it when only some do, and goes when none does (every file gives
 * what it missed); a warning of a file's check that the block's lacks names its file.
 */
export function runWarnings(block: readonly Warning[], files: ReadonlyMap<string, Pick<ConfigFile, 'warnings'>>): Warning[] {
  if (files.size === 0) return [...block];
  const same = (a: Warning) => (b: Warning) => a.id === b.id && a.message === b.message;
  const out: Warning[] = [];
  for (const w of block) {
    const raisedBy = [...files].filter(([, f]) => f.warnings.some(same(w))).map(([name]) => name);
    if (raisedBy.length === files.size) out.push(w);
    else out.push(...raisedBy.map((name) => ({ id: w.id, message: `in ${name}.tfbackend: ${w.message}` })));
  }
  for (const [name, f] of files) out.push(...fileWarnings(f.warnings, block, `${name}.tfbackend`));
  return out;
}

/**
 * The fields an element's overrides set (`addOverride('tablestore_table', ...)`, in the tool's key
 * or any spelling of the field, `undefined` for a deletion), keyed by field name; a nested block
 * is left out (an override merges into it rather than replacing it). `undefined` when none is set.
 */
export function overriddenFields(table: FieldTable, tool: ToolName, overrides: Record<string, unknown>): Record<string, unknown> | undefined {
  const { values } = byFieldName(table, tool, overrides);
  const fields = Object.entries(values).filter(([key]) => {
    const i = table.positionOf(key);
    return i !== undefined && !table.fields[i].fields;
  });
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}

/** A backend as its runs see it: the block's props and overrides, its config files, and how a config is checked. */
export interface Runs {
  readonly table: FieldTable;
  readonly tool: ToolName;
  readonly props: Record<string, unknown>;
  /** The element's raw overrides (and the stack's of its block). */
  readonly overrides: Record<string, unknown>;
  /** The warnings of the block's own check. */
  readonly block: readonly Warning[];
  readonly files: ReadonlyMap<string, ConfigFile>;
  /** A config's warnings, or `undefined` where the library would refuse it. */
  readonly check: (props: Record<string, unknown>) => readonly Warning[] | undefined;
}

/**
 * The warnings of the runs (`runWarnings`), with the fields the overrides set merged into the block,
 * and each file merged over that, before they are checked again (init sees them there). Overrides are
 * the escape hatch, not checked for errors: where the library would refuse a config with them, the
 * warnings found without them stand.
 */
export function warningsOfRuns(runs: Runs): Warning[] {
  const overrides = overriddenFields(runs.table, runs.tool, runs.overrides);
  if (!overrides) return runWarnings(runs.block, runs.files);
  const merged = mergedWithFile(runs.table, runs.props, overrides);
  const redone = [...runs.files].map(([name, f]) => {
    const warnings = runs.check(mergedWithFile(runs.table, merged, f.byField)) ?? f.warnings;
    return [name, { warnings }] as const;
  });
  return runWarnings(runs.check(merged) ?? runs.block, new Map(redone));
}

/** The warnings of a file's check that the block's own check did not raise, naming the file. */
export function fileWarnings(fileWarningsFound: readonly Warning[], blockWarnings: readonly Warning[], file: string): Warning[] {
  const seen = new Set(blockWarnings.map((w) => w.message));
  return fileWarningsFound
    .filter((w) => !seen.has(w.message))
    .map((w) => ({ id: w.id, message: `in ${file}: ${w.message.replace('written to cdk.tf.json', `written to ${file}`)}` }));
}

/**
 * `values` keyed as the config spells them: a key may be a field's name or alias (`lockStoreTable`),
 * its snake_case form (`lock_store_table`, as Python and Go users write names) or the tool's key
 * (`tablestore_table`, as in a file), in nested blocks too. Two keys for one field are a conflict;
 * unknown keys are kept for the reader to refuse.
 */
export function byFieldName(table: FieldTable, tool: ToolName, values: Record<string, unknown>, prefix = ''): { values: Record<string, unknown>; conflicts: Violation[] } {
  const out: Record<string, unknown> = {};
  const conflicts: Violation[] = [];
  const first = new Map<string, string>();
  for (const [key, value] of Object.entries(values)) {
    const field = table.positionOf(key) !== undefined
      ? table.fields[table.positionOf(key)!]
      : table.fields.find((f) => keyFor(f, tool) === key || spellingsOf(f).some((sp) => snake(sp) === key));
    if (!field) {
      out[key] = value;
      continue;
    }
    const seen = first.get(field.name);
    if (seen !== undefined) {
      conflicts.push(violation('field/spelling-conflict', prefix + field.name, `${prefix}${seen} and ${prefix}${key} name one field, expected one of them`));
      continue;
    }
    first.set(field.name, key);
    const name = table.positionOf(key) !== undefined ? key : field.name;
    const nested = field.fields && value !== null && typeof value === 'object' && !Array.isArray(value);
    if (nested) {
      const inner = byFieldName(table.block(field.name), tool, value as Record<string, unknown>, `${prefix}${field.name}.`);
      conflicts.push(...inner.conflicts);
      out[name] = inner.values;
    } else {
      out[name] = value;
    }
  }
  return { values: out, conflicts };
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The warning that fields are left to init, unless every config file gives them: names them and
 * the init arguments. Terraform 1.15.0's validate refused such blocks (reverted in 1.15.1).
 */
export function fromInitWarnings(
  values: FieldValues,
  files: ReadonlyMap<string, { readonly fields: readonly string[] }>,
  target: ParsedTarget,
  stack: string,
): Warning[] {
  const givenByEveryFile = (name: string) => files.size > 0 && [...files.values()].every((f) => f.fields.includes(name));
  const left = [...values.values()].filter((v) => v.fromInit && !givenByEveryFile(v.spec.name));
  if (left.length === 0) return [];
  const v115 = target.tool === 'terraform' && target.version === '1.15.0'
    ? '; terraform 1.15.0\'s validate refuses a backend block whose arguments come from init (1.15.1 accepts it again)'
    : '';
  // Init takes KEY=VALUE for attributes only: a nested block comes from a config file alone
  // (both tools: "The backend configuration argument ... given on the command line is not expected").
  const blocks = left.filter((v) => v.spec.fields);
  const attributes = left.filter((v) => !v.spec.fields);
  const args = attributes.map((v) => `-backend-config="${keyFor(v.spec, target.tool)}=..."`).join(' ');
  const how = [
    ...(attributes.length > 0 ? [`(${COMMANDS[target.tool]} init ${args}, or a backend config file)`] : []),
    ...(blocks.length > 0
      ? [`${attributes.length > 0 ? 'and ' : ''}${blocks.map((v) => v.spelling).join(', ')} in a backend config file only (${COMMANDS[target.tool]} init -backend-config=<file>.tfbackend; ` +
        `init refuses ${blocks.map((v) => `-backend-config="${keyFor(v.spec, target.tool)}=..."`).join(' ')} for a block)`]
      : []),
  ].join(' ');
  return [checkWarning(
    'field/from-init',
    `${left.map((v) => v.spelling).join(', ')} ${left.length === 1 ? 'is' : 'are'} left to init${files.size > 0 ? ' by a config file that does not give it' : ''}: ` +
      `the ${target.tool} run of stack ${stack} must give ${left.length === 1 ? 'it' : 'them'} ${how}${v115}`,
  )];
}
