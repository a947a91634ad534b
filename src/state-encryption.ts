import { TerraformElement, TerraformLocal, TerraformRemoteState, TerraformStack } from 'cdktf';
// cdktf does not export these; using them keeps override and token semantics identical.
import { resolve } from 'cdktf/lib/_tokens';
import { deepMerge } from 'cdktf/lib/util';
import { Construct, IConstruct } from 'constructs';
import { EncryptionInputs, EncryptionModel, readModel } from './private/encryption-model';
import { attachSpec, specOf } from './private/encryption-reader';
import { encryptionHcl, encryptionJson } from './private/encryption-render';
import { ENCRYPTION_RULES, checkEncryption } from './private/encryption-rules';
import { kindOf } from './private/encryption-schema';
import { Violation, formatViolations } from './private/messages';
import { Warning } from './private/reader';
import { targetOf, formatTarget } from './private/target';
import { recordWarnings, showWarningsNow } from './private/warnings';

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

/**
 * The AES-GCM method (`method "aes_gcm"`).
 *
 * @see https://opentofu.org/docs/language/state/encryption/#aes-gcm
 */
export interface AesGcmMethodProps {
  /** The key provider whose keys encrypt the data; they must be 16, 24 or 32 bytes long. */
  readonly keys: EncryptionKeyProvider;
  /**
   * Additional authenticated data, as bytes: authenticated but not encrypted, and required to
   * match when decrypting.
   *
   * @default - none
   */
  readonly aad?: number[];
}

/**
 * An external encryption program (`method "external"`), which speaks OpenTofu's external method
 * protocol on its standard input and output. Experimental in OpenTofu; 1.10.0 and later.
 *
 * @see https://opentofu.org/docs/language/state/encryption/#external-experimental-1
 * @experimental
 */
export interface ExternalMethodProps {
  /** The program and arguments that encrypt, one entry each. */
  readonly encryptCommand: string[];
  /** The program and arguments that decrypt, one entry each. */
  readonly decryptCommand: string[];
  /**
   * Key provider whose keys are passed to the program.
   *
   * @default - the program gets no key
   */
  readonly keys?: EncryptionKeyProvider;
}

/**
 * A method of the encryption block: `method "<type>" "<name>" { ... }`.
 *
 * Create one with a static method and use it in a `StateEncryption` target. Do not rename a
 * method once data is encrypted with it; add the new one and keep the old one as a fallback.
 */
export class EncryptionMethod {
  /**
   * AES-GCM with keys from a key provider.
   *
   * @param name the method's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static aesGcm(name: string, props: AesGcmMethodProps): EncryptionMethod {
    return new EncryptionMethod('aes_gcm', name, props);
  }

  /**
   * An external encryption program (experimental; OpenTofu 1.10.0 and later).
   *
   * @param name the method's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   * @experimental
   */
  public static external(name: string, props: ExternalMethodProps): EncryptionMethod {
    return new EncryptionMethod('external', name, props);
  }

  /**
   * No encryption, for migrating to or from encryption: as a fallback it reads the old
   * unencrypted files, as the method it writes unencrypted ones. OpenTofu refuses it in an
   * enforced target.
   *
   * @param name the method's name (letters, digits, `_` and `-`, starting with a letter or `_`)
   */
  public static unencrypted(name: string): EncryptionMethod {
    return new EncryptionMethod('unencrypted', name, {});
  }

  /**
   * Whether `x` is a method made by this library.
   */
  public static isEncryptionMethod(x: any): x is EncryptionMethod {
    return x !== null && typeof x === 'object' && specOf(x)?.kind.block === 'method';
  }

  /** The type label, such as `aes_gcm`. */
  public readonly typeName: string;
  /** The name label. */
  public readonly name: string;

  private constructor(type: string, name: string, props: object) {
    this.typeName = type;
    this.name = name;
    attachSpec(this, { kind: kindOf('method', type), name, props: { ...props } });
  }

  /** `method.<type>.<name>`, how OpenTofu refers to it. */
  public get address(): string {
    return `method.${this.typeName}.${this.name}`;
  }
}

/**
 * Which method encrypts and decrypts, and which older ones still decrypt.
 */
export interface EncryptionTarget {
  /**
   * The method that writes (and first tries to read).
   *
   * @default - none; the run must then supply it in `TF_ENCRYPTION`
   */
  readonly method?: EncryptionMethod;
  /**
   * Methods tried in order when `method` cannot read the data, for key rollover and migrations
   * (`EncryptionMethod.unencrypted` reads unencrypted data). Emitted as nested `fallback` blocks.
   *
   * @default - no fallback
   */
  readonly fallbacks?: EncryptionMethod[];
}

/**
 * The `state` or `plan` target.
 */
export interface EnforceableEncryptionTarget extends EncryptionTarget {
  /**
   * Refuse to write or read unencrypted data, whatever `TF_ENCRYPTION` says.
   *
   * @default false
   */
  readonly enforced?: boolean;
}

/**
 * How one remote state (`terraform_remote_state` data source) of the stack is decrypted.
 */
