import { Warning } from './field-value';
import { Violation } from './messages';

/*
 * The checks every field table gets (the reader's, kit/reader.ts, and the config-file checks), by
 * id, severity and what they hold a config to: docs/FIELDS.md lists them, and the rule catalog
 * (framework/rule-catalog.ts) takes their ids. The rule tables add the rest.
 */

/** The warnings of a remote state made from a backend for another stack (raised in framework/backend.ts). */
export const SECRETS_LEFT_OUT = 'remote-state/secrets-left-out';
export const RUN_VALUES_LEFT_OUT = 'remote-state/run-values-left-out';

/** The checks every field table gets, by id (for docs/FIELDS.md); the rule tables add the rest. */
export const GENERIC_CHECKS = [
  { id: 'config/shape', severity: 'error', description: 'the config is an object (a remote state\'s `workspace` a string, its `defaults` an object)' },
  { id: 'field/unknown', severity: 'error', description: 'every key is a field of the table (both tools: "An argument named ... is not expected here")' },
  { id: 'field/spelling-conflict', severity: 'error', description: 'two spellings of one field hold the same value' },
  { id: 'field/required', severity: 'error', description: 'required fields the tool reads from no env var are set (both tools: "The argument ... is required")' },
  { id: 'field/required-from-env', severity: 'warning', description: 'a required field left unset that the tool reads from env vars: the run\'s environment decides (terraform validate refuses it only while they are unset)' },
  { id: 'field/empty-refused', severity: 'error', description: 'a required field is not "" where the run-time judges show init failing on it (both tools\' validate accept "")' },
  { id: 'field/empty', severity: 'warning', description: 'a required field given as "": both tools\' validate accept it, and no run-time judge has shown init failing on it, so the run decides' },
  { id: 'field/type', severity: 'error', description: 'the value has the field\'s type (both tools decode the block against the schema)' },
  { id: 'field/availability', severity: 'error', description: 'the target tool and version have the key (both tools: "An argument named ... is not expected here")' },
  { id: 'field/literal-only', severity: 'error', description: 'backend fields hold literals, not tokens or `${...}`, where the target reads backend blocks literally (terraform, opentofu before 1.8.0; HCL: "Variables not allowed")' },
  { id: 'field/evaluated-at-init', severity: 'warning', description: 'a backend field holds a reference that opentofu 1.8+ evaluates at init; its value is not checked here' },
  { id: 'backend/template', severity: 'error', description: 'backend strings hold no "%{" and no unclosed "${" where the target reads them as templates (opentofu 1.8+: "Invalid template control keyword")' },
  { id: 'field/from-init', severity: 'warning', description: 'backend fields given as StateBackendValue.fromInit() that no config file gives: the run must give them at init' },
  { id: 'backend/sensitive-value', severity: 'error', description: 'an evaluated backend block reads no sensitive (opentofu 1.8.3+) or ephemeral (1.11.0+) variable, even through locals ("Backend config contains sensitive values")' },
  { id: 'backend/changing-value', severity: 'warning', description: 'an evaluated backend block calls no function whose value changes on every run (timestamp(), uuid(), ...): each init would name another object' },
  {
    id: 'backend/checkout-value',
    severity: 'warning',
    description: 'an evaluated backend block reads nothing that differs per checkout: path.cwd, abspath(), pathexpand() or a file function (file(), filemd5(), ' +
      'fileexists(), templatefile(), ...), which opentofu 1.8+ evaluates at init with the directory init runs in as path.cwd and as the base of relative paths ' +
      '(configs/static_scope.go newStaticScope and GetPathAttr; lang/funcs/filesystem.go): another checkout of the same synth names another object ' +
      '(on fake-gcs-server a second checkout planned to add what the first had applied)',
  },
  { id: 'backend/static-context', severity: 'error', description: 'a reference in a backend block reads only variables and locals of them (opentofu 1.8+ evaluates the block before the run: "Dynamic value in static context")' },
  { id: 'field/from-init-misplaced', severity: 'error', description: 'StateBackendValue.fromInit() is given for a field of a backend block itself (a remote state has no init; init sets whole fields)' },
  { id: 'field/implied-value', severity: 'warning', description: 'a field the target no longer has is left out where its value is the target\'s fixed behaviour (`useGraphApi: true`)' },
  { id: 'field/deprecated', severity: 'warning', description: 'the field is deprecated by the target tool' },
  { id: 'field/literal-secret', severity: 'warning', description: 'a secret set as a literal lands in cdk.tf.json in clear text' },
  { id: 'remote-state/template', severity: 'error', description: 'remote-state strings (config, list entries, workspace, defaults and their keys) hold no "%{" and no unclosed "${" (both tools parse them as expressions: "Invalid template control keyword", "Unterminated template string")' },
  { id: RUN_VALUES_LEFT_OUT, severity: 'warning', description: 'a remote state made from a backend for another stack leaves out the fields the backend\'s own run gives (not the object\'s name); that stack\'s run must supply them' },
  { id: SECRETS_LEFT_OUT, severity: 'warning', description: 'a remote state made from a backend for another stack leaves out its secrets; that stack\'s run must supply them' },
] as const satisfies ReadonlyArray<{ readonly id: string; readonly severity: 'error' | 'warning'; readonly description: string }>;

/** The id of a check every field table gets (an unknown id does not compile). */
export type CheckId = (typeof GENERIC_CHECKS)[number]['id'];

/** A violation of a check every field table gets. */
export function violation(id: CheckId, field: string, message: string): Violation {
  return { id, field, message };
}

/** A warning of a check every field table gets. */
export function checkWarning(id: CheckId, message: string): Warning {
  return { id, message };
}
