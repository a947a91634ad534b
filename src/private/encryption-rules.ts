import { TerraformStack } from 'cdktf';
import { ARGUMENT_RULES } from './encryption-argument-rules';
import { EncryptionModel, ReadElement, elementOf } from './encryption-model';
import { EncryptionContext, EncryptionRule, IDENTIFIER, NAME, isLiteralSecret, labelOfField, methodsOf, ofType, stringsOf } from './encryption-rule-kit';
import { ENCRYPTION_SINCE } from './encryption-schema';
import { readTemplate } from './hcl';
import { Violation, got } from './messages';
import { Warning } from './reader';
import { checkRuleRows } from './rule-kit';
import { envVarsOf, notYetProblem } from './schema';
import { dynamicReferences } from './static-context';

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
}

/** Runs every rule; when the target has no state encryption at all, only that is reported. */
export function checkEncryption(m: EncryptionModel, rules: readonly EncryptionRule[] = ENCRYPTION_RULES): EncryptionCheck {
  const c = new EncryptionContext(m, [], [...m.readWarnings]);
  c.run(rules);
  return { errors: c.errors, warnings: c.warnings };
}

const TARGET_RULE_ID = 'encryption/target';

/** Key providers and methods the config refers to: by a target, a method's keys or a chain. */
function referenced(m: EncryptionModel): ReadElement[] {
  const refs = new Set<object>(m.targets.flatMap(methodsOf));
  for (const e of [...m.keyProviders, ...m.methods]) {
    for (const v of e.values.values()) if (v.spec.type === 'keyProvider' && typeof v.value === 'object' && v.value) refs.add(v.value);
  }
  for (const [twin, first] of m.sameAs ?? []) if (refs.has(twin)) refs.add(first);
  return [...m.keyProviders, ...m.methods].filter((e) => refs.has(e.ref));
}

/**
 * Raised by StateEncryption at synth, when it can see the whole app, rather than by a row's check:
 * another stack reads this stack's encrypted state through a cross-stack reference.
 */
export const CROSS_STACK_CONSUMER = {
  id: 'encryption/cross-stack-consumer',
  severity: 'warning',
  evidence: 'another stack reads this stack\'s encrypted state through a cross-stack reference and has no decryption for it ' +
    '(opentofu 1.12.6 on the emulators: "This state file is encrypted and can not be read without an encryption configuration", scenarios gcs-encryption and azurerm-encryption)',
} as const;

