import { DataTerraformRemoteStateConfig } from 'cdktf';
import { Construct } from 'constructs';
import { StoreBackend } from './private/framework/backend';
import { backendForEachStack, derivable, requireConfig } from './private/framework/for-each-stack';
import { StoreRemoteState } from './private/framework/remote-state';
import { joinPath } from './private/kit/go-path';
import { OSS_STORE } from './private/stores/oss';

/**
 * OSS backend settings without the bucket, for `OssStateBucket.backend` and
 * `OssStateBucket.forEachStack`, which add the bucket the construct makes.
 *
 * `OssBackendConfig` extends it with the bucket.
 *
 * @see https://developer.hashicorp.com/terraform/language/backend/oss
 */
export interface OssBackendOptions {
  /**
   * Access key id.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ALICLOUD_ACCESS_KEY`, then `ALICLOUD_ACCESS_KEY_ID` (Terraform
   * 1.12+ also `ALIBABA_CLOUD_ACCESS_KEY_ID`); without them, the shared credentials profile or the
   * ECS role
   */
  readonly accessKey?: string;

  /**
   * Object ACL applied to the state file: `private`, `public-read` or `public-read-write`
   * (an empty string keeps the bucket's default).
   *
   * @default - the bucket's default ACL
   */
  readonly acl?: string;

  /**
   * Role to assume, as a nested block.
   *
   * @deprecated use the flattened `assumeRoleRoleArn`, `assumeRolePolicy`, `assumeRoleSessionName`
   * and `assumeRoleSessionExpiration` instead (Terraform 1.1.0 and later)
   * @default - no role is assumed through the block
   */
  readonly assumeRole?: OssAssumeRole;

  /**
   * A more restrictive policy applied to the temporary credentials of the assumed role. It cannot
   * grant more than the role has. Emitted unchanged. Terraform 1.1.0 and later.
   *
   * @default - the role's own policy applies
   */
  readonly assumeRolePolicy?: string;

  /**
   * ARN of the role to assume. An empty string means no role switch. Terraform 1.1.0 and later.
   *
   * @default - the tool reads `ALICLOUD_ASSUME_ROLE_ARN` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_ROLE_ARN`); without it, no role is assumed
   */
  readonly assumeRoleRoleArn?: string;

  /**
   * Lifetime of the assumed session in seconds, 900 to 3600. Terraform 1.1.0 and later.
   *
   * @default - the tool reads `ALICLOUD_ASSUME_ROLE_SESSION_EXPIRATION`; without it, 3600
   */
  readonly assumeRoleSessionExpiration?: number;

  /**
   * Session name passed to the AssumeRole call. Terraform 1.1.0 and later.
   *
   * @default - the tool reads `ALICLOUD_ASSUME_ROLE_SESSION_NAME` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_ROLE_SESSION_NAME`); without it, `terraform` (OpenTofu: `tofu`)
   */
  readonly assumeRoleSessionName?: string;

  /**
   * Name of the RAM role attached to the ECS instance the tool runs on. Terraform 0.12.14 and later.
   *
   * @default - the tool reads `ALICLOUD_ECS_ROLE_NAME` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_ECS_METADATA`); without it, no instance role
   */
  readonly ecsRoleName?: string;

  /**
   * Server-side encryption of the state file with AES256.
   *
   * @default false
   */
  readonly encrypt?: boolean;

  /**
   * Custom endpoint of the OSS API.
   *
   * @default - the tool reads `ALICLOUD_OSS_ENDPOINT`, then `OSS_ENDPOINT` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_OSS_ENDPOINT`); without them, the public endpoint of `region`
   */
  readonly endpoint?: string;

  /**
   * Name of the state file. Must not start or end with `/`.
   *
   * @default "terraform.tfstate"
   */
  readonly key?: string;

