import { Tokenization } from 'cdktf';
import { isExpression } from './hcl';
import { referenceOf } from './references';
import { FieldSpec, FieldType, Mode } from './schema';

/** What one field type means for checks, output and docs. */
export interface FieldTypeBehaviour {
  /** The value has this type. */
  readonly accepts: (value: unknown) => boolean;
  /** What a value of this type is, for messages (`a string`). */
  readonly expected: (field: FieldSpec) => string;
  /** The tool's value for a checked literal; `members` are a block's emitted members. */
  readonly emit: (value: unknown, mode: Mode, members: Record<string, unknown>) => unknown;
  /** The type's name in docs/FIELDS.md. */
  readonly doc: string;
}

const asIs = (value: unknown) => value;
const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** An object that is not a token (a cdktf resolvable). */
const isPlainObject = (v: unknown): v is Record<string, unknown> => isObject(v) && !Tokenization.isResolvable(v);
const withMembers = (field: FieldSpec) => `an object with ${(field.fields ?? []).map((f) => f.name).join(', ')}`;

/** Adding a field type is one row here. */
export const FIELD_TYPES: Readonly<Record<FieldType, FieldTypeBehaviour>> = {
  string: {
    accepts: (v) => typeof v === 'string',
    expected: () => 'a string',
    emit: asIs,
    doc: 'string',
  },
  boolean: {
    accepts: (v) => typeof v === 'boolean',
    expected: () => 'true or false',
    emit: asIs,
    doc: 'boolean',
  },
  number: {
    accepts: (v) => typeof v === 'number' && Number.isSafeInteger(v),
    expected: () => 'a whole number',
    emit: asIs,
    doc: 'number',
  },
  stringList: {
    accepts: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
    expected: () => 'a list of strings',
    emit: (v) => [...(v as string[])],
    doc: 'list of strings',
  },
  numberList: {
    accepts: (v) => Array.isArray(v) && v.every((n) => Number.isSafeInteger(n) || isExpression(n)),
    expected: () => 'a list of whole numbers',
    emit: (v) => [...(v as unknown[])],
    doc: 'list of numbers',
  },
  stringMap: {
    accepts: (v) => isPlainObject(v) && Object.values(v).every((s) => typeof s === 'string'),
    expected: () => 'a map of strings',
    emit: (v) => ({ ...(v as object) }),
    doc: 'map of strings',
  },
  object: {
    accepts: isPlainObject,
    expected: withMembers,
    emit: (_v, _mode, m) => m,
    doc: 'object',
  },
  keyProvider: {
    accepts: (v) => referenceOf(v)?.block === 'key_provider',
    expected: () => 'a key provider made with EncryptionKeyProvider',
    // A template reference, which every OpenTofu release from 1.7 reads (encryption/render.ts).
    emit: (v) => `\${${referenceOf(v)!.address()}}`,
    doc: 'key provider',
  },
  block: {
    accepts: isObject,
    expected: withMembers,
    // The tool accepts a nested block only as a one-element list in a remote state's `config`.
    emit: (_v, mode, members) => (mode === 'backend' ? members : [members]),
    doc: 'block',
  },
  policy: {
    accepts: (v) => typeof v === 'string' || (v !== null && typeof v === 'object' && encodes(v)),
    expected: () => 'a policy string or a JSON object',
    emit: (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
    doc: 'policy',
  },
};

/** What a required field must hold, for messages. */
export function requiredValue(field: FieldSpec): string {
  switch (field.type) {
    case 'string':
      return 'a non-empty string';
    case 'stringList':
      return 'a non-empty list of strings';
    default:
      return `a value (${FIELD_TYPES[field.type].expected(field)})`;
  }
}

function encodes(v: unknown): boolean {
  try {
    return JSON.stringify(v) !== undefined;
  } catch {
    return false;
  }
}

/**
 * A JSON value of another primitive type as the tools read it in a field of `type` (cty's
 * primitive conversions, convert/conversion_primitive.go, which both tools apply to a block's
 * attributes): a number or boolean in a string field is its text (`2024` is "2024", numbers
 * written out without an exponent, as big.Float's Text('f', -1) writes them), a decimal string in
 * a number field the number, "true"/"1" and "false"/"0" in a boolean field the boolean. Anything
 * else is returned as it is (the tool refuses it, and so do the field checks).
 */
export function asToolReads(type: FieldType, value: unknown): unknown {
  if (type === 'string' && (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))) return numberText(value);
  if (type === 'number' && typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && typeof value === 'string' && ['true', '1', 'false', '0'].includes(value)) return value === 'true' || value === '1';
  return value;
}

/** A number as decimal text without an exponent (the shortest text that reads back as it, JSON's digits), or a boolean's text. */
function numberText(value: number | boolean): string {
  if (typeof value === 'boolean') return String(value);
  const [digits, exponent = '0'] = JSON.stringify(value).split('e');
  const negative = digits.startsWith('-');
  const [whole, fraction = ''] = digits.replace('-', '').split('.');
  const shift = Number(exponent);
  const all = whole + fraction;
  const point = whole.length + shift;
  const text = point <= 0 ? `0.${'0'.repeat(-point)}${all}` : point >= all.length ? all + '0'.repeat(point - all.length) : `${all.slice(0, point)}.${all.slice(point)}`;
  const trimmed = text.replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${trimmed}`;
}