export const ENCRYPTION_RULES: readonly EncryptionRule[] = [
  {
    id: TARGET_RULE_ID,
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
  },
  {
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
  },
  {
    id: 'encryption/name',
    severity: 'error',
    evidence: 'keyprovider.NewAddr and method.NewAddr: names must match ^([a-zA-Z_0-9-]+)$ ("The provided key provider name is invalid"), 1.7.0+',
    check: (m) =>
      [...m.keyProviders, ...m.methods]
        .filter((e) => typeof e.spec.name !== 'string' || !NAME.test(e.spec.name))
        .map((e) => ({ field: e.label, message: `${got(e.spec.name, false)} as the name, expected letters, digits, underscores and hyphens only` })),
  },
  {
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
  },
  {
    id: 'encryption/template',
    severity: 'error',
    evidence:
      'OpenTofu reads every string of the encryption block as a template: in JSON a "%{" directive or a "${" without its "}" ' +
      'crashes init ("not a string", pbkdf2 Config.DecodeConfig, 1.12.6); in HCL it does not parse ("Invalid template control keyword", "Unclosed template interpolation sequence"), 1.7.0+; ' +
      'a map key with a stray "%{" does not decode in JSON either ("Invalid template control keyword" on aws_kms assume_role.tags, 1.12.6; escaped keys decode)',
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  ...ARGUMENT_RULES,
  {
    id: 'encryption/static-context',
    severity: 'error',
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
  },

  // --- warnings ---------------------------------------------------------------------------------
  {
    id: 'encryption/secret-literal',
    severity: 'warning',
    evidence: 'the value lands in cdk.tf.json; OpenTofu also reads variables and TF_ENCRYPTION here (command/meta_encryption.go), 1.7.0+',
    check: (m) =>
      m.keyProviders.flatMap((e) =>
        [...e.values.values()].flatMap((v) => [v, ...(v.members?.values() ?? [])]).filter(isLiteralSecret).map((v) => ({
          field: v.spelling,
          message:
            'is a secret set as a literal value, so it is written to cdk.tf.json in clear text; pass it in a sensitive TerraformVariable, ' +
            `or leave it out and set it in TF_ENCRYPTION (key_provider "${e.spec.kind.type}" "${e.spec.name}" { ${v.spec.key} = ... })` +
            (envVarsOf(v.spec, 'opentofu').length ? `, or provide ${envVarsOf(v.spec, 'opentofu').join(' or ')}` : ''),
        })),
      ),
  },
  {
    id: 'encryption/pbkdf2-passphrase-missing',
    severity: 'warning',
    evidence: 'pbkdf2 Config.Build: "no passphrase provided and no chained provider defined"; TF_ENCRYPTION merges over the code (config.MergeConfigs), 1.7.0+',
    check: (m) =>
      ofType(m, 'pbkdf2')
        .filter((e) => !e.values.has('passphrase') && !e.values.has('chain'))
        .map((e) => ({
          field: e.label,
          message: `has neither passphrase nor chain; the opentofu run must set TF_ENCRYPTION to key_provider "pbkdf2" "${e.spec.name}" { passphrase = ... }, or it fails`,
        })),
  },
  {
    id: 'encryption/kms-key',
    severity: 'warning',
    evidence: 'the KMS key providers call their service in KeyProvider.Provide on every plan and apply (aws_kms, gcp_kms, openbao 1.7.0+; azure_vault 1.11.0+)',
    check: (m) =>
      m.keyProviders
        .filter((e) => e.spec.kind.kms)
        .map((e) => ({
          field: e.label,
          message: `needs ${e.spec.kind.kms} at run time: the key must exist and the run's credentials must be allowed to use it, or every plan and apply fails`,
        })),
  },
  {
    id: 'encryption/aws-kms-region',
    severity: 'warning',
    evidence: 'aws_kms asAWSBase: "the region attribute or the AWS_REGION or AWS_DEFAULT_REGION environment variables must be set", 1.7.0+',
    check: (m) =>
      ofType(m, 'aws_kms')
        .filter((e) => !e.values.has('region'))
        .map((e) => ({ field: labelOfField(e, 'region'), message: 'is unset; the opentofu run must provide AWS_REGION or AWS_DEFAULT_REGION, or it fails' })),
  },
  {
    id: 'encryption/target-method-missing',
    severity: 'warning',
    evidence: 'methodConfigsFromTarget: the method must be a reference method.<type>.<name>; TF_ENCRYPTION can supply it (config.MergeConfigs), 1.7.0+',
    check: (m) =>
      m.targets
        .filter((t) => !t.method)
        .map((t) => ({ field: `${t.label}.method`, message: 'is unset; the opentofu run must supply it in TF_ENCRYPTION, or it fails' })),
  },
  {
    id: 'encryption/unencrypted-method',
    severity: 'warning',
    evidence: 'encryption.New: "Unencrypted method configured ... should only be enabled during migrations", 1.7.0+',
    check: (m) =>
      ofType(m, 'unencrypted', 'method').map((e) => ({
        field: e.label,
        message: 'reads and writes state in clear text; use it only while migrating to or from encryption, then remove it',
      })),
  },
  {
    id: 'encryption/experimental',
    severity: 'warning',
    evidence: 'OpenTofu documentation (language/state/encryption): the external key provider and method are experimental, 1.10.0+',
    check: (m) =>
      [...m.keyProviders, ...m.methods]
        .filter((e) => e.spec.kind.experimental)
        .map((e) => ({ field: e.label, message: 'is experimental in OpenTofu and may change in a later release' })),
  },
  {
    id: 'encryption/unreferable-name',
    severity: 'warning',
    evidence: 'OpenTofu accepts the block of a name that is not an identifier (keyprovider.NewAddr allows a digit or "-" first) but no reference to it parses, 1.7.0+',
    check: (m) => {
      const used = new Set(referenced(m));
      return [...m.keyProviders, ...m.methods]
        .filter((e) => !used.has(e) && typeof e.spec.name === 'string' && NAME.test(e.spec.name) && !IDENTIFIER.test(e.spec.name))
        .map((e) => ({ field: e.label, message: `has a name that starts with ${JSON.stringify(e.spec.name[0])}, so nothing can refer to it (not TF_ENCRYPTION either); start it with a letter or an underscore` }));
    },
  },
  {
    id: 'encryption/remote-state-other-stack',
    severity: 'warning',
    evidence: 'providers/tf ReadDataSourceEncrypted: the entry applies to the data source with that address in this configuration only, 1.7.0+',
    check: (m) =>
      m.targets
        .filter((t) => t.remoteState && TerraformStack.of(t.remoteState).node.path !== m.stackPath)
        .map((t) => ({
          field: `${t.label}.remoteState`,
          message: `is ${t.remoteState!.node.path}, in another stack; the entry has no effect there, give that stack its own StateEncryption`,
        })),
  },
];

// The rule table is checked when the module loads, as the stores' are (rule-kit.ts checkRuleRows).
checkRuleRows('encryption', [...ENCRYPTION_RULES, CROSS_STACK_CONSUMER], true);
