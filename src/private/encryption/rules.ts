import { ARGUMENT_RULES } from './argument-rules';
import { EncryptionModel, elementOf } from './model';
import { EncryptionContext, EncryptionRule, IDENTIFIER, NAME, encryptionRule, methodsOf, referenced, stringsOf } from './rule-kit';
import { ENCRYPTION_SINCE } from './schema';
import { WARNING_RULES } from './warning-rules';
import { Warning } from '../kit/field-value';
import { readTemplate } from '../kit/hcl';
import { Violation, got } from '../kit/messages';
import { checkRuleRows } from '../kit/rule-row';
import { notYetProblem } from '../kit/schema';
import { dynamicReferences } from '../kit/static-context';

/*
 * The rules of `StateEncryption`, one row each: a stable id, a severity and the evidence (the
 * OpenTofu source file and function, or its message, and the releases checked). Errors are what
 * OpenTofu refuses whatever the environment (`tofu plan` fails the same way; test/state-encryption
 * .test.ts holds one refusal per error rule); warnings are what the run decides (TF_ENCRYPTION,
 * env vars, a key that must exist). Value checks skip tokens: OpenTofu evaluates variables and
 * locals in the encryption block, and their values are not known at synth.
 *
 * Sources read: internal/encryption of OpenTofu v1.8.0, v1.8.11, v1.9.4, v1.10.10 and v1.12.6.
 */

/** Errors and warnings of one model. */
export interface EncryptionCheck {
  readonly errors: Violation[];
  readonly warnings: Warning[];
  /** The target has no state encryption at all (`stopWhenRefused`): `errors` say so, and the field checks are noise. */
  readonly refusedWhole: boolean;
}

/**
 * Runs the rules of one phase: when the construct is created (`construct`), or at synth, when the
 * stack's references resolve (`synth`: the rules marked `atSynth`, the model given `resolve`).
 */
export function checkEncryption(m: EncryptionModel, phase: 'construct' | 'synth' = 'construct'): EncryptionCheck {
  const c = new EncryptionContext(m, [], phase === 'construct' ? [...m.readWarnings] : []);
  c.run(ENCRYPTION_RULES.filter((r) => !!r.atSynth === (phase === 'synth')));
  return { errors: c.errors, warnings: c.warnings, refusedWhole: c.refusedWhole };
}

/**
 * Raised by StateEncryption at synth, when it can see the whole app, rather than by a row's check:
 * another stack reads this stack's encrypted state through a cross-stack reference.
 */
export const CROSS_STACK_CONSUMER = {
  id: 'encryption/cross-stack-consumer',
  severity: 'warning',
  evidence: 'another stack reads this stack\'s encrypted state through a cross-stack reference and has no decryption for it ' +
    '(opentofu 1.7.0 and later on the emulators: "This state file is encrypted and can not be read without an encryption configuration", scenarios gcs-encryption and azurerm-encryption)',
} as const;

