import { DataTerraformRemoteStateConfig } from 'cdktf';
import { Construct } from 'constructs';
import { StoreBackend } from './private/framework/backend';
import { backendForEachStack, derivable, requireConfig } from './private/framework/for-each-stack';
import { StoreRemoteState } from './private/framework/remote-state';
import { joinPath } from './private/kit/go-path';
import { COS_STORE } from './private/stores/cos';

/**
 * COS backend settings without the bucket, for `CosStateBucket.backend` and
 * `CosStateBucket.forEachStack`, which add the bucket the construct makes.
 *
 * `CosBackendConfig` extends it with the bucket.
 *
 * @see https://developer.hashicorp.com/terraform/language/backend/cos
 */
export interface CosBackendOptions {
  /**
   * Turns on global acceleration for the bucket's endpoint.
   *
   * @default false
   */
  readonly accelerate?: boolean;

  /**
   * Object ACL applied to the state file: `private` or `public-read`.
   *
   * @default "private"
   */
  readonly acl?: string;

  /**
   * Role to assume with the supplied credentials. When given, the tool assumes the role before it
   * touches the bucket.
   *
   * @default - the tool uses the credentials as they are (Terraform can also assume a role from
   * the `TENCENTCLOUD_ASSUME_ROLE_*` env vars)
   */
  readonly assumeRole?: CosBackendAssumeRole;

  /**
   * Name of the CAM role attached to the CVM instance the tool runs on; its temporary credentials
   * are used. Terraform only (1.10.0 and later).
   *
   * @default - the tool reads `TENCENTCLOUD_CAM_ROLE_NAME`; without it, no instance role
   */
  readonly camRoleName?: string;

  /**
   * Root domain of the API requests. Terraform only (1.6.0 and later).
   *
   * @default - the tool reads `TENCENTCLOUD_DOMAIN`; without it, `tencentcloudapi.com`
   */
  readonly domain?: string;

  /**
   * Server-side encryption of the state file with AES256.
   *
   * @default true
   */
  readonly encrypt?: boolean;

  /**
   * Custom COS endpoint, of the form `http://cos-internal.<region>.tencentcos.cn` or
   * `https://cos-internal.<region>.tencentcos.cn` (Terraform's init refuses any other form). The
   * state is then stored through `<bucket>.cos-internal.<region>.tencentcos.cn`. Terraform only
   * (1.6.0 and later).
   *
   * @default - the tool reads `TENCENTCLOUD_ENDPOINT`; without it, the public endpoint of `region`
   */
  readonly endpoint?: string;

  /**
   * Path of the state file inside the bucket. Must not start or end with `/`.
   *
   * @default "terraform.tfstate"
   */
  readonly key?: string;

  /**
   * Directory of the state file inside the bucket. Must not start with `/` or `./`.
   *
   * @default - no prefix: the state is `<key>` at the bucket's root and a named workspace's
   * `<workspace>/<key>` (both tools; unlike OSS, COS has no `env:` default)
   */
  readonly prefix?: string;

  /**
   * Profile name in the shared credentials directory. Terraform only (1.10.0 and later).
   *
   * @default - the tool reads `TENCENTCLOUD_PROFILE`; without it, the `default` profile when the
   * shared credentials are used
   */
  readonly profile?: string;

  /**
   * Region of the bucket.
   *
   * @default - the tool reads `TENCENTCLOUD_REGION`; the tool needs one or the other
   */
  readonly region?: string;

  /**
   * Secret id of the Tencent Cloud API key.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `TENCENTCLOUD_SECRET_ID`
   */
  readonly secretId?: string;

  /**
   * Secret key of the Tencent Cloud API key.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `TENCENTCLOUD_SECRET_KEY`
   */
  readonly secretKey?: string;

  /**
   * Security token of temporary credentials.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `TENCENTCLOUD_SECURITY_TOKEN`; without it, permanent credentials
   */
  readonly securityToken?: string;

  /**
   * Directory of the shared credentials files (tccli's `<profile>.credential`). Terraform only
   * (1.10.0 and later).
   *
   * @default - the tool reads `TENCENTCLOUD_SHARED_CREDENTIALS_DIR`; without it, `~/.tccli`
   */
  readonly sharedCredentialsDir?: string;
}

