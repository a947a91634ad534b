import { Token, Tokenization } from 'cdktf';
import { CheckId } from './field-checks';
import { templateProblem } from './hcl';
import { Violation, got, kindOf, showValue } from './messages';

/*
 * A remote state's settings beside its config: `workspace` (a name, read as a template) and
 * `defaults` (output values both renderers, JSON and HCL, can write).
 */

/** Keys of a remote state's config that are not backend fields. */
export const REMOTE_STATE_SETTINGS = ['workspace', 'defaults'];

/** Terraform output names (the keys of a remote state's defaults). */
const OUTPUT_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

type Fail = (id: CheckId, field: string, message: string) => void;

/** What is wrong with a remote state's `workspace` and `defaults`. */
export function remoteStateSettingsProblems({ workspace, defaults }: Record<string, unknown>): Violation[] {
  const problems: Violation[] = [];
  const fail: Fail = (id, field, message) => problems.push({ id, field, message });
  if (workspace !== undefined && typeof workspace !== 'string') {
    fail('config/shape', 'workspace', `${got(workspace, false)}, expected a workspace name`);
  } else if (typeof workspace === 'string' && templateProblem(workspace)) {
    fail('remote-state/template', 'workspace', `${got(workspace, false)}, ${templateProblem(workspace)}`);
  }
  const isMap = defaults !== null && typeof defaults === 'object' && !Array.isArray(defaults);
  if (defaults !== undefined && !isMap && !Tokenization.isResolvable(defaults)) {
    fail('config/shape', 'defaults', `${got(defaults, false)}, expected an object of default output values`);
  } else if (isMap && !Tokenization.isResolvable(defaults)) {
    for (const [name, value] of Object.entries(defaults as Record<string, unknown>)) {
      if (!OUTPUT_NAME.test(name)) {
        fail('config/shape', `defaults.${name}`, 'is not an output name, expected letters, digits, underscores and dashes, starting with a letter or underscore');
      } else {
        checkDefault(fail, `defaults.${name}`, value);
      }
    }
  }
  return problems;
}

/** A default output value must be one both renderers (JSON and HCL) can write. */
function checkDefault(fail: Fail, path: string, value: unknown, seen: Set<unknown> = new Set()): void {
  if (typeof value === 'string' && templateProblem(value)) {
    fail('remote-state/template', path, `${got(value, false)}, ${templateProblem(value)}`);
    return;
  }
  if (value === undefined || value === null || typeof value === 'string' || typeof value === 'boolean' || Token.isUnresolved(value)) return;
  if (seen.has(value)) {
    fail('config/shape', path, 'refers back to an enclosing value, expected plain values (the output cannot hold a cycle)');
    return;
  }
  if (typeof value === 'object') seen = new Set(seen).add(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail('config/shape', path, `got ${value}, expected a finite number`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (v === null || v === undefined) fail('config/shape', `${path}[${i}]`, `got ${showValue(v, false)}, expected a value (a list cannot hold null in the output)`);
      else checkDefault(fail, `${path}[${i}]`, v, seen);
    });
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) {
      if (templateProblem(k)) {
        fail('remote-state/template', `${path}.${k}`, 'is a key with "%{" or an unclosed "${", expected a key the tool can read (it reads keys as templates there); write "%%{" or "$${" for a literal');
      } else if (k === '' || k === 'for' || /["\\\u0000-\u001f]/.test(k)) {
        fail('config/shape', `${path}.${k}`, 'is not a key the HCL output can write, expected a non-empty key other than "for", without quotes, backslashes or control characters');
      } else {
        checkDefault(fail, `${path}.${k}`, v, seen);
      }
    }
    return;
  }
  if (!Tokenization.isResolvable(value)) {
    fail('config/shape', path, `got ${kindOf(value)}, expected a string, number, boolean, list or object`);
  }
}
