import { DataTerraformRemoteStateConfig } from 'cdktf';
import { Construct } from 'constructs';
import { StoreBackend, StoreRemoteState, backendForEachStack, derivable } from './private/base';
import { GCS_RULES } from './private/rules';
import { EVERY_RELEASE, envBoth, since } from './private/schema';
import { joinPath } from './private/state-objects';
import { Store, defineStore } from './private/store';

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
export interface GcsBackendConfig {
  /**
   * Name of the bucket that holds the state. Bucket names are globally unique.
   */
  readonly bucket: string;

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

// The backend's config comes first on purpose: the jsii kernel rebuilds a struct's property list on
// every call from Java, Python or Go, and merging the long list into an empty one is several times
// cheaper than merging it into the short one (BENCHMARKS.md, "Java and Python through jsii").
/**
 * Config of a remote state read from a GCS backend.
 */
export interface DataTerraformRemoteStateGcsConfig extends GcsBackendConfig, DataTerraformRemoteStateConfig {}

/** GCS field table (private to the package); its rules are in private/rules.ts. */
export const GCS_STORE: Store = defineStore(
  'gcs',
  [
    {
      name: 'bucket',
      key: 'bucket',
      type: 'string',
      required: true,
      // The run-time judges: terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3 (test/runtime/gcs.test.ts).
      emptyFailsAt: 'init fails on it: "storage: bucket doesn\'t exist"',
      since: EVERY_RELEASE,
    },
    { name: 'prefix', key: 'prefix', type: 'string', since: EVERY_RELEASE },
    {
      name: 'credentials',
      key: 'credentials',
      type: 'string',
      // A path is not a secret, but the tool also takes the key's JSON text here: never echoed,
      // and warned about (and kept out of other stacks) only when it is the key itself.
      secret: true,
      secretIf: (v) => typeof v === 'string' && v.trim().startsWith('{'),
      since: EVERY_RELEASE,
      env: envBoth('GOOGLE_BACKEND_CREDENTIALS', 'GOOGLE_CREDENTIALS'),
    },
    {
      name: 'accessToken',
      key: 'access_token',
      type: 'string',
      secret: true,
      since: since('0.12.10'),
      env: envBoth('GOOGLE_OAUTH_ACCESS_TOKEN'),
    },
    {
      name: 'impersonateServiceAccount',
      key: 'impersonate_service_account',
      type: 'string',
      since: since('0.14.0'),
      env: {
        terraform: ['GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT', 'GOOGLE_IMPERSONATE_SERVICE_ACCOUNT'],
        opentofu: ['GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT', 'GOOGLE_IMPERSONATE_SERVICE_ACCOUNT'],
      },
    },
    {
      name: 'impersonateServiceAccountDelegates',
      key: 'impersonate_service_account_delegates',
      type: 'stringList',
      since: since('0.14.0'),
    },
    {
      name: 'encryptionKey',
      key: 'encryption_key',
      type: 'string',
      // Secret whatever its shape: the tool also takes a path to a file that holds the key, but no
      // heuristic tells a path from key text for sure, and a consumer needs neither.
      secret: true,
      since: since('0.11.2'),
      env: envBoth('GOOGLE_ENCRYPTION_KEY'),
    },
    {
      name: 'kmsEncryptionKey',
      key: 'kms_encryption_key',
      type: 'string',
      since: since('1.4.0'),
      env: envBoth('GOOGLE_KMS_ENCRYPTION_KEY'),
    },
    {
      name: 'storeageCustomEndpoint',
      aliases: ['storageCustomEndpoint'],
      key: 'storage_custom_endpoint',
      type: 'string',
      since: since('1.4.0'),
      env: {
        terraform: ['GOOGLE_BACKEND_STORAGE_CUSTOM_ENDPOINT', 'GOOGLE_STORAGE_CUSTOM_ENDPOINT'],
        opentofu: ['GOOGLE_BACKEND_STORAGE_CUSTOM_ENDPOINT', 'GOOGLE_STORAGE_CUSTOM_ENDPOINT'],
      },
    },
    {
      name: 'universeDomain',
      key: 'universe_domain',
      type: 'string',
      since: { opentofu: '1.11.5' },
      env: { opentofu: ['GOOGLE_BACKEND_UNIVERSE_DOMAIN'] },
    },
  ],
  GCS_RULES,
  {
    // gcs/backend.go configure and backend_state.go stateFile, both tools: <prefix>/<workspace>.tfstate.
    container: ['bucket'],
    namespace: ['universe_domain'],
    namespaceDefaults: { universe_domain: 'googleapis.com' },
    object: ['prefix'],
    objectName: (v, workspace) => joinPath(v.prefix.replace(/^\/+/, ''), `${workspace ?? 'default'}.tfstate`),
    separateWith: 'prefix',
  },
  (scope, id, config) => new DataTerraformRemoteStateGcs(scope, id, config),
);

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
    const base = derivable(config.prefix, 'prefix', 'GcsBackend.forEachStack');
    return backendForEachStack(scope, 'GcsBackend.forEachStack', (stack, path) => new GcsBackend(stack, { ...config, prefix: joinPath(base, path) }));
  }

  /**
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param props the backend settings
   */
  constructor(scope: Construct, props: GcsBackendConfig) {
    super(scope, GCS_STORE, props);
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
