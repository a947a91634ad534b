import { DataTerraformRemoteStateConfig } from 'cdktf';
import { Construct } from 'constructs';
import { StoreBackend } from './private/framework/backend';
import { backendForEachStack, derivable, requireConfig } from './private/framework/for-each-stack';
import { StoreRemoteState } from './private/framework/remote-state';
import { joinPath } from './private/kit/go-path';
import { GCS_STORE } from './private/stores/gcs';

/**
 * GCS backend settings without the bucket, for `GcsStateBucket.backend` and
 * `GcsStateBucket.forEachStack`, which add the bucket the construct makes.
 *
 * `GcsBackendConfig` extends it with the bucket.
 *
 * @see https://developer.hashicorp.com/terraform/language/backend/gcs
 */
export interface GcsBackendOptions {
  /**
   * Temporary OAuth 2.0 access token (the bearer token of the `Authorization` header), used
   * instead of `credentials`. When both are set, the access token wins.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `GOOGLE_OAUTH_ACCESS_TOKEN`; without it, `credentials` is used
   */
  readonly accessToken?: string;

  /**
   * Local path to a service-account key file in JSON format (the tool also accepts the JSON text
   * itself). The account needs the Storage Object Admin role on the bucket.
   *
   * Secret when given as JSON text: the key is then written to `cdk.tf.json` in clear text.
   *
   * @default - the tool reads `GOOGLE_BACKEND_CREDENTIALS`, then `GOOGLE_CREDENTIALS`; without
   * either, Application Default Credentials are used
   */
  readonly credentials?: string;

  /**
   * Customer-supplied encryption key used to encrypt all state: 32 bytes, standard base64 with
   * padding, or the path of a file that holds that text. Cannot be combined with `kmsEncryptionKey`.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `GOOGLE_ENCRYPTION_KEY`; without it, Google-managed encryption
   */
  readonly encryptionKey?: string;

  /**
   * Service account to impersonate for every storage call. The caller needs the Service Account
   * Token Creator role on that account.
   *
   * @default - the tool reads `GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT`, then
   * `GOOGLE_IMPERSONATE_SERVICE_ACCOUNT`; without either, no impersonation
   */
  readonly impersonateServiceAccount?: string;

  /**
   * Delegation chain for the impersonation. Only used together with `impersonateServiceAccount`.
   *
   * @default - no delegation chain
   */
  readonly impersonateServiceAccountDelegates?: string[];

  /**
   * Cloud KMS key (customer-managed encryption key) used to read and write state, in the form
   * `projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}`.
   * Cannot be combined with `encryptionKey`.
   *
   * @default - the tool reads `GOOGLE_KMS_ENCRYPTION_KEY`; without it, Google-managed encryption
   */
  readonly kmsEncryptionKey?: string;

  /**
   * Object prefix (folder) inside the bucket. A leading `/` is removed and a trailing `/` added.
   *
   * @default - state objects are stored at the top of the bucket
   */
  readonly prefix?: string;

  /**
   * Custom storage endpoint: a URL made of the protocol, the DNS name of a Private Service Connect
   * endpoint, and the storage API path `/storage/v1/` or `/storage/v1/b`, for example
   * `https://storage-example.p.googleapis.com/storage/v1/`. The tools' storage client resolves
   * `b/<bucket>/o` against it, so `/storage/v1/b/` (trailing slash) and `/storage/v1` are refused.
   *
   * The name keeps the spec's (and cdktf's) spelling; it is emitted as the tool's
   * `storage_custom_endpoint`, not cdktf's `storeage_custom_endpoint`. `storageCustomEndpoint`
   * is accepted as a correctly spelled alias.
   *
   * @default - the tool reads `GOOGLE_BACKEND_STORAGE_CUSTOM_ENDPOINT`, then
   * `GOOGLE_STORAGE_CUSTOM_ENDPOINT`; without either, the public endpoint
   */
  readonly storeageCustomEndpoint?: string;