/**
 * Tencent Cloud Object Storage (COS) backend settings.
 *
 * Stores the state as an object under a prefix in a bucket, with state locking. The bucket must be
 * created by hand first; object versioning is strongly recommended.
 *
 * @see https://developer.hashicorp.com/terraform/language/backend/cos
 */
export interface CosBackendConfig extends CosBackendOptions {
  /**
   * Name of the bucket that holds the state, including its APPID suffix
   * (for example `tfstate-1250000000`).
   */
  readonly bucket: string;
}

/**
 * The `assume_role` block of a COS backend.
 */
export interface CosBackendAssumeRole {
  /**
   * ARN of the role to assume. (Without a block, Terraform can take it from
   * `TENCENTCLOUD_ASSUME_ROLE_ARN`.)
   */
  readonly roleArn: string;

  /**
   * Session name passed to the AssumeRole call. (Without a block, Terraform can take it from
   * `TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME`.)
   */
  readonly sessionName: string;

  /**
   * Duration of the assumed session in seconds, 0 to 43200.
   *
   * @default - the tool reads `TENCENTCLOUD_ASSUME_ROLE_SESSION_DURATION`; without it, 7200
   */
  readonly sessionDuration?: number;

  /**
   * A more restrictive policy for the session; it must not contain principal elements. A string is
   * emitted unchanged; any other value is JSON-encoded with its keys as given.
   *
   * @default - the role's own policy applies
   */
  readonly policy?: any;

  /**
   * External id passed to the AssumeRole call. Terraform only (1.10.0 and later).
   *
   * @default - the tool reads `TENCENTCLOUD_ASSUME_ROLE_EXTERNAL_ID`; without it, none
   */
  readonly externalId?: string;
}

// The backend's config comes first on purpose: the jsii kernel rebuilds a struct's property list on
// every call from Java, Python or Go, and merging the long list into an empty one is several times
// cheaper than merging it into the short one (BENCHMARKS.md, "Java and Python through jsii").
/**
 * Config of a remote state read from a COS backend.
 */
export interface DataTerraformRemoteStateCosConfig extends CosBackendConfig, DataTerraformRemoteStateConfig {}

/**
 * Config of a remote state without the bucket, for `CosStateBucket.remoteState`, which adds
 * the bucket the construct makes.
 */
export interface DataTerraformRemoteStateCosOptions extends CosBackendOptions, DataTerraformRemoteStateConfig {}

/**
 * A COS backend: `terraform { backend "cos" { ... } }`.
 *
 * The config is checked when the construct is created; only the keys the target tool accepts are
 * emitted, spelled the tool's way.
 */
export class CosBackend extends StoreBackend {
  /**
   * Gives every stack under `scope` that has no backend yet its own CosBackend in one bucket.
   *
   * Each stack's state goes under `<config.prefix>/<stack path>` (as `<prefix>/<key>`), where the
   * stack path is the stack's path below `scope`: `network`, or `prod/network` for a stack in a
   * construct `prod`.
   *
   * Call it after adding the stacks: a stack added later gets none. Each backend is checked as
   * if created by hand, and at synth no two stacks may share a state object.
   *
   * @param scope the app, or a construct holding stacks
   * @param config the settings every stack shares
   * @returns the backends created, in tree order
   */
  public static forEachStack(scope: Construct, config: CosBackendConfig): CosBackend[] {
    requireConfig(config, 'CosBackend.forEachStack');
    const base = derivable(config.prefix, 'prefix', 'CosBackend.forEachStack');
    return backendForEachStack(scope, 'CosBackend.forEachStack', (stack, path) => new CosBackend(stack, { ...config, prefix: joinPath(base, path) }));
  }

  /**
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param props the backend settings
   */
  constructor(scope: Construct, props: CosBackendConfig) {
    super(scope, COS_STORE, props, (s, id, config) => new DataTerraformRemoteStateCos(s, id, config));
  }

}

/**
 * Reads another configuration's state from a COS backend:
 * `data "terraform_remote_state" "<id>" { backend = "cos" ... }`.
 *
 * A nested `assumeRole` is emitted as a one-element list, the only form the tool accepts in a
 * remote state's `config`.
 */
export class DataTerraformRemoteStateCos extends StoreRemoteState {
  /**
   * @param scope the construct that holds the data source
   * @param id its id
   * @param config where the state is and how to read it
   */
  constructor(scope: Construct, id: string, config: DataTerraformRemoteStateCosConfig) {
    super(scope, id, COS_STORE, config);
  }
}
