/**
 * One configuration per error rule of StateEncryption, with the line of our error and what
 * OpenTofu says about the same configuration. The unit tests check our message, the tofu tests
 * check OpenTofu's refusal.
 */
import { DataTerraformRemoteStateLocal, TerraformLocal, TerraformResource, TerraformStack } from 'cdktf';
import { PASSPHRASE, externalCommand } from './encryption-samples';
import { EncryptionKeyProvider, EncryptionMethod } from '../../src';
import { EncryptionInputs } from '../../src/private/encryption/model';
import { EncryptionRuleId } from '../../src/private/encryption/rules';

export const pbkdf2 = (props: object, name = 'main') => EncryptionKeyProvider.pbkdf2(name, { passphrase: PASSPHRASE, ...props });
export const aes = (keys: EncryptionKeyProvider, props: object = {}) => EncryptionMethod.aesGcm('main', { keys, ...props });
export const aws = (props: object) => EncryptionKeyProvider.awsKms('main', { kmsKeyId: 'alias/k', keySpec: 'AES_256' as any, region: 'eu-west-1', ...props });
export const azure = (props: object) =>
  EncryptionKeyProvider.azureVault('main', { vaultUri: 'https://acme-keys.vault.azure.net', vaultKeyName: 'k', keyLength: 32, ...props });
export const state = (method: EncryptionMethod, more: object = {}): EncryptionInputs => ({ state: { method, ...more } });

export interface RefusalCase {
  readonly id: EncryptionRuleId;
  /** What the construct is given (in a stack named `producer`). */
  readonly props: (stack: TerraformStack) => EncryptionInputs;
  /** The line of our error (after `- `). */
  readonly ours: string;
  /** What OpenTofu says about the same configuration. */
  readonly tofu: RegExp;
  /** The configuration for OpenTofu in HCL, when JSON cannot express it (two blocks with one name). */
  readonly hcl?: string;
  /** Refused at synth (when tokens resolve), not when the construct is created. */
  readonly atSynth?: boolean;
}

