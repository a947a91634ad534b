import { TerraformStack } from 'cdktf';
import { EncryptionModel, ReadElement, ReadTarget, elementOf } from './encryption-model';
import { ENCRYPTION_SINCE, ReadValue, sinceProblem } from './encryption-schema';
import { Violation, got } from './errors';

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

export type Severity = 'error' | 'warning';

/** One problem: the field as the user spelled it and what is wrong. */
export interface Finding {
  readonly field: string;
  readonly message: string;
}

export interface EncryptionRule {
  readonly id: string;
  readonly severity: Severity;
  /** Where OpenTofu decides this, and since when. */
  readonly evidence: string;
  readonly check: (m: EncryptionModel) => Finding[];
}

/** Errors and warnings of one model. */
export interface EncryptionCheck {
  readonly errors: Violation[];
  readonly warnings: string[];
}

/** Runs every rule; when the target has no state encryption at all, only that is reported. */
export function checkEncryption(m: EncryptionModel, rules: readonly EncryptionRule[] = ENCRYPTION_RULES): EncryptionCheck {
  const errors: Violation[] = [];
  const warnings: string[] = [];
  for (const rule of rules) {
    for (const f of rule.check(m)) {
      if (rule.severity === 'error') errors.push({ field: f.field, message: f.message });
      else warnings.push(`${f.field}: ${f.message}`);
    }
    if (rule.id === TARGET_RULE_ID && errors.length > 0) break;
  }
  return { errors, warnings };
}

const TARGET_RULE_ID = 'encryption/target';

// --- helpers ------------------------------------------------------------------------------------

const ofType = (m: EncryptionModel, type: string, block: 'key_provider' | 'method' = 'key_provider') =>
  (block === 'key_provider' ? m.keyProviders : m.methods).filter((e) => e.spec.kind.type === type);

/** The literal value of a field (dotted for members), or undefined when unset or a token. */
function literal(e: ReadElement, name: string): unknown {
  const v = lookup(e, name);
  return v && !v.expression ? v.value : undefined;
}

function lookup(e: ReadElement, name: string): ReadValue | undefined {
  const [head, member] = name.split('.');
  const v = e.values.get(head);
  return member ? v?.members?.get(member) : v;
}

const labelOfField = (e: ReadElement, name: string) => lookup(e, name)?.label ?? `${e.label}.${name}`;

function gotField(e: ReadElement, name: string): string {
  const v = lookup(e, name);
  return got(v?.value, !!v?.field.secret);
}

/** A whole-number field outside what OpenTofu accepts. */
function numberRule(type: string, name: string, ok: (n: number) => boolean, expected: string): (m: EncryptionModel) => Finding[] {
  return (m) =>
    ofType(m, type).flatMap((e) => {
      const v = literal(e, name);
      return typeof v === 'number' && !ok(v) ? [{ field: labelOfField(e, name), message: `${gotField(e, name)}, expected ${expected}` }] : [];
    });
}

/**
 * Bytes of the keys a key provider yields, when the config says so and the key provider's own
 * rule accepts the length (otherwise that rule reports it).
 */
function keyBytes(e: ReadElement): number | undefined {
  const length = (name: string, fallback?: number) => {
    const v = lookup(e, name);
    if (v === undefined) return fallback;
    return v.expression ? undefined : (v.value as number);
  };
  const within = (n: number | undefined, ok: (n: number) => boolean) => (n !== undefined && ok(n) ? n : undefined);
  switch (e.spec.kind.type) {
    case 'pbkdf2':
      return within(length('keyLength', 32), (n) => n > 0);
    case 'openbao':
      return within(length('keyLength', 32), (n) => [16, 32, 64].includes(n));
    case 'gcp_kms':
      return within(length('keyLength'), (n) => n >= 1 && n <= 1024);
    case 'azure_vault':
      return within(length('keyLength'), (n) => n >= 1);
    case 'aws_kms': {
      const spec = literal(e, 'keySpec');
      return spec === 'AES_256' ? 32 : spec === 'AES_128' ? 16 : undefined;
    }
    default:
      return undefined;
  }
}

/** Methods of a target in order: the method, then the fallbacks. */
const methodsOf = (t: ReadTarget) => [t.method, ...t.fallbacks].filter((x): x is object => !!x);

/** Go's time.ParseDuration, in nanoseconds; undefined when it is not a duration. */
export function parseGoDuration(s: string): number | undefined {
  const units: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };
  const m = /^([-+]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|0)$/.exec(s);
  if (!m) return undefined;
  if (m[2] === '0') return 0;
  let total = 0;
  for (const part of m[2].matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(part[1]) * units[part[2]];
  return m[1] === '-' ? -total : total;
}

/** aws-sdk-go-v2 arn.Parse plus the IAM policy check of aws_kms (validatePolicyARNs). */
function isPolicyArn(s: string): boolean {
  const parts = s.split(':');
  return parts.length >= 6 && parts[0] === 'arn' && parts.slice(5).join(':').startsWith('policy/');
}