/** The rules about the block as a whole: its target, names, templates, duplicates and references. */
const BLOCK_RULES = [
  encryptionRule({
    id: 'encryption/target',
    severity: 'error',
    stopWhenRefused: true,
    evidence:
      'OpenTofu 1.7.0 added terraform.encryption (internal/configs/parser_config.go, case "encryption"); ' +
      'Terraform and OpenTofu 1.6 refuse the block ("Unsupported block type")',
    check: (m) => {
      const { tool, version } = m.target;
      if (tool === 'terraform') {
        return [{
          field: 'target',
          message: `got terraform ${version}, but terraform has no state encryption; only opentofu ${ENCRYPTION_SINCE} and later has it (set the target with StateBackendTarget.opentofu)`,
        }];
      }
      const problem = notYetProblem(ENCRYPTION_SINCE, m.target);
      return problem ? [{ field: 'target', message: `got opentofu ${version}, ${problem}` }] : [];
    },
  }),
  encryptionRule({
    id: 'encryption/availability',
    severity: 'error',
    evidence:
      'the key providers and methods each release registers (internal/encryption/default_registry.go): ' +
      'external key provider and method since 1.10.0, azure_vault since 1.11.0; older releases say "Unknown key_provider type"',
    check: (m) =>
      [...m.keyProviders, ...m.methods].flatMap((e) => {
        const problem = notYetProblem(e.spec.kind.since, m.target);
        const what = e.spec.kind.block === 'key_provider' ? 'key provider' : 'method';
        return problem ? [{ field: e.label, message: `got an ${e.spec.kind.type} ${what}, ${problem}` }] : [];
      }),
  }),
  encryptionRule({
    id: 'encryption/name',
    severity: 'error',
    evidence: 'keyprovider.NewAddr and method.NewAddr: names must match ^([a-zA-Z_0-9-]+)$ ("The provided key provider name is invalid"), 1.7.0+',
    check: (m) =>
      [...m.keyProviders, ...m.methods]
        .filter((e) => typeof e.spec.name !== 'string' || !NAME.test(e.spec.name))
        .map((e) => ({ field: e.label, message: `${got(e.spec.name, false)} as the name, expected letters, digits, underscores and hyphens only` })),
  }),
  encryptionRule({
    id: 'encryption/reference-name',
    severity: 'error',
    evidence:
      'a reference is an HCL traversal, whose steps are identifiers (hclsyntax.ValidIdentifier: a letter or "_" first): ' +
      'key_provider.pbkdf2.1key does not parse in HCL ("Missing newline after argument") nor in JSON ("Extra characters after interpolation expression"), 1.7.0+',
    check: (m) =>
      referenced(m)
        .filter((e) => typeof e.spec.name === 'string' && NAME.test(e.spec.name) && !IDENTIFIER.test(e.spec.name))
        .map((e) => ({
          field: e.label,
          message: `${got(e.spec.name, false)} as the name, expected a letter or an underscore first (opentofu refers to it as ${e.spec.kind.block}.${e.spec.kind.type}.<name>, an identifier)`,
        })),
  }),
  encryptionRule({
    id: 'encryption/template',
    severity: 'error',
    evidence:
      'OpenTofu reads every string of the encryption block as a template: in JSON a "%{" directive or a "${" without its "}" ' +
      'crashes init ("not a string", pbkdf2 Config.DecodeConfig); in HCL it does not parse ("Invalid template control keyword", "Unclosed template interpolation sequence"), 1.7.0+; ' +
      'a map key with a stray "%{" does not decode in JSON either ("Invalid template control keyword" on aws_kms assume_role.tags; escaped keys decode)',
    check: (m) =>
      [...m.keyProviders, ...m.methods].flatMap((e) =>
        [...e.values.values()]
          .flatMap((v) => [v, ...(v.members?.values() ?? [])])
          .flatMap((v) => {
            if (stringsOf(v.value).some((s) => readTemplate(s).problem)) {
              return [{
                field: v.spelling,
                message:
                  `${got(v.value, !!v.spec.secret)}, expected no "%{" and no "\${" without its "}" (opentofu reads strings in the encryption block as templates); ` +
                  'write %%{ / $${ for a literal',
              }];
            }
            // A map's keys are templates too: one the parser refuses fails the whole block.
            const keys = v.spec.type === 'stringMap' && v.value !== null && typeof v.value === 'object' ? Object.keys(v.value) : [];
            return keys.filter((k) => readTemplate(k).problem).map((k) => ({
              field: `${v.spelling}.${k}`,
              message: 'is a key with a stray "%{" or an unclosed "${", expected a key opentofu can read (keys are templates there); write %%{ / $${ for a literal',
            }));
          }),
      ),
  }),
  encryptionRule({
    id: 'encryption/duplicate-name',
    severity: 'error',
    evidence:
      'config.DecodeConfig: "Duplicate key_provider" / "Duplicate method" for two blocks of one type and name, 1.7.0+; ' +
      'two objects with the same type, name and settings are one declaration and are emitted once',
    check: (m) =>
      [...m.keyProviders, ...m.methods].flatMap((e, i, all) => {
        const first = all.findIndex((o) => o.spec.kind === e.spec.kind && o.spec.name === e.spec.name);
        return first < i ? [{ field: e.label, message: `declared twice with different settings, expected one ${e.spec.kind.block} per type and name (reuse the same object)` }] : [];
      }),
  }),
  encryptionRule({
    id: 'encryption/duplicate-remote-state',
    severity: 'error',
    evidence: 'config.DecodeConfig: "Duplicate remote_data_source" for two entries with one name, 1.7.0+',
    check: (m) => {
      const remotes = m.targets.filter((t) => t.remoteState);
      return remotes.flatMap((t, i) => {
        const first = remotes.findIndex((o) => o.remoteState === t.remoteState);
        return first < i ? [{ field: `${t.label}.remoteState`, message: `got ${t.remoteState!.node.path} again (also in ${remotes[first].label}), expected one entry per remote state` }] : [];
      });
    },
  }),
  encryptionRule({
    id: 'encryption/enforced-unencrypted',
    severity: 'error',
    evidence: 'methodConfigsFromTarget (internal/encryption/targets.go): "Unencrypted method is forbidden" when enforced, 1.7.0+',
    check: (m) =>
      m.targets
        .filter((t) => t.enforced === true)
        .flatMap((t) => methodsOf(t).map((ref, i) => ({ ref, where: i === 0 && t.method ? `${t.label}.method` : `${t.label}.fallbacks[${t.method ? i - 1 : i}]` })))
        .filter(({ ref }) => elementOf(m, ref)?.spec.kind.type === 'unencrypted')
        .map(({ ref, where }) => ({
          field: where,
          message: `got ${elementOf(m, ref)!.label} with enforced true, expected an encrypting method (enforced forbids unencrypted; drop enforced while migrating)`,
        })),
  }),

];

