import { attachSpec, specOf } from './private/encryption/brand';
import { kindOf } from './private/encryption/schema';

/*
 * OpenTofu's state-encryption key providers (`key_provider "<type>" "<name>"`): their props and
 * the factory class. Their field tables are in private/encryption/schema.ts.
 */

/**
 * Hash function of the PBKDF2 key provider.
 */
export enum Pbkdf2HashFunction {
  /** SHA-256. */
  SHA256 = 'sha256',
  /** SHA-512, OpenTofu's default. */
  SHA512 = 'sha512',
}

/**
 * Data key spec of the AWS KMS key provider.
 */
export enum AwsKmsKeySpec {
  /** A 256-bit (32-byte) key, for AES-256. */
  AES_256 = 'AES_256',
  /** A 128-bit (16-byte) key, for AES-128. */
  AES_128 = 'AES_128',
}

/**
 * Settings every key provider has.
 */
export interface EncryptionKeyProviderOptions {
  /**
   * Key under which the key provider's metadata is stored in encrypted files. Set it to be able to
   * rename the key provider later, or to read a state that another configuration wrote with a
   * key provider of a different name. OpenTofu 1.9.0 and later.
   *
   * @default - the key provider's address, `key_provider.<type>.<name>`
   */
  readonly encryptedMetadataAlias?: string;
}

/**
 * A key derived from a passphrase with PBKDF2 (`key_provider "pbkdf2"`).
 *
 * @see https://opentofu.org/docs/language/state/encryption/#pbkdf2
 */
export interface Pbkdf2KeyProviderProps extends EncryptionKeyProviderOptions {
  /**
   * The passphrase: at least 16 bytes. Cannot be combined with `chain`.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text. Pass a sensitive
   * `TerraformVariable` instead, or leave it unset and set it in `TF_ENCRYPTION`.
   *
   * @default - none; without it (and without `chain`) the run must set the passphrase in `TF_ENCRYPTION`
   */
  readonly passphrase?: string;

  /**
   * Takes the passphrase from another key provider's key, for example an external command.
   * Cannot be combined with `passphrase`. OpenTofu 1.10.0 and later.
   *
   * @default - the passphrase is given by `passphrase`
   */
  readonly chain?: EncryptionKeyProvider;

  /**
   * Length of the derived key in bytes. AES-GCM needs 16, 24 or 32.
   *
   * @default 32
   */
  readonly keyLength?: number;

  /**
   * Number of PBKDF2 iterations: at least 200,000.
   *
   * @default 600000
   */
  readonly iterations?: number;

  /**
   * Length of the random salt in bytes.
   *
   * @default 32
   */
  readonly saltLength?: number;

  /**
   * Hash function (`sha256` or `sha512`).
   *
   * @default Pbkdf2HashFunction.SHA512
   */
  readonly hashFunction?: Pbkdf2HashFunction;
}

/**
 * Assume-role settings of the AWS KMS key provider (`assume_role = { ... }`).
 */
export interface AwsKmsAssumeRole {
  /** ARN of the role to assume. */
  readonly roleArn: string;
  /**
   * Session duration, a Go duration from 15m to 12h (`1h`, `90m`).
   *
   * @default - AWS's default (1 hour)
   */
  readonly duration?: string;
  /**
   * External ID the role's trust policy asks for.
   *
   * @default - none
   */
  readonly externalId?: string;
  /**
   * Inline IAM policy (JSON) that narrows the session's permissions.
   *
   * @default - none
   */
  readonly policy?: string;
  /**
   * ARNs of managed IAM policies that narrow the session's permissions.
   *
   * @default - none
   */
  readonly policyArns?: string[];
  /**
   * Session name.
   *
   * @default - chosen by the AWS SDK
   */
  readonly sessionName?: string;
  /**
   * Session tags.
   *
   * @default - none
   */
  readonly tags?: { [key: string]: string };
  /**
   * Keys of session tags passed on to roles assumed next.
   *
   * @default - none
   */
  readonly transitiveTagKeys?: string[];
}

/**
 * Web-identity assume-role settings of the AWS KMS key provider
 * (`assume_role_with_web_identity = { ... }`).
 */
