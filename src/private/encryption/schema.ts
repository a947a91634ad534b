import { DefinitionError } from '../errors/errors';
import { FieldSpec, FieldTable, PerTool } from '../kit/schema';

/*
 * OpenTofu's `terraform { encryption { ... } }` schema: one table per key provider and method type,
 * read from internal/encryption/keyprovider/* and internal/encryption/method/* of OpenTofu
 * v1.8.0, v1.8.11, v1.9.4, v1.10.10 and v1.12.6 (the releases the Go module proxy serves; 1.7 from
 * its documentation and changelog), and v1.13.0-beta1 for the arguments 1.13.0 adds. The tables
 * drive the reader below, the output and the docs.
 */

/**
 * OpenTofu 1.13.0, read from the source of v1.13.0-beta1 (and of main, 1.13.0-dev, August 2026): a
 * pre-release judges the arguments it adds, provisionally, until 1.13.0 is released.
 */
const NEXT_MINOR = '1.13.0';

/** The first OpenTofu release with state encryption (`terraform.encryption`). */
export const ENCRYPTION_SINCE = '1.7.0';

/** OpenTofu only: the per-tool form of a `since` or an `env` list. */
export function tofu<T>(value: T): PerTool<T> {
  return { opentofu: value };
}

/**
 * One argument of a key provider or method: a row of the same schema as the backends' fields
 * (kit/schema.ts `FieldSpec`; the types `numberList`, `stringMap`, `object` and `keyProvider` are the
 * encryption block's). `since` may be left out: the argument is as old as its key provider or method.
 */
export type EncryptionRow = Omit<FieldSpec, 'since' | 'fields'> & { readonly since?: PerTool<string>; readonly fields?: readonly EncryptionRow[] };

/** The rows of a key provider or method as field-table rows, each with its first release. */
function rowsSince(rows: readonly EncryptionRow[], since: string): FieldSpec[] {
  return rows.map((r) => ({ ...r, since: r.since ?? tofu(since), fields: r.fields ? rowsSince(r.fields, since) : undefined }));
}

/** A key provider or method type. */
export interface EncryptionKind {
  /** `key_provider` or `method`. */
  readonly block: 'key_provider' | 'method';
  /** The type label OpenTofu knows (`pbkdf2`, `aes_gcm`). */
  readonly type: string;
  /** The static factory that creates it (`EncryptionKeyProvider.pbkdf2`). */
  readonly factory: string;
  readonly since: string;
  /** OpenTofu's documentation calls it experimental. */
  readonly experimental?: boolean;
  /** Uses a key-management service that must be reachable and hold the key at run time. */
  readonly kms?: string;
  readonly fields: readonly FieldSpec[];
  /** `fields`, indexed (what the reader reads the props against). */
  readonly table: FieldTable;
}

/** A key provider or method type as written in the tables below (rows without their own `since`). */
type KindRow = Omit<EncryptionKind, 'fields' | 'table'> & { readonly fields: readonly EncryptionRow[] };

/** The kinds with their rows' first releases, checked when the module loads (as the stores' tables are). */
function kinds(rows: readonly KindRow[]): EncryptionKind[] {
  return rows.map((k) => {
    const fields = rowsSince(k.fields, k.since);
    const table = new FieldTable(fields); // throws on a name used twice
    for (const f of fields) {
      if (fields.filter((g) => g.key === f.key).length > 1) throw new DefinitionError(`${k.block} ${k.type}: two arguments have the key ${f.key}`);
    }
    return { ...k, fields, table };
  });
}

/** `encrypted_metadata_alias`, shared by every key provider (config.KeyProviderConfig). */
const METADATA_ALIAS: EncryptionRow = { name: 'encryptedMetadataAlias', key: 'encrypted_metadata_alias', type: 'string', since: tofu('1.9.0') };

const AWS_ASSUME_ROLE: readonly EncryptionRow[] = [
  { name: 'roleArn', key: 'role_arn', type: 'string', required: true },
  { name: 'duration', key: 'duration', type: 'string' },
  { name: 'externalId', key: 'external_id', type: 'string' },
  { name: 'policy', key: 'policy', type: 'string' },
  { name: 'policyArns', key: 'policy_arns', type: 'stringList' },
  { name: 'sessionName', key: 'session_name', type: 'string' },
  { name: 'tags', key: 'tags', type: 'stringMap' },
  { name: 'transitiveTagKeys', key: 'transitive_tag_keys', type: 'stringList' },
];