export const REFUSALS: RefusalCase[] = [
  { id: 'encryption/name', props: () => state(aes(pbkdf2({}, 'my.key'))), ours: 'EncryptionKeyProvider.pbkdf2("my.key"): got "my.key" as the name, expected letters, digits, underscores and hyphens only', tofu: /The provided key provider name is invalid/ },
  {
    id: 'encryption/reference-name',
    props: () => state(aes(pbkdf2({}, '1key'))),
    ours: 'EncryptionKeyProvider.pbkdf2("1key"): got "1key" as the name, expected a letter or an underscore first (opentofu refers to it as key_provider.pbkdf2.<name>, an identifier)',
    tofu: /Extra characters after interpolation expression/,
  },
  {
    id: 'encryption/reference-name',
    props: () => state(EncryptionMethod.aesGcm('-meth', { keys: pbkdf2({}) })),
    ours: 'EncryptionMethod.aesGcm("-meth"): got "-meth" as the name, expected a letter or an underscore first (opentofu refers to it as method.aes_gcm.<name>, an identifier)',
    tofu: /Invalid expression/,
  },
  {
    id: 'encryption/template',
    ours:
      'EncryptionKeyProvider.pbkdf2("main").passphrase: got <redacted>, expected no "%{" and no "${" without its "}" (opentofu reads strings in the encryption block as templates); ' +
      'write %%{ / $${ for a literal',
    props: () => state(aes(EncryptionKeyProvider.pbkdf2('main', { passphrase: `${PASSPHRASE}%{x` }))),
    // The JSON form crashes init (state-encryption-tofu.test.ts shows it); the HCL form is refused.
    hcl: [
      'terraform {', '  encryption {',
      `    key_provider "pbkdf2" "main" {\n      passphrase = "${PASSPHRASE}%{x"\n    }`,
      '    method "aes_gcm" "main" {\n      keys = key_provider.pbkdf2.main\n    }',
      '    state {\n      method = method.aes_gcm.main\n    }',
      '  }', '}',
    ].join('\n'),
    tofu: /Invalid template control keyword/,
  },
  {
    id: 'encryption/template',
    ours: 'EncryptionKeyProvider.awsKms("main").assumeRole.tags.team%{x: is a key with a stray "%{" or an unclosed "${", expected a key opentofu can read (keys are templates there); write %%{ / $${ for a literal',
    props: () => state(aes(aws({ assumeRole: { roleArn: 'arn:aws:iam::1:role/r', tags: { 'team%{x': 'a' } } }))),
    tofu: /Invalid template control keyword/,
  },
  {
    id: 'encryption/duplicate-name',
    ours: 'EncryptionKeyProvider.pbkdf2("main"): declared twice with different settings, expected one key_provider per type and name (reuse the same object)',
    props: () => ({ keyProviders: [pbkdf2({}), pbkdf2({ passphrase: `${PASSPHRASE}-2` })] }),
    // JSON cannot hold two blocks of one type and name, HCL can: the same two declarations.
    hcl: [
      'terraform {', '  encryption {',
      `    key_provider "pbkdf2" "main" {\n      passphrase = "${PASSPHRASE}"\n    }`,
      `    key_provider "pbkdf2" "main" {\n      passphrase = "${PASSPHRASE}-2"\n    }`,
      '  }', '}',
    ].join('\n'),
    tofu: /Duplicate key_provider/,
  },
  {
    id: 'encryption/duplicate-remote-state',
    ours: 'remoteStates[1].remoteState: got producer/remote again (also in remoteStates[0]), expected one entry per remote state',
    props: (stack) => {
      const remote = new DataTerraformRemoteStateLocal(stack, 'remote', { path: 'other.tfstate' });
      const plain = EncryptionMethod.unencrypted('plain');
      return { remoteStates: [{ remoteState: remote, method: plain }, { remoteState: remote, method: plain }] };
    },
    hcl: [
      'terraform {', '  encryption {',
      '    method "unencrypted" "plain" {}',
      '    remote_state_data_sources {',
      '      remote_state_data_source "producer" {\n        method = method.unencrypted.plain\n      }',
      '      remote_state_data_source "producer" {\n        method = method.unencrypted.plain\n      }',
      '    }', '  }', '}',
    ].join('\n'),
    tofu: /Duplicate remote_data_source/,
  },
  {
    id: 'encryption/enforced-unencrypted',
    ours: 'state.fallbacks[0]: got EncryptionMethod.unencrypted("migrate") with enforced true, expected an encrypting method (enforced forbids unencrypted; drop enforced while migrating)',
    props: () => state(aes(pbkdf2({})), { fallbacks: [EncryptionMethod.unencrypted('migrate')], enforced: true }),
    tofu: /Unencrypted method is forbidden/,
  },
  { id: 'encryption/pbkdf2-passphrase-length', props: () => state(aes(EncryptionKeyProvider.pbkdf2('main', { passphrase: 'too-short' }))), ours: 'EncryptionKeyProvider.pbkdf2("main").passphrase: got <redacted> (9 bytes), expected at least 16 bytes', tofu: /passphrase is too short \(minimum 16 characters\)/ },
  {
    // 16 characters, but OpenTofu reads `$${` as `${`: 15 bytes.
    id: 'encryption/pbkdf2-passphrase-length',
    props: () => state(aes(EncryptionKeyProvider.pbkdf2('main', { passphrase: 'abcdefghijklm$${' }))),
    ours: 'EncryptionKeyProvider.pbkdf2("main").passphrase: got <redacted> (15 bytes), expected at least 16 bytes',
    tofu: /passphrase is too short \(minimum 16 characters\)/,
  },
  {
    id: 'encryption/pbkdf2-passphrase-chain',
    ours: 'EncryptionKeyProvider.pbkdf2("main").passphrase: set together with chain, expected only one of passphrase, chain',
    props: () => state(aes(pbkdf2({ chain: EncryptionKeyProvider.external('ext', { command: externalCommand('key') }) }))),
    tofu: /passphrase and chain are mutually exclusive/,
  },
  { id: 'encryption/pbkdf2-key-length', props: () => state(aes(pbkdf2({ keyLength: 0 }))), ours: 'EncryptionKeyProvider.pbkdf2("main").keyLength: got 0, expected 1 or more bytes', tofu: /the key length must be larger than zero/ },
  { id: 'encryption/pbkdf2-iterations', props: () => state(aes(pbkdf2({ iterations: 100000 }))), ours: 'EncryptionKeyProvider.pbkdf2("main").iterations: got 100000, expected 200000 or more (the default is 600000)', tofu: /the number of iterations is dangerously low/ },
  { id: 'encryption/pbkdf2-salt-length', props: () => state(aes(pbkdf2({ saltLength: 0 }))), ours: 'EncryptionKeyProvider.pbkdf2("main").saltLength: got 0, expected 1 or more bytes', tofu: /the salt length must be larger than zero/ },
  { id: 'encryption/pbkdf2-hash-function', props: () => state(aes(pbkdf2({ hashFunction: 'sha1' }))), ours: 'EncryptionKeyProvider.pbkdf2("main").hashFunction: got "sha1", expected one of "sha256", "sha512"', tofu: /invalid hash function name: sha1/ },
  { id: 'encryption/aes-gcm-key-length', props: () => state(aes(pbkdf2({ keyLength: 64 }))), ours: 'EncryptionMethod.aesGcm("main").keys: got EncryptionKeyProvider.pbkdf2("main"), which yields 64-byte keys, expected a key provider that yields 16, 24 or 32-byte keys', tofu: /AES-GCM requires the key length to be one of: 16, 24, 32, received 64 bytes/ },
  { id: 'encryption/aes-gcm-aad', props: () => state(aes(pbkdf2({}), { aad: [1, 300] })), ours: 'EncryptionMethod.aesGcm("main").aad: got [1,300], expected bytes (whole numbers from 0 to 255)', tofu: /value must be a whole number, between 0 and 255 inclusive/ },
  {
    id: 'encryption/gcp-kms-key-length',
    ours: 'EncryptionKeyProvider.gcpKms("main").keyLength: got 2048, expected 1 to 1024 bytes',
    props: () => state(aes(EncryptionKeyProvider.gcpKms('main', { kmsEncryptionKey: 'projects/p/locations/global/keyRings/r/cryptoKeys/k', keyLength: 2048, accessToken: 'x' }))),
    tofu: /key_length must be less than the GCP limit of 1024/,
  },
  { id: 'encryption/openbao-key-length', props: () => state(aes(EncryptionKeyProvider.openBao('main', { keyName: 'k', keyLength: 24 }))), ours: 'EncryptionKeyProvider.openBao("main").keyLength: got 24, expected one of 16, 32, 64 bytes', tofu: /data key length should one of 16, 32 or 64 bytes/ },
  { id: 'encryption/aws-kms-key-spec', props: () => state(aes(aws({ keySpec: 'AES_512' }))), ours: 'EncryptionKeyProvider.awsKms("main").keySpec: got "AES_512", expected one of "AES_256", "AES_128"', tofu: /invalid key_spec AES_512, expected one of \[AES_256 AES_128\]/ },
  { id: 'encryption/aws-kms-assume-role-duration', props: () => state(aes(aws({ assumeRole: { roleArn: 'arn:aws:iam::1:role/r', duration: '5m' } }))), ours: 'EncryptionKeyProvider.awsKms("main").assumeRole.duration: got "5m", expected a duration from 15m to 12h, such as "1h" or "90m"', tofu: /assume_role duration must be between 15m0s and 12h0m0s/ },
  { id: 'encryption/aws-kms-policy-arns', props: () => state(aes(aws({ assumeRole: { roleArn: 'arn:aws:iam::1:role/r', policyArns: ['arn:aws:iam::1:role/not-a-policy'] } }))), ours: 'EncryptionKeyProvider.awsKms("main").assumeRole.policyArns: got "arn:aws:iam::1:role/not-a-policy", expected IAM policy ARNs such as "arn:aws:iam::123456789012:policy/name"', tofu: /arn must be a valid IAM Policy ARN/ },
  { id: 'encryption/aws-kms-account-ids', props: () => state(aes(aws({ allowedAccountIds: ['1'], forbiddenAccountIds: ['2'] }))), ours: 'EncryptionKeyProvider.awsKms("main").allowedAccountIds: set together with forbiddenAccountIds, expected only one of allowedAccountIds, forbiddenAccountIds', tofu: /only allowed_account_ids or forbidden_account_ids can be specified/ },
  { id: 'encryption/aws-kms-retry-mode', props: () => state(aes(aws({ retryMode: 'eager' }))), ours: 'EncryptionKeyProvider.awsKms("main").retryMode: got "eager", expected one of "standard", "adaptive"', tofu: /expected "standard" or "adaptive"/ },
  {
    id: 'encryption/aws-kms-web-identity-token',
    ours: 'EncryptionKeyProvider.awsKms("main").assumeRoleWithWebIdentity.webIdentityToken: set together with webIdentityTokenFile, expected only one of webIdentityToken, webIdentityTokenFile',
    props: () => state(aes(aws({ assumeRoleWithWebIdentity: { roleArn: 'arn:aws:iam::1:role/r', webIdentityToken: 't', webIdentityTokenFile: '/t' } }))),
    tofu: /only web_identity_token or web_identity_token_file can be specified/,
  },
  { id: 'encryption/azure-vault-key-length', props: () => state(aes(azure({ keyLength: 0 }))), ours: 'EncryptionKeyProvider.azureVault("main").keyLength: got 0, expected 1 or more bytes', tofu: /key_length must be at least 1/ },
  { id: 'encryption/azure-vault-symmetric-key-size', props: () => state(aes(azure({ symmetric: true, symmetricKeySize: 512 }))), ours: 'EncryptionKeyProvider.azureVault("main").symmetricKeySize: got 512 with symmetric true, expected one of 128, 192, 256', tofu: /symmetric_key_size must be given a value of 128, 192, or 256/ },
  { id: 'encryption/azure-vault-names', props: () => state(aes(azure({ vaultUri: 'https://ab.vault.azure.net' }))), ours: 'EncryptionKeyProvider.azureVault("main").vaultUri: got "https://ab.vault.azure.net", expected https://<vault>.vault.azure.net where <vault> is 3 to 24 letters, digits and single hyphens, starting with a letter', tofu: /invalid key vault name/ },
  {
    id: 'encryption/external-command',
    ours: 'EncryptionMethod.external("main").encryptCommand: got ["","x"], expected a command whose first entry is the program',
    props: () => state(EncryptionMethod.external('main', { encryptCommand: ['', 'x'], decryptCommand: externalCommand('decrypt') })),
    tofu: /the first entry of encrypt_command must not be empty/,
  },
  {
    id: 'encryption/static-context',
    // terraform_data is built into OpenTofu, so the run needs no provider.
    props: (stack) => {
      const data = new TerraformResource(stack, 'seed', { terraformResourceType: 'terraform_data' });
      return state(aes(EncryptionKeyProvider.pbkdf2('main', { passphrase: data.getStringAttribute('id') })));
    },
    atSynth: true,
    ours: 'EncryptionKeyProvider.pbkdf2("main").passphrase: got a reference to terraform_data.seed, but opentofu evaluates the encryption block before any resource, data source or module exists; use a variable, or a local value that reads only variables',
    tofu: /Dynamic value in static context/,
  },
  {
    id: 'encryption/static-context',
    // A local value is fine in the encryption block, unless it reads a resource (issue 18 item 4).
    props: (stack) => {
      const data = new TerraformResource(stack, 'seed', { terraformResourceType: 'terraform_data', count: 1 } as any);
      const local = new TerraformLocal(stack, 'derived', `\${${data.terraformResourceType}.${data.friendlyUniqueId}[0].id}-suffix`);
      return state(aes(EncryptionKeyProvider.pbkdf2('main', { passphrase: local.asString })));
    },
    atSynth: true,
    ours: 'EncryptionKeyProvider.pbkdf2("main").passphrase: got a reference to terraform_data.seed (through local.derived), but opentofu evaluates the encryption block before any resource, data source or module exists; use a variable, or a local value that reads only variables',
    tofu: /Unable to compute static value|Dynamic value in static context/,
  },
  {
    id: 'encryption/static-context',
    // A literal expression with an index step.
    props: (stack) => {
      new TerraformResource(stack, 'r', { terraformResourceType: 'terraform_data', count: 1 } as any);
      return state(aes(EncryptionKeyProvider.pbkdf2('main', { passphrase: '${terraform_data.r[0].id}' })));
    },
    atSynth: true,
    ours: 'EncryptionKeyProvider.pbkdf2("main").passphrase: got a reference to terraform_data.r, but opentofu evaluates the encryption block before any resource, data source or module exists; use a variable, or a local value that reads only variables',
    tofu: /Dynamic value in static context|Unable to compute static value/,
  },
];