export interface RemoteStateEncryption extends EncryptionTarget {
  /**
   * The remote state: one of this library's `DataTerraformRemoteState*` constructs, or cdktf's.
   * Its address is looked up at synth.
   */
  readonly remoteState: TerraformRemoteState;
}

/**
 * The encryption block of a stack.
 *
 * Key providers and methods used by the targets are emitted without being listed; list them
 * only to emit ones no target uses (for example ones `TF_ENCRYPTION` refers to).
 */
export interface StateEncryptionProps {
  /**
   * Key providers to emit besides those the methods use.
   *
   * @default - only those the methods use
   */
  readonly keyProviders?: EncryptionKeyProvider[];
  /**
   * Methods to emit besides those the targets use.
   *
   * @default - only those the targets use
   */
  readonly methods?: EncryptionMethod[];
  /**
   * Encryption of the state (local files and the backend).
   *
   * @default - the state is not encrypted (unless `TF_ENCRYPTION` says so)
   */
  readonly state?: EnforceableEncryptionTarget;
  /**
   * Encryption of saved plan files (`-out`).
   *
   * @default - plan files are not encrypted (unless `TF_ENCRYPTION` says so)
   */
  readonly plan?: EnforceableEncryptionTarget;
  /**
   * How remote states without their own entry are decrypted (`remote_state_data_sources.default`).
   *
   * @default - they are read unencrypted
   */
  readonly remoteStateDefault?: EncryptionTarget;
  /**
   * How particular remote states are decrypted (`remote_state_data_source "<name>"`).
   *
   * @default - none; `remoteStateDefault` applies
   */
  readonly remoteStates?: RemoteStateEncryption[];
}

const STATE_ENCRYPTION_SYMBOL = Symbol.for('cdktf-state-backends.StateEncryption');
const HCL_PATCHED = Symbol.for('cdktf-state-backends.StateEncryption.hcl');

/** The id of the warning that another stack reads this stack's encrypted state. */
export const CROSS_STACK_WARNING = 'encryption/cross-stack-consumer';

/**
 * OpenTofu state and plan encryption: `terraform { encryption { ... } }`. One per stack, like a
 * backend. OpenTofu 1.7.0 and later; a Terraform target is refused.
 *
 * The config is checked when the construct is created: what OpenTofu refuses is an error, what the
 * run decides (a passphrase left to `TF_ENCRYPTION`, a KMS key that must exist) and literal
 * secrets are warnings. Secrets never appear in messages and are never copied into other stacks.
 *
 * @see https://opentofu.org/docs/language/state/encryption/
 */
export class StateEncryption extends TerraformElement {
  /**
   * Whether `x` is a `StateEncryption`.
   */
  public static isStateEncryption(x: any): x is StateEncryption {
    return x !== null && typeof x === 'object' && STATE_ENCRYPTION_SYMBOL in x;
  }

  /**
   * The `StateEncryption` of the stack that holds `scope`, if it has one.
   */
  public static of(scope: IConstruct): StateEncryption | undefined {
    return TerraformStack.of(scope).node.findAll().find((c) => StateEncryption.isStateEncryption(c)) as StateEncryption | undefined;
  }

  private readonly inputs: { -readonly [K in keyof EncryptionInputs]: EncryptionInputs[K] };
  private model: EncryptionModel;
  private readonly warned = new Set<string>();

  /**
   * @param scope the stack (or a construct inside it) that gets the encryption block
   * @param props the key providers, methods and targets
   */
  constructor(scope: Construct, props: StateEncryptionProps = {}) {
    super(scope, 'encryption');
    Object.defineProperty(this, STATE_ENCRYPTION_SYMBOL, { value: true });
    const given = (props ?? {}) as EncryptionInputs;
    this.inputs = { ...given, remoteStates: Array.isArray(given.remoteStates) ? [...given.remoteStates] : given.remoteStates };
    try {
      this.model = this.check();
    } catch (e) {
      this.node.scope?.node.tryRemoveChild(this.node.id);
      throw e;
    }
    patchStackHcl(TerraformStack.of(this));
    this.node.addValidation({ validate: () => this.validateStack() });
  }

  /**
   * Adds how `remoteState` (a remote state of this stack) is decrypted, as a
   * `remote_state_data_source` entry named after its address.
   *
   * @param remoteState one of this library's `DataTerraformRemoteState*` constructs, or cdktf's
   * @param target the method, and fallbacks, that decrypt it
   */
  public addRemoteState(remoteState: TerraformRemoteState, target: EncryptionTarget): void {
    const before = this.inputs.remoteStates;
    this.inputs.remoteStates = [...(Array.isArray(before) ? before : []), { ...target, remoteState }];
    try {
      this.model = this.check();
    } catch (e) {
      this.inputs.remoteStates = before;
      throw e;
    }
  }

  /**
   * Adds this block to the tool's JSON output, with overrides merged in.
   */
  public toTerraform(): any {
    return { terraform: { encryption: deepMerge(encryptionJson(this.model), this.rawOverrides) } };
  }

