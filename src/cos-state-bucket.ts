import { TerraformProvider, TerraformResource } from 'cdktf';
import { Construct } from 'constructs';
import {
  CosBackend,
  CosBackendOptions,
  DataTerraformRemoteStateCos,
  DataTerraformRemoteStateCosOptions,
} from './cos-backend';
import { derivable } from './private/framework/for-each-stack';
import { OWN_STATE_PREFIX, watchOwnState } from './private/framework/own-state';
import { dataProps, fromStore, makeStateStore, storeBackend, storeForEachStack } from './private/framework/state-store';
import { joinPath } from './private/kit/go-path';
import { COS_STATE_BUCKET } from './private/state-stores/cos';
import { COS_STORE } from './private/stores/cos';

/**
 * Props of a `CosStateBucket`: the bucket's name and region, and the settings a state store
 * needs, each on unless a prop turns it off.
 */
export interface CosStateBucketProps {
  /**
   * Name of the bucket: `<name>-<appid>`, lower-case letters, digits and hyphens, then `-` and the
   * 10 digits of the account's APPID (`tfstate-1250000000`). Every backend and remote state the
   * construct makes names it.
   */
  readonly bucket: string;

  /**
   * Region of the bucket (`ap-guangzhou`). The provider block the construct declares, and every
   * backend it makes, get it.
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
   * ACL of the bucket: `private`, `public-read` or `public-read-write`.
   *
   * @default "private"
   */
  readonly acl?: string;

  /**
   * Server-side encryption of the objects: `AES256` (SSE-COS), `KMS` or `SM4`.
   *
   * @default "AES256", or "KMS" when kmsId is given
   */
  readonly encryptionAlgorithm?: string;

  /**
   * Customer-managed KMS key that encrypts the objects.
   *
   * @default - the key COS manages
   */
  readonly kmsId?: string;

  /**
   * Tags of the bucket.
   *
   * @default - no tags
   */
  readonly tags?: { [key: string]: string };

  /**
   * Lets a destroy delete the bucket with the state in it (the provider's `force_clean`).
   *
   * @default false
   */
  readonly forceClean?: boolean;

  /**
   * `lifecycle { prevent_destroy = true }`: a plan that would destroy the bucket fails. To tear the
   * bucket down, set false, deploy, then destroy.
   *
   * @default true
   */
  readonly preventDestroy?: boolean;

  /**
   * Brings an existing bucket under the construct: an `import` block (Terraform 1.5 and later,
   * every OpenTofu release) so the first deploy imports the bucket instead of creating it; the
   * other props then apply to it in place.
   *
   * @default false
   */
  readonly adopt?: boolean;

  /**
   * Provider configuration for the bucket.
   *
   * @default - the stack's own `tencentcloud` provider; without one, the construct declares it
   * (`tencentcloudstack/tencentcloud`, the major version whose schema the library was checked
   * against), in `region`
   */
  readonly provider?: TerraformProvider;
}

/**
 * A Tencent Cloud COS bucket for state: `tencentcloud_cos_bucket` with versioning, a bounded
 * history of noncurrent versions, server-side encryption, a private ACL, no `force_clean` and
 * `prevent_destroy`.
 *
 * Make it in a stack of its own (the bootstrap stack), then give every other stack its backend
 * from it: `bucket.backend(stack, { prefix })` or `bucket.forEachStack(app)`, which also set the
 * region and make those stacks depend on the bootstrap stack.
 */
export class CosStateBucket extends Construct {
  /** The bucket's name. */
  public readonly bucketName: string;

  /** The bucket's region. */
  public readonly region: string;

  /** The `tencentcloud_cos_bucket` resource. */
  public readonly bucketResource: TerraformResource;

  /**
   * @param scope the construct that holds the bucket (a stack of its own, typically)
   * @param id its id
   * @param props the bucket's name, region and settings
   */
  constructor(scope: Construct, id: string, props: CosStateBucketProps) {
    super(scope, id);
    const made = makeStateStore(this, COS_STATE_BUCKET, dataProps(props, ['provider']), props?.provider, { region: props?.region });
    this.bucketName = made.values.bucket as string;
    this.region = made.values.region as string;
    this.bucketResource = made.resources.get('bucket')!;
    watchOwnState(this, {
      backend: 'cos',
      adopted: props?.adopt === true,
      holds: [made.resources.get('bucket')!],
      names: (config) => config.bucket === this.bucketName,
      make: (stack) => this.backend(stack, { prefix: `${OWN_STATE_PREFIX}/${stack.node.id}` }),
    });
  }

  /**
   * Gives the stack of `scope` a COS backend in this bucket (in its region unless `options` says
   * otherwise), and makes that stack depend on the bucket's.
   *
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param options the backend's settings besides the bucket (`prefix`, `key`, credentials, ...)
   */
  public backend(scope: Construct, options: CosBackendOptions = {}): CosBackend {
    return storeBackend(this, scope, () => new CosBackend(scope, this.config(options)));
  }

  /**
   * Reads a state kept in this bucket, and makes the stack of `scope` depend on the bucket's.
   *
   * @param scope the construct that holds the data source
   * @param id its id
   * @param options where the state is besides the bucket (`prefix`, `key`, `workspace`, ...)
   */
  public remoteState(scope: Construct, id: string, options: DataTerraformRemoteStateCosOptions = {}): DataTerraformRemoteStateCos {
    return storeBackend(this, scope, () => new DataTerraformRemoteStateCos(scope, id, this.config(options)));
  }

  /**
   * Gives every stack under `scope` that has no backend yet, but the bucket's own, a COS backend
   * in this bucket under `<options.prefix>/<stack path>`, as `CosBackend.forEachStack` does; each of
   * those stacks depends on the bucket's.
   *
   * @param scope the app, or a construct holding stacks
   * @param options the settings every stack shares besides the bucket
   * @returns the backends created, in tree order
   */
  public forEachStack(scope: Construct, options: CosBackendOptions = {}): CosBackend[] {
    const base = derivable(options?.prefix, 'prefix', 'CosStateBucket.forEachStack');
    return storeForEachStack(this, scope, 'CosStateBucket.forEachStack', (stack, path) =>
      new CosBackend(stack, this.config({ ...options, prefix: joinPath(base, path) })));
  }

  private config(options: object): any {
    return fromStore(COS_STORE.table, options, { region: this.region }, { bucket: this.bucketName });
  }
}
