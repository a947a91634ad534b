import { TerraformProvider, TerraformResource } from 'cdktf';
import { Construct } from 'constructs';
import {
  DataTerraformRemoteStateOss,
  DataTerraformRemoteStateOssOptions,
  OssBackend,
  OssBackendOptions,
} from './oss-backend';
import { derivable } from './private/framework/for-each-stack';
import { OWN_STATE_PREFIX, watchOwnState } from './private/framework/own-state';
import { dataProps, fromStore, makeStateStore, storeBackend, storeForEachStack } from './private/framework/state-store';
import { joinPath } from './private/kit/go-path';
import { OSS_STATE_BUCKET } from './private/state-stores/oss';
import { OSS_STORE } from './private/stores/oss';

/**
 * Props of an `OssStateBucket`: the bucket's name and region, and the settings a state store
 * needs, each on unless a prop turns it off.
 */
export interface OssStateBucketProps {
  /**
   * Name of the bucket, globally unique: 3 to 63 lower-case letters, digits and hyphens, starting
   * and ending with a letter or digit. Every backend and remote state the construct makes names it.
   */
  readonly bucket: string;

  /**
   * Region of the bucket and of its lock table (`cn-hangzhou`). The provider block the construct
   * declares, and every backend it makes, get it.
   */
  readonly region: string;

  /**
   * Object versioning: every write of the state object keeps the one before as a noncurrent
   * version, so a bad apply or a deleted object can be rolled back.
   *
   * @default true
   */
  readonly versioned?: boolean;

  /**
   * Days a noncurrent version is kept after a newer one replaced it; then a lifecycle rule deletes
   * it (the live state is never touched). 0 keeps every version.
   *
   * @default 365
   */
  readonly noncurrentVersionRetentionDays?: number;

  /**
   * Server-side encryption of the objects: `AES256` (keys managed by OSS), `KMS` or `SM4`.
   *
   * @default "AES256", or "KMS" when kmsMasterKeyId is given
   */
  readonly sseAlgorithm?: string;

  /**
   * Customer-managed KMS key that encrypts the objects.
   *
   * @default - the key OSS manages
   */
  readonly kmsMasterKeyId?: string;

  /**
   * ACL of the bucket (an `alicloud_oss_bucket_acl`): `private`, `public-read` or
   * `public-read-write`.
   *
   * @default "private"
   */
  readonly acl?: string;

  /**
   * Blocks public access to the bucket (an `alicloud_oss_bucket_public_access_block`), whatever
   * ACL or policy is set later.
   *
   * @default true
   */
  readonly blockPublicAccess?: boolean;

  /**
   * Tags of the bucket.
   *
   * @default - no tags
   */
  readonly tags?: { [key: string]: string };

  /**
   * Lets a destroy delete the bucket with the state in it.
   *
   * @default false
   */
  readonly forceDestroy?: boolean;

  /**
   * `lifecycle { prevent_destroy = true }` on the bucket and the lock table: a plan that would
   * destroy them fails. To tear them down, set false, deploy, then destroy.
   *
   * @default true
   */
  readonly preventDestroy?: boolean;

  /**
   * Makes the TableStore table the oss backend locks with (string primary key `LockID`), and gives
   * every backend the construct makes its endpoint and name. False makes none: those backends
   * lock nothing.
   *
   * @default true
   */
  readonly locking?: boolean;

  /**
   * TableStore instance of the lock table: 3 to 16 letters, digits and hyphens, unique within the
   * account and region.
   *
   * @default "tfstate-lock"
   */
  readonly lockInstanceName?: string;

  /**
   * Makes the instance; false puts the lock table in the existing instance `lockInstanceName` names.
   *
   * @default true
   */
  readonly createLockInstance?: boolean;

  /**
   * Name of the lock table: 1 to 255 letters, digits and underscores, starting with a letter or an
   * underscore.
   *
   * @default "terraform_lock"
   */
  readonly lockTableName?: string;

  /**
   * Brings an existing bucket under the construct: an `import` block (Terraform 1.5 and later,
   * every OpenTofu release) so the first deploy imports the bucket instead of creating it; the
   * other props then apply to it in place.
   *
   * @default false
   */
  readonly adopt?: boolean;

  /**
   * Imports an existing lock table (and its instance, when the construct makes it) instead of
   * creating it.
   *
   * @default false
   */
  readonly adoptLockTable?: boolean;

  /**
   * Provider configuration for the bucket and the lock table.
   *
   * @default - the stack's own `alicloud` provider; without one, the construct declares it
   * (`aliyun/alicloud`, the major version whose schema the library was checked against), in
   * `region`
   */
  readonly provider?: TerraformProvider;
}