export interface AwsKmsAssumeRoleWithWebIdentity {
  /**
   * ARN of the role to assume.
   *
   * @default - OpenTofu reads `AWS_ROLE_ARN`
   */
  readonly roleArn?: string;
  /**
   * Session duration, a Go duration from 15m to 12h.
   *
   * @default - AWS's default (1 hour)
   */
  readonly duration?: string;
  /**
   * Inline IAM policy (JSON) that narrows the session's permissions.
   *
   * @default - none
   */
  readonly policy?: string;
  /**
   * ARNs of managed IAM policies that narrow the session's permissions.
   *
   * @default - none
   */
  readonly policyArns?: string[];
  /**
   * Session name.
   *
   * @default - OpenTofu reads `AWS_ROLE_SESSION_NAME`
   */
  readonly sessionName?: string;
  /**
   * The OIDC token. Cannot be combined with `webIdentityTokenFile`.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `AWS_WEB_IDENTITY_TOKEN`
   */
  readonly webIdentityToken?: string;
  /**
   * Path of a file holding the OIDC token.
   *
   * @default - OpenTofu reads `AWS_WEB_IDENTITY_TOKEN_FILE`
   */
  readonly webIdentityTokenFile?: string;
}

/**
 * Custom endpoints of the AWS KMS key provider (`endpoints { ... }`).
 */
export interface AwsKmsEndpoints {
  /**
   * IAM endpoint.
   *
   * @default - OpenTofu reads `AWS_ENDPOINT_URL_IAM`; without it, the public endpoint
   */
  readonly iam?: string;
  /**
   * STS endpoint.
   *
   * @default - OpenTofu reads `AWS_ENDPOINT_URL_STS`; without it, the public endpoint
   */
  readonly sts?: string;
}

/**
 * Data keys generated by AWS KMS (`key_provider "aws_kms"`). Authentication works as in the s3
 * backend.
 *
 * @see https://opentofu.org/docs/language/state/encryption/#aws-kms
 */
export interface AwsKmsKeyProviderProps extends EncryptionKeyProviderOptions {
  /** ID, ARN or alias of the KMS key. The key must exist. */
  readonly kmsKeyId: string;
  /** Spec of the data keys: `AES_256` (32 bytes) or `AES_128` (16 bytes). */
  readonly keySpec: AwsKmsKeySpec;
  /**
   * AWS region of the key.
   *
   * @default - OpenTofu reads `AWS_REGION`, then `AWS_DEFAULT_REGION`; without either it fails
   */
  readonly region?: string;
  /**
   * Access key ID.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - the AWS SDK's credential chain (`AWS_ACCESS_KEY_ID`, profiles, instance roles)
   */
  readonly accessKey?: string;
  /**
   * Secret access key.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - the AWS SDK's credential chain (`AWS_SECRET_ACCESS_KEY`, profiles, instance roles)
   */
  readonly secretKey?: string;
  /**
   * Session token of temporary credentials.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - the AWS SDK's credential chain (`AWS_SESSION_TOKEN`)
   */
  readonly token?: string;
  /**
   * Named profile of the shared config and credentials files.
   *
   * @default - OpenTofu reads `AWS_PROFILE`
   */
  readonly profile?: string;
  /**
   * Paths of shared credentials files.
   *
   * @default - OpenTofu reads `AWS_SHARED_CREDENTIALS_FILE`; without it, `~/.aws/credentials`
   */
  readonly sharedCredentialsFiles?: string[];
  /**
   * Paths of shared config files.
   *
   * @default - OpenTofu reads `AWS_SHARED_CONFIG_FILE`; without it, `~/.aws/config`
   */
  readonly sharedConfigFiles?: string[];
  /**
   * Role to assume.
   *
   * @default - no role is assumed
   */
  readonly assumeRole?: AwsKmsAssumeRole;
  /**
   * Role to assume with a web-identity (OIDC) token.
   *
   * @default - no role is assumed
   */
  readonly assumeRoleWithWebIdentity?: AwsKmsAssumeRoleWithWebIdentity;
  /**
   * Account IDs the credentials must belong to. Cannot be combined with `forbiddenAccountIds`.
   *
   * @default - any account
   */
  readonly allowedAccountIds?: string[];
  /**
   * Account IDs the credentials must not belong to. Cannot be combined with `allowedAccountIds`.
   *
   * @default - no account is refused
   */
  readonly forbiddenAccountIds?: string[];
  /**
   * Custom IAM and STS endpoints.
   *
   * @default - the public endpoints
   */
  readonly endpoints?: AwsKmsEndpoints;
  /**
   * Region of the STS endpoint.
   *
   * @default - `region`
   */
  readonly stsRegion?: string;
  /**
   * Maximum number of retries of an AWS API call.
   *
   * @default 5
   */
  readonly maxRetries?: number;
  /**
   * Retry mode: `standard` or `adaptive`.
   *
   * @default - the AWS SDK's default (`standard`, or `AWS_RETRY_MODE`)
   */
  readonly retryMode?: string;
  /**
   * Skip checking the credentials with STS.
   *
   * @default false
   */
  readonly skipCredentialsValidation?: boolean;
  /**
   * Skip looking up the account ID.
   *
   * @default false
   */
  readonly skipRequestingAccountId?: boolean;
  /**
   * `true` turns the EC2 instance metadata service on, `false` turns it off.
   *
   * @default - the AWS SDK decides
   */
  readonly skipMetadataApiCheck?: boolean;
  /**
   * Endpoint of the EC2 instance metadata service.
   *
   * @default - OpenTofu reads `AWS_EC2_METADATA_SERVICE_ENDPOINT`
   */
  readonly ec2MetadataServiceEndpoint?: string;
  /**
   * Protocol of the EC2 instance metadata service endpoint (`IPv4` or `IPv6`).
   *
   * @default - OpenTofu reads `AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE`
   */
  readonly ec2MetadataServiceEndpointMode?: string;
  /**
   * HTTP proxy URL.
   *
   * @default - `HTTP_PROXY`
   */
  readonly httpProxy?: string;
  /**
   * HTTPS proxy URL.
   *
   * @default - `HTTPS_PROXY`
   */
  readonly httpsProxy?: string;
  /**
   * Hosts that bypass the proxy, comma-separated.
   *
   * @default - `NO_PROXY`
   */
  readonly noProxy?: string;
  /**
   * Skip verifying TLS certificates.
   *
   * @default false
   */
  readonly insecure?: boolean;
  /**
   * Use dual-stack (IPv6) endpoints.
   *
   * @default false
   */
  readonly useDualstackEndpoint?: boolean;
  /**
   * Use FIPS endpoints.
   *
   * @default false
   */
  readonly useFipsEndpoint?: boolean;
  /**
   * Path of a PEM bundle of extra CA certificates.
   *
   * @default - OpenTofu reads `AWS_CA_BUNDLE`
   */
  readonly customCaBundle?: string;
  /**
   * Encryption context: key-value pairs sent to AWS KMS with every data-key request and
   * decryption, which must match to decrypt. OpenTofu 1.13.0 and later.
   *
   * @default - no encryption context
   */
  readonly encryptionContext?: { [key: string]: string };
}