const NAME = /^[a-zA-Z_0-9-]+$/;

/**
 * What a resolved value refers to that OpenTofu cannot evaluate before the run starts: resources
 * (`aws_instance.x`), data sources, module outputs, `count`/`each`/`self`, provider functions.
 * Variables, locals, `path.*` and `terraform.workspace` are fine. Quoted strings inside
 * expressions are skipped; a root counts as a resource type when it has an underscore and two
 * steps follow it (`type.name`).
 */
export function dynamicReferences(value: unknown): string[] {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  const out = new Set<string>();
  for (const expr of text.match(/\$\{(?:[^{}"]|"(?:[^"\\]|\\.)*"|\{[^{}]*\})*\}/g) ?? []) {
    const body = expr.slice(2, -1).replace(/"(?:[^"\\]|\\.)*"/g, '""');
    for (const m of body.matchAll(/provider::[\w-]+::[\w-]+/g)) out.add(m[0]);
    for (const m of body.matchAll(/(?<![\w.:-])([a-zA-Z_][\w-]*)((?:\.[a-zA-Z_][\w-]*)+)/g)) {
      const [root, steps] = [m[1], m[2].split('.').slice(1)];
      if (['data', 'module'].includes(root) || ['count', 'each', 'self'].includes(root)) out.add(`${root}.${steps.slice(0, root === 'data' ? 2 : 1).join('.')}`);
      else if (root.includes('_') && steps.length >= 2) out.add(`${root}.${steps[0]}`);
    }
  }
  return [...out];
}
const AES_KEY_BYTES = [16, 24, 32];

// --- the table ----------------------------------------------------------------------------------

export const ENCRYPTION_RULES: readonly EncryptionRule[] = [
  {
    id: TARGET_RULE_ID,
    severity: 'error',
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
      const problem = sinceProblem(ENCRYPTION_SINCE, m.target);
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
        const problem = sinceProblem(e.spec.kind.since, m.target);
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
    id: 'encryption/duplicate-name',
    severity: 'error',
    evidence: 'config.DecodeConfig: "Duplicate key_provider" / "Duplicate method" for two blocks of one type and name, 1.7.0+',
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
  {
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
  },
  {
    id: 'encryption/pbkdf2-passphrase-chain',
    severity: 'error',
    evidence: 'pbkdf2 Config.Build: "passphrase and chain are mutually exclusive", 1.10.0+',
    check: (m) =>
      ofType(m, 'pbkdf2')
        .filter((e) => e.values.has('passphrase') && e.values.has('chain'))
        .map((e) => ({ field: labelOfField(e, 'passphrase'), message: 'set together with chain, expected only one of passphrase, chain' })),
  },
  {
    id: 'encryption/pbkdf2-key-length',
    severity: 'error',
    evidence: 'pbkdf2 Config.Build: "the key length must be larger than zero", 1.7.0+',
    check: numberRule('pbkdf2', 'keyLength', (n) => n > 0, '1 or more bytes'),
  },
  {
    id: 'encryption/pbkdf2-iterations',
    severity: 'error',
    evidence: 'pbkdf2 Config.Build: "the number of iterations is dangerously low (<200000), refusing to generate key" (MinimumIterations), 1.7.0+',
    check: numberRule('pbkdf2', 'iterations', (n) => n >= 200_000, '200000 or more (the default is 600000)'),
  },
  {
    id: 'encryption/pbkdf2-salt-length',
    severity: 'error',
    evidence: 'pbkdf2 Config.Build: "the salt length must be larger than zero", 1.7.0+',
    check: numberRule('pbkdf2', 'saltLength', (n) => n > 0, '1 or more bytes'),
  },
  {
    id: 'encryption/pbkdf2-hash-function',
    severity: 'error',
    evidence: 'pbkdf2 HashFunctionName.Validate: "invalid hash function name" (sha256, sha512), 1.7.0+',
    check: (m) =>
      ofType(m, 'pbkdf2').flatMap((e) => {
        const v = literal(e, 'hashFunction');
        return typeof v === 'string' && v !== 'sha256' && v !== 'sha512'
          ? [{ field: labelOfField(e, 'hashFunction'), message: `${gotField(e, 'hashFunction')}, expected one of "sha256", "sha512"` }]
          : [];
      }),
  },
  {
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
  },
  {
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
  },
  {
    id: 'encryption/gcp-kms-key-length',
    severity: 'error',
    evidence: 'gcp_kms Config.Build: "key_length must be at least 1" / "key_length must be less than the GCP limit of 1024", 1.7.0+',
    check: numberRule('gcp_kms', 'keyLength', (n) => n >= 1 && n <= 1024, '1 to 1024 bytes'),
  },
  {
    id: 'encryption/openbao-key-length',
    severity: 'error',
    evidence: 'openbao DataKeyLength.Validate: "data key length should one of 16, 32 or 64 bytes", 1.7.0+',
    check: numberRule('openbao', 'keyLength', (n) => [16, 32, 64].includes(n), 'one of 16, 32, 64 bytes'),
  },
  {
    id: 'encryption/aws-kms-key-spec',
    severity: 'error',
    evidence: 'aws_kms Config.validate: "invalid key_spec %s, expected one of [AES_256 AES_128]" (types.DataKeySpec), 1.7.0+',
    check: (m) =>
      ofType(m, 'aws_kms').flatMap((e) => {
        const v = literal(e, 'keySpec');
        return typeof v === 'string' && v !== 'AES_256' && v !== 'AES_128'
          ? [{ field: labelOfField(e, 'keySpec'), message: `${gotField(e, 'keySpec')}, expected one of "AES_256", "AES_128"` }]
          : [];
      }),
  },
  {
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
  },
  {
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
  },
  {
    id: 'encryption/aws-kms-account-ids',
    severity: 'error',
    evidence: 'aws_kms asAWSBase: "only allowed_account_ids or forbidden_account_ids can be specified, not both", 1.7.0+',
    check: (m) =>
      ofType(m, 'aws_kms')
        .filter((e) => e.values.has('allowedAccountIds') && e.values.has('forbiddenAccountIds'))
        .map((e) => ({ field: labelOfField(e, 'allowedAccountIds'), message: 'set together with forbiddenAccountIds, expected only one of allowedAccountIds, forbiddenAccountIds' })),
  },
  {
    id: 'encryption/aws-kms-retry-mode',
    severity: 'error',
    evidence: 'aws_kms asAWSBase: aws.ParseRetryMode accepts "standard" and "adaptive", 1.7.0+',
    check: (m) =>
      ofType(m, 'aws_kms').flatMap((e) => {
        const v = literal(e, 'retryMode');
        return typeof v === 'string' && v !== '' && v !== 'standard' && v !== 'adaptive'
          ? [{ field: labelOfField(e, 'retryMode'), message: `${gotField(e, 'retryMode')}, expected one of "standard", "adaptive"` }]
          : [];
      }),
  },
  {
    id: 'encryption/aws-kms-web-identity-token',
    severity: 'error',
    evidence: 'aws_kms AssumeRoleWithWebIdentity.asAWSBase: "only web_identity_token or web_identity_token_file can be specified, not both", 1.7.0+',
    check: (m) =>
      ofType(m, 'aws_kms')
        .filter((e) => !!lookup(e, 'assumeRoleWithWebIdentity.webIdentityToken') && !!lookup(e, 'assumeRoleWithWebIdentity.webIdentityTokenFile'))
        .map((e) => ({
          field: labelOfField(e, 'assumeRoleWithWebIdentity.webIdentityToken'),
          message: 'set together with webIdentityTokenFile, expected only one of webIdentityToken, webIdentityTokenFile',
        })),
  },
  {
    id: 'encryption/azure-vault-key-length',
    severity: 'error',
    evidence: 'azure_vault Config.Build: "key_length must be at least 1", 1.11.0+',
    check: numberRule('azure_vault', 'keyLength', (n) => n >= 1, '1 or more bytes'),
  },
  {
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
  },
  {
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
  },
  {
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
  },

  {
    id: 'encryption/static-context',
    severity: 'error',
    evidence:
      'configs.staticScopeData.StaticValidateReferences: "Dynamic value in static context" / "Module output not supported in static context" / ' +
      '"Provider function in static context"; only variables, locals, path.* and terraform.workspace, 1.7.0+ (checked at synth, when tokens resolve)',
    check: (m) => {
      const resolve = m.resolve;
      if (!resolve) return [];
      return [...m.keyProviders, ...m.methods].flatMap((e) =>
        [...e.values.values()]
          .flatMap((v) => [v, ...(v.members?.values() ?? [])])
          .filter((v) => v.expression)
          .flatMap((v) => {
            const refs = dynamicReferences(resolve(v.value));
            return refs.length > 0
              ? [{
                field: v.label,
                message:
                  `got a reference to ${refs.join(', ')}, but opentofu evaluates the encryption block before any resource, data source or module ` +
                  'exists; use a variable or a local value',
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
          field: v.label,
          message:
            'is a secret set as a literal value, so it is written to cdk.tf.json in clear text; pass it in a sensitive TerraformVariable, ' +
            `or leave it out and set it in TF_ENCRYPTION (key_provider "${e.spec.kind.type}" "${e.spec.name}" { ${v.field.key} = ... })` +
            (v.field.env?.length ? `, or provide ${v.field.env.join(' or ')}` : ''),
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

function isLiteralSecret(v: ReadValue): boolean {
  if (!v.field.secret || v.expression || typeof v.value !== 'string' || v.value === '') return false;
  return v.field.secretIf ? v.field.secretIf(v.value) : true;
}
