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