/** The rules that need the stack's references resolved: they run at synth (`atSynth`). */
const SYNTH_RULES = [
  encryptionRule({
    id: 'encryption/static-context',
    severity: 'error',
    atSynth: true,
    evidence:
      'configs.staticScopeData.StaticValidateReferences: "Dynamic value in static context" / "Module output not supported in static context" / ' +
      '"Provider function in static context"; "Unable to compute static value" for a local that reads a resource; only variables, ' +
      'locals (of those), path.* and terraform.workspace, 1.7.0+ (checked at synth, when tokens resolve, following locals)',
    check: (m) => {
      const resolve = m.resolve;
      if (!resolve) return [];
      return [...m.keyProviders, ...m.methods].flatMap((e) =>
        [...e.values.values()]
          .flatMap((v) => [v, ...(v.members?.values() ?? [])])
          .filter((v) => v.expression)
          .flatMap((v) => {
            const refs = dynamicReferences(resolve(v.value), m.localValue);
            return refs.length > 0
              ? [{
                field: v.spelling,
                message:
                  `got a reference to ${refs.join(', ')}, but opentofu evaluates the encryption block before any resource, data source or module ` +
                  'exists; use a variable, or a local value that reads only variables',
              }]
              : [];
          }),
      );
    },
  }),
];

/** Every rule, in the order they report: the block's, each key provider's and method's arguments, those at synth, the warnings. */
const ALL = [...BLOCK_RULES, ...ARGUMENT_RULES, ...SYNTH_RULES, ...WARNING_RULES];

/** The id of a rule of the encryption block (an unknown id does not compile). */
export type EncryptionRuleId = (typeof ALL)[number]['id'];

export const ENCRYPTION_RULES: ReadonlyArray<EncryptionRule<EncryptionRuleId>> = ALL;

// The rule table is checked when the module loads, as the stores' are (kit/rule-row.ts checkRuleRows).
checkRuleRows('encryption', [...ENCRYPTION_RULES, CROSS_STACK_CONSUMER], true);