  /**
   * Correctly spelled alias of `storeageCustomEndpoint`. Set one or the other.
   *
   * @default - the tool reads `GOOGLE_BACKEND_STORAGE_CUSTOM_ENDPOINT`, then
   * `GOOGLE_STORAGE_CUSTOM_ENDPOINT`; without either, the public endpoint
   */
  readonly storageCustomEndpoint?: string;

  /**
   * Universe domain of the storage API, for Google Cloud universes other than the public one.
   * OpenTofu only (1.11.5 and later); Terraform has no such setting.
   *
   * @default - the tool reads `GOOGLE_BACKEND_UNIVERSE_DOMAIN`; without it, `googleapis.com`
   */
  readonly universeDomain?: string;
}

/**
 * Google Cloud Storage (GCS) backend settings.
 *
 * Stores the state as an object under a prefix in an existing bucket. The backend supports state
 * locking. The bucket must exist before the backend is configured, and object versioning should
 * be turned on so state can be recovered after an accidental deletion. The state of a named
 * workspace is stored as `<prefix>/<name>.tfstate`.
 *
 * When the Google provider is used in the same configuration, it reads the same
 * `GOOGLE_CREDENTIALS` environment variable.
 *
 * @see https://developer.hashicorp.com/terraform/language/backend/gcs
 */
export interface GcsBackendConfig extends GcsBackendOptions {
  /**
   * Name of the bucket that holds the state. Bucket names are globally unique.
   */
  readonly bucket: string;
}

// The backend's config comes first on purpose: the jsii kernel rebuilds a struct's property list on
// every call from Java, Python or Go, and merging the long list into an empty one is several times
// cheaper than merging it into the short one (BENCHMARKS.md, "Java and Python through jsii").
/**
 * Config of a remote state read from a GCS backend.
 */
export interface DataTerraformRemoteStateGcsConfig extends GcsBackendConfig, DataTerraformRemoteStateConfig {}

/**
 * Config of a remote state without the bucket, for `GcsStateBucket.remoteState`, which adds
 * the bucket the construct makes.
 */
export interface DataTerraformRemoteStateGcsOptions extends GcsBackendOptions, DataTerraformRemoteStateConfig {}

/**
 * A GCS backend: `terraform { backend "gcs" { ... } }`.
 *
 * The config is checked when the construct is created; only the keys the target tool accepts are
 * emitted, spelled the tool's way.
 */
export class GcsBackend extends StoreBackend {
  /**
   * Gives every stack under `scope` that has no backend yet its own GcsBackend in one bucket.
   *
   * Each stack's state goes under `<config.prefix>/<stack path>`, where the stack path is the
   * stack's path below `scope`: `network`, or `prod/network` for a stack in a construct `prod`.
   *
   * Call it after adding the stacks: a stack added later gets none. Each backend is checked as
   * if created by hand, and at synth no two stacks may share a state object.
   *
   * @param scope the app, or a construct holding stacks
   * @param config the settings every stack shares
   * @returns the backends created, in tree order
   */
  public static forEachStack(scope: Construct, config: GcsBackendConfig): GcsBackend[] {
    requireConfig(config, 'GcsBackend.forEachStack');
    const base = derivable(config.prefix, 'prefix', 'GcsBackend.forEachStack');
    return backendForEachStack(scope, 'GcsBackend.forEachStack', (stack, path) => new GcsBackend(stack, { ...config, prefix: joinPath(base, path) }));
  }

  /**
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param props the backend settings
   */
  constructor(scope: Construct, props: GcsBackendConfig) {
    super(scope, GCS_STORE, props, (s, id, config) => new DataTerraformRemoteStateGcs(s, id, config));
  }

}

/**
 * Reads another configuration's state from a GCS backend:
 * `data "terraform_remote_state" "<id>" { backend = "gcs" ... }`.
 */
export class DataTerraformRemoteStateGcs extends StoreRemoteState {
  /**
   * @param scope the construct that holds the data source
   * @param id its id
   * @param config where the state is and how to read it
   */
  constructor(scope: Construct, id: string, config: DataTerraformRemoteStateGcsConfig) {
    super(scope, id, GCS_STORE, config);
  }
}