const AWS_WEB_IDENTITY: readonly EncryptionRow[] = [
  { name: 'roleArn', key: 'role_arn', type: 'string', env: tofu(['AWS_ROLE_ARN']) },
  { name: 'duration', key: 'duration', type: 'string' },
  { name: 'policy', key: 'policy', type: 'string' },
  { name: 'policyArns', key: 'policy_arns', type: 'stringList' },
  { name: 'sessionName', key: 'session_name', type: 'string', env: tofu(['AWS_ROLE_SESSION_NAME']) },
  { name: 'webIdentityToken', key: 'web_identity_token', type: 'string', secret: true, env: tofu(['AWS_WEB_IDENTITY_TOKEN']) },
  { name: 'webIdentityTokenFile', key: 'web_identity_token_file', type: 'string', env: tofu(['AWS_WEB_IDENTITY_TOKEN_FILE']) },
];

export const KEY_PROVIDERS: readonly EncryptionKind[] = kinds([
  {
    block: 'key_provider',
    type: 'pbkdf2',
    factory: 'EncryptionKeyProvider.pbkdf2',
    since: '1.7.0',
    fields: [
      // Required by the schema before 1.10 (hcl:"passphrase"), optional since `chain` exists; either
      // way TF_ENCRYPTION can supply it, so leaving it out is a warning, not an error.
      { name: 'passphrase', key: 'passphrase', type: 'string', secret: true },
      { name: 'chain', key: 'chain', type: 'keyProvider', since: tofu('1.10.0') },
      { name: 'keyLength', key: 'key_length', type: 'number' },
      { name: 'iterations', key: 'iterations', type: 'number' },
      { name: 'saltLength', key: 'salt_length', type: 'number' },
      { name: 'hashFunction', key: 'hash_function', type: 'string' },
      METADATA_ALIAS,
    ],
  },
  {
    block: 'key_provider',
    type: 'aws_kms',
    factory: 'EncryptionKeyProvider.awsKms',
    since: '1.7.0',
    kms: 'AWS KMS',
    fields: [
      { name: 'kmsKeyId', key: 'kms_key_id', type: 'string', required: true },
      { name: 'keySpec', key: 'key_spec', type: 'string', required: true },
      { name: 'region', key: 'region', type: 'string', env: tofu(['AWS_REGION', 'AWS_DEFAULT_REGION']) },
      { name: 'accessKey', key: 'access_key', type: 'string', secret: true, env: tofu(['AWS_ACCESS_KEY_ID']) },
      { name: 'secretKey', key: 'secret_key', type: 'string', secret: true, env: tofu(['AWS_SECRET_ACCESS_KEY']) },
      { name: 'token', key: 'token', type: 'string', secret: true, env: tofu(['AWS_SESSION_TOKEN']) },
      { name: 'profile', key: 'profile', type: 'string', env: tofu(['AWS_PROFILE']) },
      { name: 'sharedCredentialsFiles', key: 'shared_credentials_files', type: 'stringList', env: tofu(['AWS_SHARED_CREDENTIALS_FILE']) },
      { name: 'sharedConfigFiles', key: 'shared_config_files', type: 'stringList', env: tofu(['AWS_SHARED_CONFIG_FILE']) },
      { name: 'assumeRole', key: 'assume_role', type: 'object', fields: AWS_ASSUME_ROLE },
      { name: 'assumeRoleWithWebIdentity', key: 'assume_role_with_web_identity', type: 'object', fields: AWS_WEB_IDENTITY },
      { name: 'allowedAccountIds', key: 'allowed_account_ids', type: 'stringList' },
      { name: 'forbiddenAccountIds', key: 'forbidden_account_ids', type: 'stringList' },
      {
        name: 'endpoints',
        key: 'endpoints',
        type: 'block',
        fields: [
          { name: 'iam', key: 'iam', type: 'string', env: tofu(['AWS_ENDPOINT_URL_IAM']) },
          { name: 'sts', key: 'sts', type: 'string', env: tofu(['AWS_ENDPOINT_URL_STS']) },
        ],
      },
      { name: 'stsRegion', key: 'sts_region', type: 'string' },
      { name: 'maxRetries', key: 'max_retries', type: 'number' },
      { name: 'retryMode', key: 'retry_mode', type: 'string' },
      { name: 'skipCredentialsValidation', key: 'skip_credentials_validation', type: 'boolean' },
      { name: 'skipRequestingAccountId', key: 'skip_requesting_account_id', type: 'boolean' },
      { name: 'skipMetadataApiCheck', key: 'skip_metadata_api_check', type: 'boolean' },
      { name: 'ec2MetadataServiceEndpoint', key: 'ec2_metadata_service_endpoint', type: 'string' },
      { name: 'ec2MetadataServiceEndpointMode', key: 'ec2_metadata_service_endpoint_mode', type: 'string' },
      { name: 'httpProxy', key: 'http_proxy', type: 'string' },
      { name: 'httpsProxy', key: 'https_proxy', type: 'string' },
      { name: 'noProxy', key: 'no_proxy', type: 'string' },
      { name: 'insecure', key: 'insecure', type: 'boolean' },
      { name: 'useDualstackEndpoint', key: 'use_dualstack_endpoint', type: 'boolean' },
      { name: 'useFipsEndpoint', key: 'use_fips_endpoint', type: 'boolean' },
      { name: 'customCaBundle', key: 'custom_ca_bundle', type: 'string', env: tofu(['AWS_CA_BUNDLE']) },
      // OpenTofu 1.13.0 (#4298, aws_kms Config.EncryptionContext; kept in the key metadata, which decryption reads).
      { name: 'encryptionContext', key: 'encryption_context', type: 'stringMap', since: tofu(NEXT_MINOR) },
      METADATA_ALIAS,
    ],
  },
  {
    block: 'key_provider',
    type: 'gcp_kms',
    factory: 'EncryptionKeyProvider.gcpKms',
    since: '1.7.0',
    kms: 'Google Cloud KMS',
    fields: [
      { name: 'kmsEncryptionKey', key: 'kms_encryption_key', type: 'string', required: true },
      { name: 'keyLength', key: 'key_length', type: 'number', required: true },
      {
        name: 'credentials',
        key: 'credentials',
        type: 'string',
        // A key file's path, or the key's JSON text (a credential).
        secret: true,
        secretIf: (v) => typeof v === 'string' && v.trim().startsWith('{'),
        env: tofu(['GOOGLE_CREDENTIALS']),
      },
      { name: 'accessToken', key: 'access_token', type: 'string', secret: true, env: tofu(['GOOGLE_OAUTH_ACCESS_TOKEN']) },
      {
        name: 'impersonateServiceAccount',
        key: 'impersonate_service_account',
        type: 'string',
        env: tofu(['GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT', 'GOOGLE_IMPERSONATE_SERVICE_ACCOUNT']),
      },
      { name: 'impersonateServiceAccountDelegates', key: 'impersonate_service_account_delegates', type: 'stringList' },
      // OpenTofu 1.13.0 (#4287, gcp_kms Config.AdditionalAuthenticatedData; not kept in the key metadata: encryption/gcp-kms-aad-change).
      { name: 'additionalAuthenticatedData', key: 'additional_authenticated_data', type: 'string', since: tofu(NEXT_MINOR) },
      METADATA_ALIAS,
    ],
  },
  {
    block: 'key_provider',
    type: 'openbao',
    factory: 'EncryptionKeyProvider.openBao',
    since: '1.7.0',
    kms: 'OpenBao',
    fields: [
      { name: 'keyName', key: 'key_name', type: 'string', required: true },
      { name: 'token', key: 'token', type: 'string', secret: true, env: tofu(['BAO_TOKEN']) },
      { name: 'address', key: 'address', type: 'string', env: tofu(['BAO_ADDR']) },
      { name: 'transitEnginePath', key: 'transit_engine_path', type: 'string' },
      { name: 'keyLength', key: 'key_length', type: 'number' },
      // OpenTofu 1.13.0 (#4365, openbao Config.AssociatedData; kept in the key metadata, which decryption reads).
      { name: 'associatedData', key: 'associated_data', type: 'string', since: tofu(NEXT_MINOR) },
      METADATA_ALIAS,
    ],
  },
  {
    block: 'key_provider',
    type: 'azure_vault',
    factory: 'EncryptionKeyProvider.azureVault',
    since: '1.11.0',
    kms: 'Azure Key Vault',
    fields: [
      { name: 'vaultUri', key: 'vault_uri', type: 'string', required: true },
      { name: 'vaultKeyName', key: 'vault_key_name', type: 'string', required: true },
      { name: 'keyLength', key: 'key_length', type: 'number', required: true },
      { name: 'symmetric', key: 'symmetric', type: 'boolean' },
      { name: 'symmetricKeySize', key: 'symmetric_key_size', type: 'number' },
      { name: 'useCli', key: 'use_cli', type: 'boolean' },
      { name: 'clientId', key: 'client_id', type: 'string', env: tofu(['ARM_CLIENT_ID']) },
      { name: 'clientIdFilePath', key: 'client_id_file_path', type: 'string', env: tofu(['ARM_CLIENT_ID_FILE_PATH']) },
      { name: 'clientSecret', key: 'client_secret', type: 'string', secret: true, env: tofu(['ARM_CLIENT_SECRET']) },
      { name: 'clientSecretFilePath', key: 'client_secret_file_path', type: 'string', env: tofu(['ARM_CLIENT_SECRET_FILE_PATH']) },
      { name: 'clientCertificate', key: 'client_certificate', type: 'string', secret: true, env: tofu(['ARM_CLIENT_CERTIFICATE']) },
      {
        name: 'clientCertificatePassword',
        key: 'client_certificate_password',
        type: 'string',
        secret: true,
        env: tofu(['ARM_CLIENT_CERTIFICATE_PASSWORD']),
      },
      { name: 'clientCertificatePath', key: 'client_certificate_path', type: 'string', env: tofu(['ARM_CLIENT_CERTIFICATE_PATH']) },
      { name: 'useOidc', key: 'use_oidc', type: 'boolean' },
      { name: 'oidcToken', key: 'oidc_token', type: 'string', secret: true, env: tofu(['ARM_OIDC_TOKEN']) },
      { name: 'oidcTokenFilePath', key: 'oidc_token_file_path', type: 'string', env: tofu(['ARM_OIDC_TOKEN_FILE_PATH']) },
      { name: 'oidcRequestUrl', key: 'oidc_request_url', type: 'string', env: tofu(['ARM_OIDC_REQUEST_URL', 'ACTIONS_ID_TOKEN_REQUEST_URL']) },
      {
        name: 'oidcRequestToken',
        key: 'oidc_request_token',
        type: 'string',
        secret: true,
        env: tofu(['ARM_OIDC_REQUEST_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN']),
      },
      { name: 'useMsi', key: 'use_msi', type: 'boolean' },
      { name: 'msiEndpoint', key: 'msi_endpoint', type: 'string' },
      { name: 'useAksWorkloadIdentity', key: 'use_aks_workload_identity', type: 'boolean' },
      { name: 'environment', key: 'environment', type: 'string', env: tofu(['ARM_ENVIRONMENT']) },
      { name: 'metadataHost', key: 'metadata_host', type: 'string', env: tofu(['ARM_METADATA_HOST']) },
      { name: 'subscriptionId', key: 'subscription_id', type: 'string', env: tofu(['ARM_SUBSCRIPTION_ID']) },
      { name: 'tenantId', key: 'tenant_id', type: 'string', env: tofu(['ARM_TENANT_ID']) },
      METADATA_ALIAS,
    ],
  },
  {
    block: 'key_provider',
    type: 'external',
    factory: 'EncryptionKeyProvider.external',
    since: '1.10.0',
    experimental: true,
    fields: [{ name: 'command', key: 'command', type: 'stringList', required: true }, METADATA_ALIAS],
  },
]);

export const METHODS: readonly EncryptionKind[] = kinds([
  {
    block: 'method',
    type: 'aes_gcm',
    factory: 'EncryptionMethod.aesGcm',
    since: '1.7.0',
    fields: [
      { name: 'keys', key: 'keys', type: 'keyProvider', required: true },
      { name: 'aad', key: 'aad', type: 'numberList' },
    ],
  },
  {
    block: 'method',
    type: 'external',
    factory: 'EncryptionMethod.external',
    since: '1.10.0',
    experimental: true,
    fields: [
      { name: 'encryptCommand', key: 'encrypt_command', type: 'stringList', required: true },
      { name: 'decryptCommand', key: 'decrypt_command', type: 'stringList', required: true },
      { name: 'keys', key: 'keys', type: 'keyProvider' },
    ],
  },
  { block: 'method', type: 'unencrypted', factory: 'EncryptionMethod.unencrypted', since: '1.7.0', fields: [] },
]);

export function kindOf(block: 'key_provider' | 'method', type: string): EncryptionKind {
  const kind = (block === 'key_provider' ? KEY_PROVIDERS : METHODS).find((k) => k.type === type);
  if (!kind) throw new DefinitionError(`unknown ${block} type ${type}`);
  return kind;
}
