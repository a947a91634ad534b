/**
 * A valid sample for every argument of every key provider and method, and helpers that build
 * stacks with them. Secrets are placeholders.
 */
import * as path from 'path';
import { App, TerraformStack, Testing } from 'cdktf';
import { TOFU_VERSION } from './tofu-run';
import { EncryptionKeyProvider, EncryptionMethod, StateEncryption, StateEncryptionProps } from '../../src';
import { EncryptionKind, KEY_PROVIDERS, METHODS } from '../../src/private/encryption/schema';
import { TARGET_CONTEXT_KEY, compareVersions } from '../../src/private/target/target';

/** The external protocol helper (key provider and method) the tool runs: `node external-program.js <mode>`. */
export const EXTERNAL_PROGRAM = path.join(__dirname, 'external-program.js');
export const externalCommand = (mode: 'key' | 'encrypt' | 'decrypt'): string[] => [process.execPath, EXTERNAL_PROGRAM, mode];

export const PASSPHRASE = 'correct-horse-battery-staple';

/** A sample value for every field, by `<kind type>.<field>` (`.member` for object and block members). */
export const SAMPLES: Record<string, Record<string, unknown>> = {
  'key_provider.pbkdf2': {
    passphrase: PASSPHRASE,
    keyLength: 32,
    iterations: 600000,
    saltLength: 32,
    hashFunction: 'sha512',
    encryptedMetadataAlias: 'main-key',
  },
  'key_provider.aws_kms': {
    kmsKeyId: 'alias/tofu-state',
    keySpec: 'AES_256',
    region: 'eu-west-1',
    accessKey: '<ACCESS_KEY>',
    secretKey: '<SECRET_KEY>',
    token: '<SESSION_TOKEN>',
    profile: 'tofu',
    sharedCredentialsFiles: ['/secrets/aws/credentials'],
    sharedConfigFiles: ['/secrets/aws/config'],
    assumeRole: {
      roleArn: 'arn:aws:iam::123456789012:role/tofu-state',
      duration: '1h',
      externalId: 'tofu',
      policy: '{"Version":"2012-10-17","Statement":[]}',
      policyArns: ['arn:aws:iam::123456789012:policy/tofu-state'],
      sessionName: 'tofu',
      tags: { team: 'platform' },
      transitiveTagKeys: ['team'],
    },
    assumeRoleWithWebIdentity: {
      roleArn: 'arn:aws:iam::123456789012:role/tofu-oidc',
      duration: '90m',
      policy: '{"Version":"2012-10-17","Statement":[]}',
      policyArns: ['arn:aws:iam::123456789012:policy/tofu-oidc'],
      sessionName: 'tofu-oidc',
      webIdentityTokenFile: '/var/run/secrets/token',
    },
    allowedAccountIds: ['123456789012'],
    endpoints: { iam: 'https://iam.example.internal', sts: 'https://sts.example.internal' },
    stsRegion: 'eu-west-1',
    maxRetries: 3,
    retryMode: 'adaptive',
    skipCredentialsValidation: true,
    skipRequestingAccountId: true,
    skipMetadataApiCheck: true,
    ec2MetadataServiceEndpoint: 'http://169.254.169.254',
    ec2MetadataServiceEndpointMode: 'IPv4',
    httpProxy: 'http://proxy.example.internal:3128',
    httpsProxy: 'http://proxy.example.internal:3128',
    noProxy: 'localhost',
    insecure: false,
    useDualstackEndpoint: false,
    useFipsEndpoint: false,
    customCaBundle: '/etc/ssl/certs/ca-certificates.crt',
    encryptionContext: { stack: 'producer' },
    encryptedMetadataAlias: 'aws-key',
  },
  'key_provider.gcp_kms': {
    kmsEncryptionKey: 'projects/acme/locations/global/keyRings/tofu/cryptoKeys/state',
    keyLength: 32,
    credentials: '/secrets/gcp-service-account.json',
    accessToken: '<ACCESS_TOKEN>',
    impersonateServiceAccount: 'tofu@acme.iam.gserviceaccount.com',
    impersonateServiceAccountDelegates: ['delegate@acme.iam.gserviceaccount.com'],
    additionalAuthenticatedData: 'cHJvZHVjZXI=',
    encryptedMetadataAlias: 'gcp-key',
  },
  'key_provider.openbao': {
    keyName: 'tofu-state',
    token: '<BAO_TOKEN>',
    address: 'http://127.0.0.1:8200',
    transitEnginePath: '/transit',
    keyLength: 32,
    associatedData: 'cHJvZHVjZXI=',
    encryptedMetadataAlias: 'bao-key',
  },
  'key_provider.azure_vault': {
    vaultUri: 'https://acme-keys.vault.azure.net',
    vaultKeyName: 'tofu-state',
    keyLength: 32,
    symmetric: true,
    symmetricKeySize: 256,
    useCli: false,
    clientId: '00000000-0000-0000-0000-000000000001',
    clientIdFilePath: '/secrets/azure/client-id',
    clientSecret: '<CLIENT_SECRET>',
    clientSecretFilePath: '/secrets/azure/client-secret',
    clientCertificate: '<BASE64_PKCS12>',
    clientCertificatePassword: '<CERT_PASSWORD>',
    clientCertificatePath: '/secrets/azure/client.pfx',
    useOidc: true,
    oidcToken: '<OIDC_TOKEN>',
    oidcTokenFilePath: '/secrets/azure/oidc-token',
    oidcRequestUrl: 'https://token.actions.example.internal',
    oidcRequestToken: '<OIDC_REQUEST_TOKEN>',
    useMsi: true,
    msiEndpoint: 'http://169.254.169.254/metadata/identity/oauth2/token',
    useAksWorkloadIdentity: true,
    environment: 'public',
    metadataHost: '',
    subscriptionId: '00000000-0000-0000-0000-000000000002',
    tenantId: '00000000-0000-0000-0000-000000000003',
    encryptedMetadataAlias: 'azure-key',
  },
  'key_provider.external': {
    command: externalCommand('key'),
    encryptedMetadataAlias: 'external-key',
  },
  'method.aes_gcm': { aad: [1, 2, 3, 4] },
  'method.external': { encryptCommand: externalCommand('encrypt'), decryptCommand: externalCommand('decrypt') },
  'method.unencrypted': {},
};