/**
 * Data keys generated by Google Cloud KMS (`key_provider "gcp_kms"`). Authentication works as in
 * the gcs backend.
 *
 * @see https://opentofu.org/docs/language/state/encryption/#gcp-kms
 */
export interface GcpKmsKeyProviderProps extends EncryptionKeyProviderOptions {
  /**
   * The key, `projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}`. It
   * must exist.
   */
  readonly kmsEncryptionKey: string;
  /** Length of the generated keys in bytes, 1 to 1024. AES-GCM needs 16, 24 or 32. */
  readonly keyLength: number;
  /**
   * Path of a service-account key file, or the key's JSON text.
   *
   * Secret when given as JSON text: the key is then written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `GOOGLE_CREDENTIALS`; without it, Application Default Credentials
   */
  readonly credentials?: string;
  /**
   * OAuth 2.0 access token, used instead of `credentials`.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `GOOGLE_OAUTH_ACCESS_TOKEN`
   */
  readonly accessToken?: string;
  /**
   * Service account to impersonate.
   *
   * @default - OpenTofu reads `GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT`, then
   * `GOOGLE_IMPERSONATE_SERVICE_ACCOUNT`; without either, no impersonation
   */
  readonly impersonateServiceAccount?: string;
  /**
   * Delegation chain of the impersonation.
   *
   * @default - none
   */
  readonly impersonateServiceAccountDelegates?: string[];
  /**
   * Additional authenticated data sent to Cloud KMS with every encryption and decryption, as
   * standard base64 (at most 64 KiB decoded); it must match to decrypt. OpenTofu 1.13.0 and later.
   *
   * @default - none
   */
  readonly additionalAuthenticatedData?: string;
}

/**
 * Data keys generated by the transit engine of OpenBao (`key_provider "openbao"`), which also
 * works with HashiCorp Vault up to 1.14.
 *
 * @see https://opentofu.org/docs/language/state/encryption/#openbao
 */
