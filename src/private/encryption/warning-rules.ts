import { TerraformStack } from 'cdktf';
import { EncryptionModel } from './model';
import { encryptionRule, IDENTIFIER, NAME, isLiteralSecret, labelOfField, literal, lookup, ofType, referenced } from './rule-kit';
import { envVarsOf } from '../kit/schema';

/*
 * The warnings of `StateEncryption` (rules.ts assembles the table): what the run decides
 * (TF_ENCRYPTION, env vars, a key that must exist) or what is legal but has no effect.
 */

export const WARNING_RULES = [
  encryptionRule({
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
  }),
  encryptionRule({
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
  }),
  encryptionRule({
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
  }),
  encryptionRule({
    id: 'encryption/aws-kms-region',
    severity: 'warning',
    evidence: 'aws_kms asAWSBase: "the region attribute or the AWS_REGION or AWS_DEFAULT_REGION environment variables must be set", 1.7.0+',
    check: (m) =>
      ofType(m, 'aws_kms')
        .filter((e) => !e.values.has('region'))
        .map((e) => ({ field: labelOfField(e, 'region'), message: 'is unset; the opentofu run must provide AWS_REGION or AWS_DEFAULT_REGION, or it fails' })),
  }),
  encryptionRule({
    id: 'encryption/target-method-missing',
    severity: 'warning',
    evidence: 'methodConfigsFromTarget: the method must be a reference method.<type>.<name>; TF_ENCRYPTION can supply it (config.MergeConfigs), 1.7.0+',
    check: (m) =>
      m.targets
        .filter((t) => !t.method)
        .map((t) => ({ field: `${t.label}.method`, message: 'is unset; the opentofu run must supply it in TF_ENCRYPTION, or it fails' })),
  }),
  encryptionRule({
    id: 'encryption/unencrypted-method',
    severity: 'warning',
    evidence: 'encryption.New: "Unencrypted method configured ... should only be enabled during migrations", 1.7.0+',
    check: (m) =>
      ofType(m, 'unencrypted', 'method').map((e) => ({
        field: e.label,
        message: 'reads and writes state in clear text; use it only while migrating to or from encryption, then remove it',
      })),
  }),
  encryptionRule({
    id: 'encryption/experimental',
    severity: 'warning',
    evidence: 'OpenTofu documentation (language/state/encryption): the external key provider and method are experimental, 1.10.0+',
    check: (m) =>
      [...m.keyProviders, ...m.methods]
        .filter((e) => e.spec.kind.experimental)
        .map((e) => ({ field: e.label, message: 'is experimental in OpenTofu and may change in a later release' })),
  }),
  encryptionRule({
    id: 'encryption/unreferable-name',
    severity: 'warning',
    evidence: 'OpenTofu accepts the block of a name that is not an identifier (keyprovider.NewAddr allows a digit or "-" first) but no reference to it parses, 1.7.0+',
    check: (m) => {
      const used = new Set(referenced(m));
      return [...m.keyProviders, ...m.methods]
        .filter((e) => !used.has(e) && typeof e.spec.name === 'string' && NAME.test(e.spec.name) && !IDENTIFIER.test(e.spec.name))
        .map((e) => ({ field: e.label, message: `has a name that starts with ${JSON.stringify(e.spec.name[0])}, so nothing can refer to it (not TF_ENCRYPTION either); start it with a letter or an underscore` }));
    },
  }),
  encryptionRule({
    id: 'encryption/gcp-kms-aad-change',
    severity: 'warning',
    evidence:
      'gcp_kms keeps only the ciphertext in its key metadata (keyprovider/gcp_kms/provider.go keyMeta) and decrypts with the ' +
      'additional_authenticated_data of the configuration (Provide, DecryptRequest), unlike aws_kms (encryption_context) and openbao ' +
      '(associated_data), which keep theirs in the key metadata and decrypt with it; Cloud KMS refuses a decryption whose AAD differs; 1.13.0-beta1 source',
    check: (m) => {
      // A target whose method reads such a key provider and that has no fallback for the state written before.
      const unguarded = new Set(m.targets.filter((t) => t.method && t.fallbacks.length === 0).map((t) => twinOf(m, t.method!)));
      return ofType(m, 'gcp_kms')
        .filter((e) => lookup(e, 'additionalAuthenticatedData') !== undefined && literal(e, 'additionalAuthenticatedData') !== '')
        .filter((e) => m.methods.some((method) => unguarded.has(twinOf(m, method.ref)) && twinOf(m, literal(method, 'keys') as object) === e.ref))
        .map((e) => ({
          field: labelOfField(e, 'additionalAuthenticatedData'),
          message:
            'is set, and opentofu keeps no copy of it with the state: state written without it, or with another value, no longer decrypts. ' +
            'When adding or changing it on existing state, keep the previous key provider in a fallback method until the state is written again',
        }));
    },
  }),
  encryptionRule({
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
  }),
];

/** The object `ref` was read as: itself, or the first of its name and settings (`sameAs`). */
function twinOf(m: EncryptionModel, ref: object): object {
  return m.sameAs?.get(ref) ?? ref;
}