/**
 * An Alibaba Cloud OSS bucket for state, with the TableStore table the oss backend locks with:
 * `alicloud_oss_bucket` with versioning, a bounded history of noncurrent versions and server-side
 * encryption, a private ACL and blocked public access, no `force_destroy` and `prevent_destroy`;
 * `alicloud_ots_instance` and `alicloud_ots_table` (primary key `LockID`, string).
 *
 * Make it in a stack of its own (the bootstrap stack), then give every other stack its backend
 * from it: `bucket.backend(stack, { prefix })` or `bucket.forEachStack(app)`, which also set the
 * region and the lock table, and make those stacks depend on the bootstrap stack.
 */
export class OssStateBucket extends Construct {
  /** The bucket's name. */
  public readonly bucketName: string;

  /** The bucket's region. */
  public readonly region: string;

  /** The lock table's endpoint, `https://<instance>.<region>.ots.aliyuncs.com` (none without `locking`). */
  public readonly lockEndpoint?: string;

  /** The lock table's name (none without `locking`). */
  public readonly lockTableName?: string;

  /** The `alicloud_oss_bucket` resource. */
  public readonly bucketResource: TerraformResource;

  /** The `alicloud_ots_table` resource (none without `locking`). */
  public readonly lockTableResource?: TerraformResource;

  /**
   * @param scope the construct that holds the bucket (a stack of its own, typically)
   * @param id its id
   * @param props the bucket's name, region and settings
   */
  constructor(scope: Construct, id: string, props: OssStateBucketProps) {
    super(scope, id);
    const made = makeStateStore(this, OSS_STATE_BUCKET, dataProps(props, ['provider']), props?.provider, { region: props?.region });
    this.bucketName = made.values.bucket as string;
    this.region = made.values.region as string;
    this.bucketResource = made.resources.get('bucket')!;
    if (made.values.locking !== false) {
      this.lockTableName = made.values.lockTableName as string;
      this.lockEndpoint = `https://${made.values.lockInstanceName}.${this.region}.ots.aliyuncs.com`;
      this.lockTableResource = made.resources.get('lockTable');
    }
    watchOwnState(this, {
      backend: 'oss',
      adopted: props?.adopt === true,
      holds: [...made.resources].filter(([key]) => key === 'bucket' || key === 'lockTable').map(([, r]) => r),
      names: (config) => config.bucket === this.bucketName,
      make: (stack) => this.backend(stack, { prefix: `${OWN_STATE_PREFIX}/${stack.node.id}` }),
    });
  }

  /**
   * Gives the stack of `scope` an OSS backend in this bucket (in its region, locking with its
   * table unless `options` says otherwise), and makes that stack depend on the bucket's.
   *
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param options the backend's settings besides the bucket (`prefix`, `key`, credentials, ...)
   */
  public backend(scope: Construct, options: OssBackendOptions = {}): OssBackend {
    return storeBackend(this, scope, () => new OssBackend(scope, this.config(options)));
  }

  /**
   * Reads a state kept in this bucket, and makes the stack of `scope` depend on the bucket's.
   *
   * @param scope the construct that holds the data source
   * @param id its id
   * @param options where the state is besides the bucket (`prefix`, `key`, `workspace`, ...)
   */
  public remoteState(scope: Construct, id: string, options: DataTerraformRemoteStateOssOptions = {}): DataTerraformRemoteStateOss {
    return storeBackend(this, scope, () => new DataTerraformRemoteStateOss(scope, id, this.config(options)));
  }

  /**
   * Gives every stack under `scope` that has no backend yet, but the bucket's own, an OSS backend
   * in this bucket under `<options.prefix>/<stack path>`, as `OssBackend.forEachStack` does; each of
   * those stacks depends on the bucket's.
   *
   * @param scope the app, or a construct holding stacks
   * @param options the settings every stack shares besides the bucket
   * @returns the backends created, in tree order
   */
  public forEachStack(scope: Construct, options: OssBackendOptions = {}): OssBackend[] {
    const base = derivable(options?.prefix, 'prefix', 'OssStateBucket.forEachStack');
    return storeForEachStack(this, scope, 'OssStateBucket.forEachStack', (stack, path) =>
      new OssBackend(stack, this.config({ ...options, prefix: joinPath(base, path) })));
  }

  private config(options: object): any {
    const lock = { lockStoreEndpoint: this.lockEndpoint, lockStoreTable: this.lockTableName };
    return fromStore(OSS_STORE.table, options, { region: this.region, ...lock }, { bucket: this.bucketName });
  }
}