  /**
   * Endpoint of the TableStore instance that holds the lock table, such as
   * `https://<instance>.<region>.ots.aliyuncs.com`.
   *
   * The tools take the instance name from the host's first label (the text before its first dot),
   * unless `lockStoreInstanceName` is set: an endpoint whose host is an IP address names the
   * instance after its first octet (`10.0.0.8` gives `10`), which TableStore refuses (a warning).
   * Without `lockStoreTable` it has no effect: nothing is locked (a warning). `""` with
   * `lockStoreTable` set is refused: the tools then make no TableStore client and read no env var,
   * so every command crashes.
   *
   * @default - the tool reads `ALICLOUD_TABLESTORE_ENDPOINT` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_TABLESTORE_ENDPOINT`); with `lockStoreTable` set and neither there, every
   * command crashes (a warning)
   */
  readonly lockStoreEndpoint?: string;

  /**
   * Name of the TableStore instance that holds the lock table. Terraform only (1.12.0 and later);
   * OpenTofu always takes the instance from the first label of the endpoint's host. `""` counts as
   * unset.
   *
   * @default - the first label of `lockStoreEndpoint`'s host
   */
  readonly lockStoreInstanceName?: string;

  /**
   * TableStore table for state locking and consistency. You create it (the tools never do): one
   * primary key column, `LockID`, of type string; a name of 1 to 255 letters, digits and
   * underscores, starting with a letter or an underscore (a warning otherwise).
   *
   * A run puts the row `<bucket>/<state object>` while it holds the lock, and
   * `<bucket>/<state object>-md5` with the state's MD5 at every write, which every read compares.
   * Needs its endpoint (`lockStoreEndpoint` or `ALICLOUD_TABLESTORE_ENDPOINT`): without one, every
   * command crashes. Init fails when the table does not exist. `""` is no table: nothing is locked.
   *
   * @default - no locking
   */
  readonly lockStoreTable?: string;

  /**
   * Directory of the state file inside the bucket. Must not start with `/` or `./`.
   *
   * @default "env:"
   */
  readonly prefix?: string;

  /**
   * Profile name in the shared credentials file. Terraform 0.12.8 and later.
   *
   * @default - the tool reads `ALICLOUD_PROFILE` (Terraform 1.12+ also `ALIBABA_CLOUD_PROFILE`)
   */
  readonly profile?: string;

  /**
   * Region of the bucket.
   *
   * @default - the tool reads `ALICLOUD_REGION`, then `ALICLOUD_DEFAULT_REGION` (Terraform 1.12+
   * also `ALIBABA_CLOUD_REGION`)
   */
  readonly region?: string;

  /**
   * Access key secret.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ALICLOUD_SECRET_KEY`, then `ALICLOUD_ACCESS_KEY_SECRET` (Terraform
   * 1.12+ also `ALIBABA_CLOUD_ACCESS_KEY_SECRET`)
   */
  readonly secretKey?: string;

  /**
   * Security token of temporary (STS) credentials.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ALICLOUD_SECURITY_TOKEN` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_SECURITY_TOKEN`); without it, permanent credentials
   */
  readonly securityToken?: string;

  /**
   * Path of the shared credentials file. Terraform 0.12.8 and later.
   *
   * @default - the tool reads `ALICLOUD_SHARED_CREDENTIALS_FILE` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_CREDENTIALS_FILE`); without it, `~/.aliyun/config.json` when a profile is set
   */
  readonly sharedCredentialsFile?: string;

  /**
   * Custom endpoint of the Security Token Service (STS) API. Terraform 1.0.11 and later.
   *
   * @default - the tool reads `ALICLOUD_STS_ENDPOINT` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_STS_ENDPOINT`); without it, the public STS endpoint
   */
  readonly stsEndpoint?: string;

  /**
   * cdktf's name for `lockStoreEndpoint`. Set one or the other.
   *
   * @default - the tool reads `ALICLOUD_TABLESTORE_ENDPOINT` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_TABLESTORE_ENDPOINT`)
   */
  readonly tablestoreEndpoint?: string;

  /**
   * The tool's name for `lockStoreInstanceName`. Set one or the other.
   *
   * @default - the first label of `lockStoreEndpoint`'s host
   */
  readonly tablestoreInstanceName?: string;

  /**
   * cdktf's name for `lockStoreTable`. Set one or the other.
   *
   * @default - no locking
   */
  readonly tablestoreTable?: string;
}