  /**
   * Nothing: cdktf's HCL renderer cannot print extra blocks inside `terraform`, so the stack's
   * HCL output gets a separate `terraform { encryption { ... } }` block instead.
   */
  public toHclTerraform(): any {
    return {};
  }

  /**
   * The `terraform { encryption { ... } }` block in HCL, tokens unresolved.
   *
   * @internal
   */
  public _toHcl(): string {
    return encryptionHcl(deepMerge(encryptionJson(this.model), this.rawOverrides));
  }

  /** Reads and checks the inputs: throws one error listing every problem, records the warnings. */
  private check(): EncryptionModel {
    const target = targetOf(this);
    const errors: Violation[] = [];
    const stack = TerraformStack.of(this);
    const model = readModel(this.inputs, target, stack.node.path, errors, (v) => resolve(stack, v));
    const result = checkEncryption(model);
    const all = [...errors, ...result.errors];
    if (all.length > 0) {
      // When the target has no encryption at all, the field checks are noise.
      const targetOnly = result.errors.filter((v) => v.field === 'target');
      throw new Error(formatViolations(`state encryption (target ${formatTarget(target)})`, this.node.path, targetOnly.length > 0 ? targetOnly : all));
    }
    recordWarnings(this, result.warnings.filter((w) => !this.warned.has(w.message)));
    result.warnings.forEach((w) => this.warned.add(w.message));
    return model;
  }

  /**
   * At synth: references only variables and locals (tokens resolve now), one encryption block per
   * stack, and other stacks that read this one's state.
   */
  private validateStack(): string[] {
    const stack = TerraformStack.of(this);
    const problems: string[] = [];
    const synthRules = ENCRYPTION_RULES.filter((r) => r.id === 'encryption/static-context');
    const locals = new Map<string, unknown>();
    for (const c of stack.node.findAll()) {
      // `expression` reads back as a reference to the local itself; its output holds what it reads.
      if (c instanceof TerraformLocal) locals.set(c.friendlyUniqueId, c.toTerraform().locals?.[c.friendlyUniqueId]);
    }
    const localValue = (name: string) => resolve(stack, locals.get(name));
    const late = checkEncryption({ ...this.model, resolve: (v) => resolve(stack, v), localValue }, synthRules);
    if (late.errors.length > 0) {
      problems.push(formatViolations(`state encryption (target ${formatTarget(this.model.target)})`, this.node.path, late.errors));
    }
    problems.push(...this.warnCrossStackConsumers(stack));
    const all = stack.node.findAll().filter((c) => StateEncryption.isStateEncryption(c));
    if (all.length > 1 && all[0] === this) {
      problems.push(
        `a stack can have only one state encryption, found ${all.length}: ${all.map((e) => e.node.path).join(' and ')}; ` +
          'keep one (opentofu refuses a module with several encryption blocks)',
      );
    }
    return problems;
  }

  /**
   * A stack that reads this stack's outputs gets a remote state from cdktf at synth; without its
   * own decryption for it, reading the encrypted state fails. Nothing secret is copied there.
   */
  private warnCrossStackConsumers(stack: TerraformStack): string[] {
    if (!this.model.targets.some((t) => t.block === 'state')) return [];
    const found: Warning[] = [];
    const id = `cross-stack-reference-input-${stack.node.path}`;
    for (const other of this.node.root.node.findAll().filter((c): c is TerraformStack => TerraformStack.isStack(c) && c !== stack)) {
      const remote = other.node.tryFindChild(id);
      if (!remote) continue;
      const theirs = StateEncryption.of(other);
      const covered = theirs?.model.targets.some((t) => t.block === 'default' || t.remoteState === remote);
      if (covered) continue;
      found.push({
        id: CROSS_STACK_WARNING,
        message:
          `stack ${other.node.id} reads this stack's encrypted state (${remote.node.path}) for a cross-stack reference; ` +
          'give it a StateEncryption whose remoteStateDefault decrypts it with the same key provider, or set TF_ENCRYPTION ' +
          'for its run; no key or passphrase is copied there',
      });
    }
    return showWarningsNow(this, found);
  }
}

/**
 * cdktf renders the terraform block of HCL output itself and prints unknown keys as `0 = "..."`,
 * so the stack's HCL output is extended with the encryption block (tokens resolved).
 */
function patchStackHcl(stack: TerraformStack): void {
  if ((stack as any)[HCL_PATCHED]) return;
  Object.defineProperty(stack, HCL_PATCHED, { value: true });
  const original = stack.toHclTerraform;
  Object.defineProperty(stack, 'toHclTerraform', {
    configurable: true,
    writable: true,
    value: function toHclTerraform(this: TerraformStack) {
      const result = original.call(this);
      const blocks = this.node.findAll().filter((c): c is StateEncryption => StateEncryption.isStateEncryption(c));
      if (blocks.length === 0) return result;
      return { ...result, hcl: [result.hcl, ...blocks.map((b) => resolve(this, b._toHcl()))].join('\n\n') };
    },
  });
}
