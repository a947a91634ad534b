import { TerraformProvider, TerraformResource } from 'cdktf';
import { Construct } from 'constructs';
import {
  DataTerraformRemoteStateGcs,
  DataTerraformRemoteStateGcsOptions,
  GcsBackend,
  GcsBackendOptions,
} from './gcs-backend';
import { derivable } from './private/framework/for-each-stack';
import { OWN_STATE_PREFIX, watchOwnState } from './private/framework/own-state';
import { dataProps, makeStateStore, storeBackend, storeForEachStack } from './private/framework/state-store';
import { joinPath } from './private/kit/go-path';
import { GCS_STATE_BUCKET } from './private/state-stores/gcs';

/**
 * Props of a `GcsStateBucket`: the bucket's name and location, and the settings a state store
 * needs, each on unless a prop turns it off.
 */
export interface GcsStateBucketProps {
  /**
   * Name of the bucket, globally unique: 3 to 63 lower-case letters, digits, `-`, `_` and `.`.
   * Every backend and remote state the construct makes names it.
   */
  readonly name: string;

  /**
   * Where the bucket keeps the state: a region (`europe-west1`), a dual-region or a multi-region
   * (`EU`, `US`).
   */
  readonly location: string;

  /**
   * Project that owns the bucket.
   *
   * @default - the provider's project (its `project`, or `GOOGLE_PROJECT`)
   */
  readonly project?: string;

  /**
   * Object versioning: every write of a state object keeps the one before as a noncurrent
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
   * Seconds a deleted object (a live or noncurrent version) can still be restored. 0 turns soft
   * delete off; Cloud Storage takes up to 7776000 (90 days).
   *
   * @default 604800
   */
  readonly softDeleteRetentionSeconds?: number;

  /**
   * Uniform bucket-level access: access is granted by IAM on the bucket only, never by object ACLs.
   *
   * @default true
   */
  readonly uniformBucketLevelAccess?: boolean;

  /**
   * Public access prevention: `enforced` refuses every grant to `allUsers` and
   * `allAuthenticatedUsers`; `inherited` leaves it to the organization policy.
   *
   * @default "enforced"
   */
  readonly publicAccessPrevention?: string;

  /**
   * Cloud KMS key (customer-managed encryption key) for new objects, in the form
   * `projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}`. The bucket's
   * service agent needs the Encrypter/Decrypter role on it.
   *
   * @default - Google-managed encryption
   */
  readonly kmsKeyName?: string;

  /**
   * Labels of the bucket.
   *
   * @default - no labels
   */
  readonly labels?: { [key: string]: string };

  /**
   * Lets a destroy delete the bucket with the state in it.
   *
   * @default false
   */
  readonly forceDestroy?: boolean;

  /**
   * `lifecycle { prevent_destroy = true }`: a plan that would destroy the bucket fails. To tear the
   * bucket down, set false, deploy, then destroy.
   *
   * @default true
   */
  readonly preventDestroy?: boolean;

  /**
   * Brings an existing bucket under the construct: an `import` block (Terraform 1.5 and later,
   * every OpenTofu release) so the first deploy imports the bucket instead of creating it. The
   * other props then apply to it in place; one that forces a new bucket (`location`) fails the plan
   * while `preventDestroy` is on.
   *
   * @default false
   */
  readonly adopt?: boolean;

  /**
   * Provider configuration for the bucket.
   *
   * @default - the stack's own `google` provider; without one, the construct declares it
   * (`hashicorp/google`, the major version whose schema the library was checked against)
   */
  readonly provider?: TerraformProvider;
}

/**
 * A Google Cloud Storage bucket for state: `google_storage_bucket` with versioning, a bounded
 * history of noncurrent versions, soft delete, uniform bucket-level access, public access
 * prevention, no `force_destroy` and `prevent_destroy`.
 *
 * Make it in a stack of its own (the bootstrap stack), then give every other stack its backend
 * from it: `bucket.backend(stack, { prefix })` or `bucket.forEachStack(app)`, which also make those
 * stacks depend on the bootstrap stack.
 */
export class GcsStateBucket extends Construct {
  /** The bucket's name. */
  public readonly bucketName: string;

  /** The `google_storage_bucket` resource. */
  public readonly bucketResource: TerraformResource;

  /**
   * @param scope the construct that holds the bucket (a stack of its own, typically)
   * @param id its id
   * @param props the bucket's name, location and settings
   */
  constructor(scope: Construct, id: string, props: GcsStateBucketProps) {
    super(scope, id);
    const made = makeStateStore(this, GCS_STATE_BUCKET, dataProps(props, ['provider']), props?.provider);
    this.bucketName = made.values.name as string;
    this.bucketResource = made.resources.get('bucket')!;
    watchOwnState(this, {
      backend: 'gcs',
      adopted: props?.adopt === true,
      holds: [made.resources.get('bucket')!],
      names: (config) => config.bucket === this.bucketName,
      make: (stack) => this.backend(stack, { prefix: `${OWN_STATE_PREFIX}/${stack.node.id}` }),
    });
  }

  /**
   * Gives the stack of `scope` a GCS backend in this bucket, and makes that stack depend on the
   * bucket's.
   *
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param options the backend's settings besides the bucket (`prefix`, credentials, ...)
   */
  public backend(scope: Construct, options: GcsBackendOptions = {}): GcsBackend {
    return storeBackend(this, scope, () => new GcsBackend(scope, { ...options, bucket: this.bucketName }));
  }

  /**
   * Reads a state kept in this bucket, and makes the stack of `scope` depend on the bucket's.
   *
   * @param scope the construct that holds the data source
   * @param id its id
   * @param options where the state is besides the bucket (`prefix`, `workspace`, ...)
   */
  public remoteState(scope: Construct, id: string, options: DataTerraformRemoteStateGcsOptions = {}): DataTerraformRemoteStateGcs {
    return storeBackend(this, scope, () => new DataTerraformRemoteStateGcs(scope, id, { ...options, bucket: this.bucketName }));
  }

  /**
   * Gives every stack under `scope` that has no backend yet, but the bucket's own, a GCS backend in
   * this bucket under `<options.prefix>/<stack path>`, as `GcsBackend.forEachStack` does; each of
   * those stacks depends on the bucket's.
   *
   * @param scope the app, or a construct holding stacks
   * @param options the settings every stack shares besides the bucket
   * @returns the backends created, in tree order
   */
  public forEachStack(scope: Construct, options: GcsBackendOptions = {}): GcsBackend[] {
    const base = derivable(options?.prefix, 'prefix', 'GcsStateBucket.forEachStack');
    return storeForEachStack(this, scope, 'GcsStateBucket.forEachStack', (stack, path) =>
      new GcsBackend(stack, { ...options, bucket: this.bucketName, prefix: joinPath(base, path) }));
  }
}