/**
 * Alibaba Cloud Object Storage Service (OSS) backend settings, with state locking in a
 * TableStore table.
 *
 * @see https://developer.hashicorp.com/terraform/language/backend/oss
 */
export interface OssBackendConfig extends OssBackendOptions {
  /**
   * Name of the bucket that holds the state.
   */
  readonly bucket: string;
}

/**
 * The deprecated `assume_role` block of an OSS backend.
 */
export interface OssAssumeRole {
  /**
   * ARN of the role to assume. (The tool reads `ALICLOUD_ASSUME_ROLE_ARN`, Terraform 1.12+ also
   * `ALIBABA_CLOUD_ROLE_ARN`, when the block is absent.)
   */
  readonly roleArn: string;

  /**
   * A more restrictive policy for the session. Emitted unchanged.
   *
   * @default - the role's own policy applies
   */
  readonly policy?: string;

  /**
   * Session name passed to the AssumeRole call.
   *
   * @default - the tool reads `ALICLOUD_ASSUME_ROLE_SESSION_NAME` (Terraform 1.12+ also
   * `ALIBABA_CLOUD_ROLE_SESSION_NAME`); without it, `terraform` (OpenTofu: `tofu`)
   */
  readonly sessionName?: string;

  /**
   * Lifetime of the assumed session in seconds, 900 to 3600.
   *
   * @default 3600
   */
  readonly sessionExpiration?: number;
}

// The backend's config comes first on purpose: the jsii kernel rebuilds a struct's property list on
// every call from Java, Python or Go, and merging the long list into an empty one is several times
// cheaper than merging it into the short one (BENCHMARKS.md, "Java and Python through jsii").
/**
 * Config of a remote state read from an OSS backend.
 */
export interface DataTerraformRemoteStateOssConfig extends OssBackendConfig, DataTerraformRemoteStateConfig {}

/**
 * Config of a remote state without the bucket, for `OssStateBucket.remoteState`, which adds
 * the bucket the construct makes.
 */
export interface DataTerraformRemoteStateOssOptions extends OssBackendOptions, DataTerraformRemoteStateConfig {}

/**
 * An OSS backend: `terraform { backend "oss" { ... } }`.
 *
 * The config is checked when the construct is created; only the keys the target tool accepts are
 * emitted, spelled the tool's way (`lockStoreTable` is `tablestore_table`, and so on).
 */
export class OssBackend extends StoreBackend {
  /**
   * Gives every stack under `scope` that has no backend yet its own OssBackend in one bucket.
   *
   * Each stack's state goes under `<config.prefix>/<stack path>` (as `<prefix>/<key>`), where the
   * stack path is the stack's path below `scope`: `network`, or `prod/network` for a stack in a
   * construct `prod`. Without `config.prefix` the tool's default `env:` is no longer used.
   *
   * Call it after adding the stacks: a stack added later gets none. Each backend is checked as
   * if created by hand, and at synth no two stacks may share a state object.
   *
   * @param scope the app, or a construct holding stacks
   * @param config the settings every stack shares
   * @returns the backends created, in tree order
   */
  public static forEachStack(scope: Construct, config: OssBackendConfig): OssBackend[] {
    requireConfig(config, 'OssBackend.forEachStack');
    const base = derivable(config.prefix, 'prefix', 'OssBackend.forEachStack');
    return backendForEachStack(scope, 'OssBackend.forEachStack', (stack, path) => new OssBackend(stack, { ...config, prefix: joinPath(base, path) }));
  }

  /**
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param props the backend settings
   */
  constructor(scope: Construct, props: OssBackendConfig) {
    super(scope, OSS_STORE, props, (s, id, config) => new DataTerraformRemoteStateOss(s, id, config));
  }

}

/**
 * Reads another configuration's state from an OSS backend:
 * `data "terraform_remote_state" "<id>" { backend = "oss" ... }`.
 */
export class DataTerraformRemoteStateOss extends StoreRemoteState {
  /**
   * @param scope the construct that holds the data source
   * @param id its id
   * @param config where the state is and how to read it
   */
  constructor(scope: Construct, id: string, config: DataTerraformRemoteStateOssConfig) {
    super(scope, id, OSS_STORE, config);
  }
}
