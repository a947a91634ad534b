import { readTemplate } from './hcl';
import { FieldSpec } from './schema';

/*
 * What reading a config gives: the fields set, by spec name, each with its value and how the user
 * spelled it, and the warnings raised on the way.
 */

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
  /** false: shown as a warning under the strict context key too (it describes the run about to happen, which must not be stopped). */
  readonly strict?: false;
}
