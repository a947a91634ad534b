import { Tokenization } from 'cdktf';
import { EncryptionField, EncryptionKind } from './encryption-schema';
import { readTemplate } from './hcl';
import { Violation, got } from './messages';
import { isExpression } from './reader';
import { ParsedTarget, compareVersions } from './target';

/*
 * Reading a key provider's or method's props against its table in encryption-schema.ts: types,
 * required and unknown fields, availability for the target.
 */

/** A key provider or method as the construct holds it: type, name and the props as given. */
export interface EncryptionElementSpec {
  readonly kind: EncryptionKind;
  readonly name: string;
  readonly props: unknown;
}

/** A value read from props. */
export interface ReadValue {
  readonly field: EncryptionField;
  /** The spelling in messages, with the element's prefix (`EncryptionKeyProvider.pbkdf2("main").passphrase`). */
  readonly label: string;
  readonly value: unknown;
  /** An unresolved token or a string that interpolates (`${...}`): value checks skip it. */
  readonly expression: boolean;
  readonly members?: ReadonlyMap<string, ReadValue>;
}

/** How a key provider or method is labelled in messages: the call that created it. */
export function labelOf(spec: EncryptionElementSpec): string {
  return `${spec.kind.factory}(${JSON.stringify(spec.name)})`;
}

/** The field is available in the target; otherwise why not. */
export function sinceProblem(since: string, target: ParsedTarget): string | undefined {
  if (compareVersions(target.version, since) < 0) {
    return `but opentofu ${target.version} does not have it yet; it is first available in opentofu ${since}`;
  }
  return undefined;
}

/**
 * Reads `props` against a field table: types, required fields, unknown fields and availability for
 * the target. Tokens are accepted anywhere (OpenTofu evaluates variables and locals here).
 */
export function readFields(
  fields: readonly EncryptionField[],
  props: unknown,
  prefix: string,
  target: ParsedTarget,
  errors: Violation[],
): Map<string, ReadValue> {
  const values = new Map<string, ReadValue>();
  if (props === undefined || props === null) props = {};
  if (typeof props !== 'object' || Array.isArray(props) || Tokenization.isResolvable(props)) {
    errors.push({ id: 'config/shape', field: prefix.replace(/\.$/, ''), message: `${got(props, false)}, expected an object with ${fields.map((f) => f.name).join(', ')}` });
    return values;
  }
  const given = props as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (given[key] === undefined || given[key] === null) continue;
    if (!fields.some((f) => f.name === key)) {
      const known = fields.map((f) => f.name);
      errors.push({
        id: 'field/unknown',
        field: prefix + key,
        message: `${got(given[key], true)} for an unknown field, expected ${known.length > 0 ? `one of ${known.join(', ')}` : 'no fields'}`,
      });
    }
  }
  for (const field of fields) {
    const label = prefix + field.name;
    const value = given[field.name];
    if (value === undefined || value === null) {
      if (field.required) errors.push({ id: 'field/required', field: label, message: `got nothing, expected ${expectedOf(field)} (the field is required)` });
      continue;
    }
    const secret = !!field.secret;
    const shown = isKeyProviderObject(value) ? `got ${labelOf(specOf(value)!)}` : got(value, secret);
    if (field.since) {
      const problem = sinceProblem(field.since, target);
      if (problem) {
        errors.push({ id: 'field/availability', field: label, message: `${shown}, ${problem}` });
        continue;
      }
    }
    if (field.type !== 'keyProvider' && interpolates(value)) {
      values.set(field.name, { field, label, value, expression: true });
      continue;
    }
    const problem = typeProblem(field, value);
    if (problem) {
      errors.push({ id: 'field/type', field: label, message: `${shown}, expected ${problem}` });
      continue;
    }
    if (field.required && (value === '' || (Array.isArray(value) && value.length === 0))) {
      errors.push({ id: 'field/required', field: label, message: `${got(value, secret)}, expected ${expectedOf(field)} (the field is required)` });
      continue;
    }
    let members: Map<string, ReadValue> | undefined;
    if (field.type === 'object' || field.type === 'block') {
      members = readFields(field.fields ?? [], value, `${label}.`, target, errors);
    }
    values.set(field.name, { field, label, value, expression: false, members });
  }
  return values;
}

/**
 * A token or a string holding a `${...}` interpolation: OpenTofu evaluates it. Text whose `${` are
 * all escaped (`$${`) is a literal, and so is a `${` without its closing brace (the template rule
 * refuses that).
 */
export function interpolates(value: unknown): boolean {
  return typeof value === 'string' ? readTemplate(value).interpolates : isExpression(value);
}

/**
 * The public key provider and method classes carry their spec under a `Symbol.for` key (invisible
 * to jsii), which doubles as the brand: the check works across copies of the package.
 */
const KEY_PROVIDER_SPEC = Symbol.for('cdktf-state-backends.EncryptionKeyProvider');
const METHOD_SPEC = Symbol.for('cdktf-state-backends.EncryptionMethod');

export function attachSpec(x: object, spec: EncryptionElementSpec): void {
  Object.defineProperty(x, spec.kind.block === 'key_provider' ? KEY_PROVIDER_SPEC : METHOD_SPEC, { value: spec });
}

export function isKeyProviderObject(x: unknown): x is object {
  return x !== null && typeof x === 'object' && KEY_PROVIDER_SPEC in x;
}

export function isMethodObject(x: unknown): x is object {
  return x !== null && typeof x === 'object' && METHOD_SPEC in x;
}

/** The spec of a key provider or method object. */
export function specOf(x: object): EncryptionElementSpec | undefined {
  return (x as any)[KEY_PROVIDER_SPEC] ?? (x as any)[METHOD_SPEC];
}

function expectedOf(field: EncryptionField): string {
  switch (field.type) {
    case 'string':
      return 'a non-empty string';
    case 'stringList':
      return 'a non-empty list of strings';
    default:
      return `a value (${typeProblem(field, undefined)})`;
  }
}

function typeProblem(field: EncryptionField, value: unknown): string | undefined {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'a string';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'number':
      return typeof value === 'number' && Number.isSafeInteger(value) ? undefined : 'a whole number';
    case 'stringList':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : 'a list of strings';
    case 'numberList':
      return Array.isArray(value) && value.every((v) => Number.isSafeInteger(v) || isExpression(v)) ? undefined : 'a list of whole numbers';
    case 'stringMap':
      return isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string') ? undefined : 'a map of strings';
    case 'object':
    case 'block':
      return isPlainObject(value) ? undefined : `an object with ${(field.fields ?? []).map((f) => f.name).join(', ')}`;
    case 'keyProvider':
      return isKeyProviderObject(value) ? undefined : 'a key provider made with EncryptionKeyProvider';
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !Tokenization.isResolvable(v);
}