export interface OpenBaoKeyProviderProps extends EncryptionKeyProviderOptions {
  /** Name of the transit key. It must exist. */
  readonly keyName: string;
  /**
   * Token for the OpenBao API.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `BAO_TOKEN`
   */
  readonly token?: string;
  /**
   * Address of the OpenBao server.
   *
   * @default - OpenTofu reads `BAO_ADDR`; without it, `https://127.0.0.1:8200`
   */
  readonly address?: string;
  /**
   * Path the transit engine is mounted at.
   *
   * @default "/transit"
   */
  readonly transitEnginePath?: string;
  /**
   * Length of the data keys in bytes: 16, 32 or 64. AES-GCM needs 16 or 32.
   *
   * @default 32
   */
  readonly keyLength?: number;
  /**
   * Associated data sent to the transit engine with every data-key request and decryption, as
   * standard base64; it must match to decrypt. OpenTofu 1.13.0 and later.
   *
   * @default - none
   */
  readonly associatedData?: string;
}

/**
 * Keys wrapped by a key in Azure Key Vault or Managed HSM (`key_provider "azure_vault"`).
 * Authentication works as in the azurerm backend, always through Entra ID. OpenTofu 1.11.0 and
 * later.
 *
 * @see https://opentofu.org/docs/language/state/encryption/#azure-vault
 */
export interface AzureVaultKeyProviderProps extends EncryptionKeyProviderOptions {
  /** URI of the vault, `https://{vault-name}.vault.azure.net`. */
  readonly vaultUri: string;
  /** Name of the key in the vault. It must exist. */
  readonly vaultKeyName: string;
  /** Length of the generated keys in bytes. AES-GCM needs 16, 24 or 32. */
  readonly keyLength: number;
  /**
   * The vault key is a symmetric (AES, Managed HSM only) key rather than an RSA or EC key.
   *
   * @default false
   */
  readonly symmetric?: boolean;
  /**
   * Size of the symmetric vault key in bits: 128, 192 or 256. Required when `symmetric` is true.
   *
   * @default - none
   */
  readonly symmetricKeySize?: number;
  /**
   * Authenticate with the Azure CLI.
   *
   * @default true
   */
  readonly useCli?: boolean;
  /**
   * Client ID of the service principal.
   *
   * @default - OpenTofu reads `ARM_CLIENT_ID`
   */
  readonly clientId?: string;
  /**
   * Path of a file holding the client ID.
   *
   * @default - OpenTofu reads `ARM_CLIENT_ID_FILE_PATH`
   */
  readonly clientIdFilePath?: string;
  /**
   * Client secret of the service principal.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `ARM_CLIENT_SECRET`
   */
  readonly clientSecret?: string;
  /**
   * Path of a file holding the client secret.
   *
   * @default - OpenTofu reads `ARM_CLIENT_SECRET_FILE_PATH`
   */
  readonly clientSecretFilePath?: string;
  /**
   * Base64-encoded PKCS#12 client certificate.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `ARM_CLIENT_CERTIFICATE`
   */
  readonly clientCertificate?: string;
  /**
   * Password of the client certificate.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `ARM_CLIENT_CERTIFICATE_PASSWORD`
   */
  readonly clientCertificatePassword?: string;
  /**
   * Path of the client certificate file.
   *
   * @default - OpenTofu reads `ARM_CLIENT_CERTIFICATE_PATH`
   */
  readonly clientCertificatePath?: string;
  /**
   * Authenticate with an OIDC token.
   *
   * @default false
   */
  readonly useOidc?: boolean;
  /**
   * The OIDC token.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `ARM_OIDC_TOKEN`
   */
  readonly oidcToken?: string;
  /**
   * Path of a file holding the OIDC token.
   *
   * @default - OpenTofu reads `ARM_OIDC_TOKEN_FILE_PATH`
   */
  readonly oidcTokenFilePath?: string;
  /**
   * URL to request an OIDC token from.
   *
   * @default - OpenTofu reads `ARM_OIDC_REQUEST_URL`, then `ACTIONS_ID_TOKEN_REQUEST_URL`
   */
  readonly oidcRequestUrl?: string;
  /**
   * Bearer token for `oidcRequestUrl`.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text.
   *
   * @default - OpenTofu reads `ARM_OIDC_REQUEST_TOKEN`, then `ACTIONS_ID_TOKEN_REQUEST_TOKEN`
   */
  readonly oidcRequestToken?: string;
  /**
   * Authenticate with a managed identity.
   *
   * @default false
   */
  readonly useMsi?: boolean;
  /**
   * Endpoint of the managed-identity service.
   *
   * @default - the Azure SDK's default
   */
  readonly msiEndpoint?: string;
  /**
   * Authenticate with AKS workload identity.
   *
   * @default false
   */
  readonly useAksWorkloadIdentity?: boolean;
  /**
   * Azure cloud: `public`, `usgovernment`, `china`.
   *
   * @default - OpenTofu reads `ARM_ENVIRONMENT`; without it, `public`
   */
  readonly environment?: string;
  /**
   * Host of the Azure metadata service, for custom clouds.
   *
   * @default - OpenTofu reads `ARM_METADATA_HOST`
   */
  readonly metadataHost?: string;
  /**
   * Subscription ID.
   *
   * @default - OpenTofu reads `ARM_SUBSCRIPTION_ID`
   */
  readonly subscriptionId?: string;
  /**
   * Tenant ID.
   *
   * @default - OpenTofu reads `ARM_TENANT_ID`
   */
  readonly tenantId?: string;
}

