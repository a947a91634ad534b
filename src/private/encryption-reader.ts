import { Tokenization } from 'cdktf';
import { isKeyProviderObject, labelOf, specOf } from './encryption-brand';
import { FIELD_TYPES, requiredValue } from './field-types';
import { isExpression, readTemplate } from './hcl';
import { Violation, got } from './messages';
import { FieldValue } from './reader';
import { FieldSpec, availabilityProblem, notYetProblem } from './schema';
import { ParsedTarget } from './target';

/*
 * Reading a key provider's or method's props against its rows in encryption-schema.ts (the same
 * `FieldSpec` rows, types and availability as the backends' tables) into the same `FieldValue`s:
 * types, required and unknown fields, availability for the target. Unlike a backend block, every
 * argument may be a reference or a template: OpenTofu evaluates variables and locals here.
 */

/**
 * Reads `props` against a field table: types, required fields, unknown fields and availability for
 * the target. An argument as old as its key provider or method (`elementSince`) is left to that
 * element's own check (encryption/availability) where the target has not got the element at all.
 */
export function readFields(
  fields: readonly FieldSpec[],
  props: unknown,
  prefix: string,
  target: ParsedTarget,
  errors: Violation[],
  elementSince: string,
): Map<string, FieldValue> {
  const elementMissing = notYetProblem(elementSince, target) !== undefined;
  const values = new Map<string, FieldValue>();
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
    const spelling = prefix + field.name;
    const value = given[field.name];
    if (value === undefined || value === null) {
      if (field.required) errors.push({ id: 'field/required', field: spelling, message: `got nothing, expected ${requiredValue(field)} (the field is required)` });
      continue;
    }
    const secret = !!field.secret;
    const shown = isKeyProviderObject(value) ? `got ${labelOf(specOf(value)!)}` : got(value, secret);
    const ownSince = field.since.opentofu !== elementSince;
    const missing = ownSince || !elementMissing ? availabilityProblem(field, target) : undefined;
    if (missing) {
      errors.push({ id: 'field/availability', field: spelling, message: `${shown}, ${missing}` });
      continue;
    }
    if (field.type !== 'keyProvider' && interpolates(value)) {
      values.set(field.name, { spec: field, spelling, value, expression: true });
      continue;
    }
    const type = FIELD_TYPES[field.type];
    if (!type.accepts(value)) {
      errors.push({ id: 'field/type', field: spelling, message: `${shown}, expected ${type.expected(field)}` });
      continue;
    }
    if (field.required && (value === '' || (Array.isArray(value) && value.length === 0))) {
      errors.push({ id: 'field/required', field: spelling, message: `${got(value, secret)}, expected ${requiredValue(field)} (the field is required)` });
      continue;
    }
    let members: Map<string, FieldValue> | undefined;
    if (field.type === 'object' || field.type === 'block') {
      members = readFields(field.fields ?? [], value, `${spelling}.`, target, errors, elementSince);
    }
    values.set(field.name, { spec: field, spelling, value, expression: false, members });
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