/**
 * Samples of fields that exclude one in SAMPLES (OpenTofu refuses both together): the same kind
 * again with these values instead.
 */
export const ALTERNATIVE_SAMPLES: Record<string, Record<string, unknown>> = {
  'key_provider.aws_kms': {
    allowedAccountIds: undefined,
    forbiddenAccountIds: ['210987654321'],
    assumeRoleWithWebIdentity: { roleArn: 'arn:aws:iam::123456789012:role/tofu-oidc', webIdentityToken: '<OIDC_TOKEN>' },
  },
};

/**
 * The sample props of a kind for OpenTofu `upTo` (the judge's release by default: fields added later
 * are left out); `keys` of methods is a fresh pbkdf2 key provider.
 */
export function samplePropsOf(kind: EncryptionKind, keys?: EncryptionKeyProvider, alternative = false, upTo = TOFU_VERSION): Record<string, unknown> {
  const id = `${kind.block}.${kind.type}`;
  const props: Record<string, unknown> = { ...SAMPLES[id], ...(alternative ? ALTERNATIVE_SAMPLES[id] : {}) };
  const later = (name: string) => kind.fields.some((f) => f.name === name && compareVersions(f.since.opentofu!, upTo) > 0);
  for (const k of Object.keys(props)) if (props[k] === undefined || later(k)) delete props[k];
  if (kind.block === 'method' && kind.fields.some((f) => f.name === 'keys')) props.keys = keys ?? samplePbkdf2();
  return props;
}

export const samplePbkdf2 = (name = 'main'): EncryptionKeyProvider =>
  EncryptionKeyProvider.pbkdf2(name, { passphrase: PASSPHRASE, iterations: 200000 });

/** A key provider of `kind` with every sample field set. */
export function sampleKeyProvider(kind: EncryptionKind, name = 'main', alternative = false): EncryptionKeyProvider {
  const props = samplePropsOf(kind, undefined, alternative) as any;
  switch (kind.type) {
    case 'pbkdf2': return EncryptionKeyProvider.pbkdf2(name, props);
    case 'aws_kms': return EncryptionKeyProvider.awsKms(name, props);
    case 'gcp_kms': return EncryptionKeyProvider.gcpKms(name, props);
    case 'openbao': return EncryptionKeyProvider.openBao(name, props);
    case 'azure_vault': return EncryptionKeyProvider.azureVault(name, props);
    case 'external': return EncryptionKeyProvider.external(name, props);
  }
  throw new Error(`no sample for ${kind.type}`);
}

/** A method of `kind` with every sample field set. */
export function sampleMethod(kind: EncryptionKind, name = 'main', keys?: EncryptionKeyProvider): EncryptionMethod {
  const props = samplePropsOf(kind, keys) as any;
  switch (kind.type) {
    case 'aes_gcm': return EncryptionMethod.aesGcm(name, props);
    case 'external': return EncryptionMethod.external(name, props);
    case 'unencrypted': return EncryptionMethod.unencrypted(name);
  }
  throw new Error(`no sample for ${kind.type}`);
}

export const ALL_KINDS: readonly EncryptionKind[] = [...KEY_PROVIDERS, ...METHODS];

/** An app whose target is `target` (the release the encryption judge runs, TOFU_VERSION, by default). */
export function tofuApp(target = `opentofu@${TOFU_VERSION}`): App {
  const app = Testing.app();
  app.node.setContext(TARGET_CONTEXT_KEY, target);
  return app;
}

/** A stack named `producer` holding a StateEncryption with `props`. */
export function encryptedStack(props: StateEncryptionProps, target?: string): { stack: TerraformStack; encryption: StateEncryption } {
  const stack = new TerraformStack(tofuApp(target), 'producer');
  const encryption = new StateEncryption(stack, props);
  return { stack, encryption };
}

/** The encryption block of a stack's JSON output. */
export function encryptionOf(stack: TerraformStack): any {
  return JSON.parse(Testing.synth(stack)).terraform.encryption;
}
