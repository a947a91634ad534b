import { elementOf } from './model';
import { encryptionRule, AES_KEY_BYTES, Finding, gotField, isPolicyArn, keyBytes, labelOfField, literal, lookup, numberRule, ofType, parseGoDuration, perElement } from './rule-kit';
import { decodeBase64 } from '../kit/key-text';
import { got } from '../kit/messages';
import { mutuallyExclusive, oneOf } from '../kit/rule-builders';

/*
 * The argument rules of each key provider and method (rules.ts assembles the table). A check the
 * stores share (one of a list, mutually exclusive) is a store-kit builder run per element (perElement).
 */

export const ARGUMENT_RULES = [
  encryptionRule({
    id: 'encryption/pbkdf2-passphrase-length',
    severity: 'error',
    evidence: 'pbkdf2 Config.Build: "passphrase is too short (minimum 16 characters)", counted in bytes (MinimumPassphraseLength), 1.7.0+',
    check: (m) =>
      ofType(m, 'pbkdf2').flatMap((e) => {
        const v = literal(e, 'passphrase');
        return typeof v === 'string' && v !== '' && Buffer.byteLength(v, 'utf8') < 16
          ? [{ field: labelOfField(e, 'passphrase'), message: `${gotField(e, 'passphrase')} (${Buffer.byteLength(v, 'utf8')} bytes), expected at least 16 bytes` }]
          : [];
      }),
  }),
  perElement(
    'key_provider',
    'pbkdf2',
    mutuallyExclusive({ id: 'encryption/pbkdf2-passphrase-chain', evidence: 'pbkdf2 Config.Build: "passphrase and chain are mutually exclusive", 1.10.0+' }, ['passphrase', 'chain']),
  ),
  encryptionRule({
    id: 'encryption/pbkdf2-key-length',
    severity: 'error',
    evidence: 'pbkdf2 Config.Build: "the key length must be larger than zero", 1.7.0+',
    check: numberRule('pbkdf2', 'keyLength', (n) => n > 0, '1 or more bytes'),
  }),
  encryptionRule({
    id: 'encryption/pbkdf2-iterations',
    severity: 'error',
    evidence: 'pbkdf2 Config.Build: "the number of iterations is dangerously low (<200000), refusing to generate key" (MinimumIterations), 1.7.0+',
    check: numberRule('pbkdf2', 'iterations', (n) => n >= 200_000, '200000 or more (the default is 600000)'),
  }),
  encryptionRule({
    id: 'encryption/pbkdf2-salt-length',
    severity: 'error',
    evidence: 'pbkdf2 Config.Build: "the salt length must be larger than zero", 1.7.0+',
    check: numberRule('pbkdf2', 'saltLength', (n) => n > 0, '1 or more bytes'),
  }),
  perElement(
    'key_provider',
    'pbkdf2',
    oneOf({ id: 'encryption/pbkdf2-hash-function', evidence: 'pbkdf2 HashFunctionName.Validate: "invalid hash function name" (sha256, sha512), 1.7.0+' }, 'hashFunction', ['sha256', 'sha512']),
  ),
  encryptionRule({
    id: 'encryption/aes-gcm-key-length',
    severity: 'error',
    evidence: 'aesgcm Config.Build: "AES-GCM requires the key length to be one of: 16, 24, 32", 1.7.0+',
    check: (m) =>
      ofType(m, 'aes_gcm', 'method').flatMap((e) => {
        const keys = elementOf(m, literal(e, 'keys') as object);
        const bytes = keys ? keyBytes(keys) : undefined;
        return bytes !== undefined && !AES_KEY_BYTES.includes(bytes)
          ? [{
            field: labelOfField(e, 'keys'),
            message: `got ${keys!.label}, which yields ${bytes}-byte keys, expected a key provider that yields 16, 24 or 32-byte keys`,
          }]
          : [];
      }),
  }),
  encryptionRule({
    id: 'encryption/aes-gcm-aad',
    severity: 'error',
    evidence: 'aesgcm descriptor: aad is decoded into []byte, so every entry must be a byte (0 to 255), 1.7.0+',
    check: (m) =>
      ofType(m, 'aes_gcm', 'method').flatMap((e) => {
        const v = literal(e, 'aad');
        return Array.isArray(v) && v.some((b) => typeof b === 'number' && (b < 0 || b > 255))
          ? [{ field: labelOfField(e, 'aad'), message: `${gotField(e, 'aad')}, expected bytes (whole numbers from 0 to 255)` }]
          : [];
      }),
  }),
  encryptionRule({
    id: 'encryption/gcp-kms-key-length',
    severity: 'error',
    evidence: 'gcp_kms Config.Build: "key_length must be at least 1" / "key_length must be less than the GCP limit of 1024", 1.7.0+',
    check: numberRule('gcp_kms', 'keyLength', (n) => n >= 1 && n <= 1024, '1 to 1024 bytes'),
  }),
  encryptionRule({
    id: 'encryption/openbao-key-length',
    severity: 'error',
    evidence: 'openbao DataKeyLength.Validate: "data key length should one of 16, 32 or 64 bytes", 1.7.0+',
    check: numberRule('openbao', 'keyLength', (n) => [16, 32, 64].includes(n), 'one of 16, 32, 64 bytes'),
  }),
  perElement(
    'key_provider',
    'aws_kms',
    oneOf(
      { id: 'encryption/aws-kms-key-spec', evidence: 'aws_kms Config.validate: "invalid key_spec %s, expected one of [AES_256 AES_128]" (types.DataKeySpec), 1.7.0+' },
      'keySpec',
      ['AES_256', 'AES_128'],
    ),
  ),
  encryptionRule({
    id: 'encryption/aws-kms-assume-role-duration',
    severity: 'error',
    evidence: 'aws_kms parseAssumeRoleDuration: a Go duration from 15m0s to 12h0m0s ("assume_role duration must be between ..."), 1.7.0+',
    check: (m) =>
      ofType(m, 'aws_kms').flatMap((e) =>
        ['assumeRole.duration', 'assumeRoleWithWebIdentity.duration'].flatMap((name) => {
          const v = literal(e, name);
          if (typeof v !== 'string' || v === '') return [];
          const ns = parseGoDuration(v);
          const ok = ns !== undefined && ns >= 15 * 60e9 && ns <= 12 * 3600e9;
          return ok ? [] : [{ field: labelOfField(e, name), message: `${gotField(e, name)}, expected a duration from 15m to 12h, such as "1h" or "90m"` }];
        }),
      ),
  }),
  encryptionRule({
    id: 'encryption/aws-kms-policy-arns',
    severity: 'error',
    evidence: 'aws_kms validatePolicyARNs: each entry must parse as an ARN whose resource starts with "policy/", 1.7.0+',
    check: (m) =>
      ofType(m, 'aws_kms').flatMap((e) =>
        ['assumeRole.policyArns', 'assumeRoleWithWebIdentity.policyArns'].flatMap((name) => {
          const v = literal(e, name);
          const bad = Array.isArray(v) ? v.filter((a) => typeof a === 'string' && !isPolicyArn(a)) : [];
          return bad.length > 0 ? [{ field: labelOfField(e, name), message: `${got(bad[0], false)}, expected IAM policy ARNs such as "arn:aws:iam::123456789012:policy/name"` }] : [];
        }),
      ),
  }),
  perElement(
    'key_provider',
    'aws_kms',
    mutuallyExclusive(
      { id: 'encryption/aws-kms-account-ids', evidence: 'aws_kms asAWSBase: "only allowed_account_ids or forbidden_account_ids can be specified, not both", 1.7.0+' },
      ['allowedAccountIds', 'forbiddenAccountIds'],
    ),
  ),
  perElement(
    'key_provider',
    'aws_kms',
    // "" is the SDK's default mode.
    oneOf({ id: 'encryption/aws-kms-retry-mode', evidence: 'aws_kms asAWSBase: aws.ParseRetryMode accepts "standard" and "adaptive", 1.7.0+' }, 'retryMode', ['standard', 'adaptive'], true),
  ),
  perElement(
    'key_provider',
    'aws_kms',
    mutuallyExclusive(
      {
        id: 'encryption/aws-kms-web-identity-token',
        evidence: 'aws_kms AssumeRoleWithWebIdentity.asAWSBase: "only web_identity_token or web_identity_token_file can be specified, not both", 1.7.0+',
      },
      ['assumeRoleWithWebIdentity.webIdentityToken', 'assumeRoleWithWebIdentity.webIdentityTokenFile'],
    ),
  ),
  encryptionRule({
    id: 'encryption/azure-vault-key-length',
    severity: 'error',
    evidence: 'azure_vault Config.Build: "key_length must be at least 1", 1.11.0+',
    check: numberRule('azure_vault', 'keyLength', (n) => n >= 1, '1 or more bytes'),
  }),
  encryptionRule({
    id: 'encryption/azure-vault-symmetric-key-size',
    severity: 'error',
    evidence: 'azure_vault Config.Build: "when symmetric is set to true, symmetric_key_size must be given a value of 128, 192, or 256", 1.11.0+',
    check: (m) =>
      ofType(m, 'azure_vault').flatMap((e) => {
        if (literal(e, 'symmetric') !== true) return [];
        const size = lookup(e, 'symmetricKeySize');
        if (size?.expression) return [];
        return [128, 192, 256].includes(size?.value as number)
          ? []
          : [{ field: labelOfField(e, 'symmetricKeySize'), message: `${gotField(e, 'symmetricKeySize')} with symmetric true, expected one of 128, 192, 256` }];
      }),
  }),
  encryptionRule({
    id: 'encryption/azure-vault-names',
    severity: 'error',
    evidence:
      'azure_vault checkKeyNameAndVaultURL: key name ^[0-9a-zA-Z-]{1,127}$, vault name (first label of the URI host) ' +
      '^[a-zA-Z][0-9a-zA-Z-]{1,22}[0-9a-zA-Z]$ without "--", 1.11.0+',
    check: (m) =>
      ofType(m, 'azure_vault').flatMap((e) => {
        const out: Finding[] = [];
        const key = literal(e, 'vaultKeyName');
        if (typeof key === 'string' && !/^[0-9a-zA-Z-]{1,127}$/.test(key)) {
          out.push({ field: labelOfField(e, 'vaultKeyName'), message: `${gotField(e, 'vaultKeyName')}, expected 1 to 127 letters, digits or hyphens` });
        }
        const uri = literal(e, 'vaultUri');
        if (typeof uri === 'string') {
          let vault: string | undefined;
          try {
            vault = new URL(uri).hostname.split('.')[0];
          } catch {
            vault = undefined;
          }
          if (vault === undefined || !/^[a-zA-Z][0-9a-zA-Z-]{1,22}[0-9a-zA-Z]$/.test(vault) || vault.includes('--')) {
            out.push({
              field: labelOfField(e, 'vaultUri'),
              message: `${gotField(e, 'vaultUri')}, expected https://<vault>.vault.azure.net where <vault> is 3 to 24 letters, digits and single hyphens, starting with a letter`,
            });
          }
        }
        return out;
      }),
  }),
  encryptionRule({
    id: 'encryption/base64-data',
    severity: 'warning',
    evidence:
      'gcp_kms Config.Build: "additional_authenticated_data must be valid standard base64" / "must be less than the GCP limit of 64 KiB"; ' +
      'openbao Config.Build: "associated data is not valid base64"; 1.13.0-beta1 refuses both offline at plan (test/judges/state-encryption-tofu.test.ts), ' +
      'but only a pre-release judges it yet, so a warning',
    check: (m) =>
      [...ofType(m, 'gcp_kms').map((e) => [e, 'additionalAuthenticatedData', 64 * 1024] as const), ...ofType(m, 'openbao').map((e) => [e, 'associatedData', Infinity] as const)]
        .flatMap(([e, name, max]) => {
          const v = literal(e, name);
          if (typeof v !== 'string' || v === '') return [];
          const bytes = decodeBase64(v);
          if (bytes !== undefined && bytes <= max) return [];
          const limit = max === Infinity ? '' : ` of at most ${max} bytes`;
          return [{ field: labelOfField(e, name), message: `${gotField(e, name)}, expected standard base64 (padded)${limit}; opentofu 1.13 refuses the key provider otherwise` }];
        }),
  }),
  encryptionRule({
    id: 'encryption/external-command',
    severity: 'error',
    evidence: 'external method Config.Build: "the first entry of encrypt_command must not be empty" (and decrypt_command), 1.10.0+',
    check: (m) =>
      ofType(m, 'external', 'method').flatMap((e) =>
        ['encryptCommand', 'decryptCommand'].flatMap((name) => {
          const v = literal(e, name);
          return Array.isArray(v) && v[0] === '' ? [{ field: labelOfField(e, name), message: `${gotField(e, name)}, expected a command whose first entry is the program` }] : [];
        }),
      ),
  }),
];