/**
 * Keys from an external program (`key_provider "external"`), which speaks OpenTofu's external key
 * provider protocol on its standard input and output. Experimental in OpenTofu; 1.10.0 and
 * later.
 *
 * @see https://opentofu.org/docs/language/state/encryption/#external-experimental
 * @experimental
 */
export interface ExternalKeyProviderProps extends EncryptionKeyProviderOptions {
  /** The program and its arguments, one entry each. */
  readonly command: string[];
}

/**
 * A key provider of the encryption block: `key_provider "<type>" "<name>" { ... }`.
 *
 * Create one with a static method, then hand it to a method (`EncryptionMethod.aesGcm`). A
 * `StateEncryption` emits every key provider its methods use. Do not rename a key provider once
 * data is encrypted with it: the encrypted files store its metadata under its name (see
 * `encryptedMetadataAlias`).
 */
export class EncryptionKeyProvider {
  /**
   * A key derived from a passphrase with PBKDF2.
   *
   * @param name the key provider's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static pbkdf2(name: string, props: Pbkdf2KeyProviderProps = {}): EncryptionKeyProvider {
    return new EncryptionKeyProvider('pbkdf2', name, props);
  }

  /**
   * Data keys generated by AWS KMS.
   *
   * @param name the key provider's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static awsKms(name: string, props: AwsKmsKeyProviderProps): EncryptionKeyProvider {
    return new EncryptionKeyProvider('aws_kms', name, props);
  }

  /**
   * Data keys generated by Google Cloud KMS.
   *
   * @param name the key provider's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static gcpKms(name: string, props: GcpKmsKeyProviderProps): EncryptionKeyProvider {
    return new EncryptionKeyProvider('gcp_kms', name, props);
  }

  /**
   * Data keys generated by the OpenBao transit engine.
   *
   * @param name the key provider's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static openBao(name: string, props: OpenBaoKeyProviderProps): EncryptionKeyProvider {
    return new EncryptionKeyProvider('openbao', name, props);
  }

  /**
   * Keys wrapped by Azure Key Vault (OpenTofu 1.11.0 and later).
   *
   * @param name the key provider's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static azureVault(name: string, props: AzureVaultKeyProviderProps): EncryptionKeyProvider {
    return new EncryptionKeyProvider('azure_vault', name, props);
  }

  /**
   * Keys from an external program (experimental; OpenTofu 1.10.0 and later).
   *
   * @param name the key provider's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   * @experimental
   */
  public static external(name: string, props: ExternalKeyProviderProps): EncryptionKeyProvider {
    return new EncryptionKeyProvider('external', name, props);
  }

  /**
   * Whether `x` is a key provider made by this library.
   */
  public static isEncryptionKeyProvider(x: any): x is EncryptionKeyProvider {
    return x !== null && typeof x === 'object' && specOf(x)?.kind.block === 'key_provider';
  }

  /** The type label, such as `pbkdf2`. */
  public readonly typeName: string;
  /** The name label. */
  public readonly name: string;

  private constructor(type: string, name: string, props: object) {
    this.typeName = type;
    this.name = name;
    attachSpec(this, { kind: kindOf('key_provider', type), name, props: { ...props } });
  }

  /** `key_provider.<type>.<name>`, how OpenTofu refers to it. */
  public get address(): string {
    return `key_provider.${this.typeName}.${this.name}`;
  }
}
