import { defineStateStore } from './definition';
import { OSS_BUCKET_RULES } from './oss-rules';
import { ALICLOUD } from './providers';
import { STATE_STORE_RULES } from './rules';
import { ADOPT, FORCE_DESTROY_REASON, NONCURRENT_DAYS, PREVENT_DESTROY, positiveOrNone } from './shared-settings';
import { OSS_STORE } from '../stores/oss';

/*
 * OssStateBucket: an alicloud_oss_bucket (with its ACL and public access block as the resources
 * the provider now keeps them in), and the TableStore lock table the oss backend needs (with its
 * instance, unless one is named). Schema paths are in the alicloud provider's source at the
 * release providers.ts names (`alicloud/...`).
 */

const BUCKET = 'alicloud/resource_alicloud_oss_bucket.go resourceAlicloudOssBucket';
const TABLE = 'alicloud/resource_alicloud_ots_table.go resourceAlicloudOtsTable';
const LOCKS = 'https://developer.hashicorp.com/terraform/language/backend/oss';

const locks = (v: Readonly<Record<string, unknown>>) => v.locking !== false;

export const OSS_STATE_BUCKET = defineStateStore({
  name: 'oss-bucket',
  names: { construct: 'OssStateBucket', props: 'OssStateBucketProps' },
  store: OSS_STORE,
  provider: ALICLOUD,
  resources: {
    bucket: {
      type: 'alicloud_oss_bucket',
      blocks: ['versioning', 'lifecycle_rule', 'lifecycle_rule.noncurrent_version_expiration', 'server_side_encryption_rule'],
      // ImportStatePassthrough; the id is the bucket's name (d.SetId(bucketName)).
      importId: (v) => String(v.bucket),
    },
    acl: { type: 'alicloud_oss_bucket_acl' },
    publicAccessBlock: { type: 'alicloud_oss_bucket_public_access_block' },
    lockInstance: { type: 'alicloud_ots_instance', when: (v) => locks(v) && v.createLockInstance !== false, importId: (v) => String(v.lockInstanceName), adoptedBy: 'adoptLockTable' },
    lockTable: {
      type: 'alicloud_ots_table',
      blocks: ['primary_key'],
      when: locks,
      // ImportStatePassthrough; the id is "<instance>:<table>" (COLON_SEPARATED).
      importId: (v) => `${v.lockInstanceName}:${v.lockTableName}`,
      adoptedBy: 'adoptLockTable',
    },
  },
  nameFields: [{ backendField: 'bucket', prop: 'bucket' }],
  settings: [
    {
      id: 'oss-bucket/bucket',
      prop: { name: 'bucket', type: 'string', required: true, example: 'acme-tfstate' },
      resource: 'bucket',
      argument: 'bucket',
      reason: 'the bucket every backend and remote state of the construct names; bucket names are global, so it is chosen once, here',
      evidence: { schema: `${BUCKET}: bucket (string, ForceNew, StringLenBetween(3, 63))`, docs: 'https://www.alibabacloud.com/help/en/oss/user-guide/bucket-naming-conventions' },
    },
    {
      id: 'oss-bucket/region',
      prop: { name: 'region', type: 'string', required: true, example: 'cn-hangzhou' },
      resource: 'bucket',
      argument: '-',
      reason: 'the region of the bucket and the lock table: the provider block the construct declares gets it, and so does every backend ' +
        'it makes (with the lock table\'s endpoint https://<instance>.<region>.ots.aliyuncs.com)',
      evidence: { schema: 'alicloud/provider.go: region', docs: LOCKS },
    },
    {
      id: 'oss-bucket/versioning',
      prop: { name: 'versioned', type: 'boolean', example: true },
      resource: 'bucket',
      argument: 'versioning.status',
      default: true,
      emit: (on) => (on === true ? 'Enabled' : on === false ? undefined : on),
      reason: 'every write of the state object keeps the one before as a noncurrent version, so a bad apply or a deleted object can be rolled back',
      evidence: { schema: `${BUCKET}: versioning (block, MaxItems 1) status ("Enabled", "Suspended")`, docs: 'https://www.alibabacloud.com/help/en/oss/user-guide/versioning' },
    },
    {
      id: 'oss-bucket/noncurrent-versions',
      prop: NONCURRENT_DAYS,
      resource: 'bucket',
      argument: 'lifecycle_rule',
      default: 365,
      emit: (days) => positiveOrNone(days, (d) => [{ id: 'state-noncurrent-versions', enabled: true, prefix: '', noncurrent_version_expiration: { days: d } }]),
      reason: 'a bounded history: a noncurrent version is deleted a year after a newer one replaced it, never the live state; 0 keeps every version',
      evidence: {
        schema: `${BUCKET}: lifecycle_rule (block list) enabled (bool, Required), prefix, noncurrent_version_expiration.days (int, Required)`,
        docs: 'https://www.alibabacloud.com/help/en/oss/user-guide/lifecycle-rules-based-on-the-last-modified-time',
      },
    },
    {
      id: 'oss-bucket/encryption',
      prop: { name: 'sseAlgorithm', type: 'string', example: 'KMS' },
      resource: 'bucket',
      argument: 'server_side_encryption_rule.sse_algorithm',
      default: 'AES256',
      defaultWith: (v) => (v.kmsMasterKeyId === undefined ? 'AES256' : 'KMS'),
      reason: 'objects are encrypted at rest by OSS (AES256), or with the KMS key given (KMS)',
      evidence: {
        schema: `${BUCKET}: server_side_encryption_rule (block, MaxItems 1) sse_algorithm (Required: "AES256", "KMS", "SM4")`,
        docs: 'https://www.alibabacloud.com/help/en/oss/user-guide/server-side-encryption-8',
      },
    },
    {
      id: 'oss-bucket/kms-key',
      prop: { name: 'kmsMasterKeyId', type: 'string', example: '0e9b5b8a-7f9e-4a1c-9a6d-1b2c3d4e5f60' },
      resource: 'bucket',
      argument: 'server_side_encryption_rule.kms_master_key_id',
      reason: 'the customer-managed KMS key that encrypts the objects, where one is given (sseAlgorithm is then KMS)',
      evidence: { schema: `${BUCKET}: server_side_encryption_rule.kms_master_key_id (string)`, docs: 'https://www.alibabacloud.com/help/en/oss/user-guide/server-side-encryption-8' },
    },
    {
      id: 'oss-bucket/acl',
      prop: { name: 'acl', type: 'string', example: 'private' },
      resource: 'acl',
      argument: 'acl',
      default: 'private',
      reason: 'only the bucket\'s owner and those the RAM policies allow can read or write the state (the bucket\'s own `acl` argument is ' +
        'deprecated for this resource)',
      evidence: { schema: 'alicloud/resource_alicloud_oss_bucket_acl.go: acl (string, Required), bucket (Required, ForceNew)', docs: 'https://www.alibabacloud.com/help/en/oss/user-guide/bucket-acl' },
    },
    {
      id: 'oss-bucket/acl-bucket',
      resource: 'acl',
      argument: 'bucket',
      emit: (_v, _values, ref) => ref('bucket', 'bucket'),
      reason: 'the ACL of the construct\'s bucket',
      evidence: { schema: 'alicloud/resource_alicloud_oss_bucket_acl.go: bucket (string, Required, ForceNew)' },
    },
    {
      id: 'oss-bucket/block-public-access',
      prop: { name: 'blockPublicAccess', type: 'boolean', example: true },
      resource: 'publicAccessBlock',
      argument: 'block_public_access',
      default: true,
      reason: 'no ACL or bucket policy can make the state public, whatever is set later',
      evidence: {
        schema: 'alicloud/resource_alicloud_oss_bucket_public_access_block.go: block_public_access (bool, Required)',
        docs: 'https://www.alibabacloud.com/help/en/oss/user-guide/block-public-access',
      },
    },
    {
      id: 'oss-bucket/block-public-access-bucket',
      resource: 'publicAccessBlock',
      argument: 'bucket',
      emit: (_v, _values, ref) => ref('bucket', 'bucket'),
      reason: 'the construct\'s bucket',
      evidence: { schema: 'alicloud/resource_alicloud_oss_bucket_public_access_block.go: bucket (string, Required, ForceNew)' },
    },
    {
      id: 'oss-bucket/tags',
      prop: { name: 'tags', type: 'stringMap', example: { team: 'platform' } },
      resource: 'bucket',
      argument: 'tags',
      reason: 'tags of the bucket',
      evidence: { schema: `${BUCKET}: tags (map of strings)` },
    },
    {
      id: 'oss-bucket/force-destroy',
      prop: { name: 'forceDestroy', type: 'boolean', example: false },
      resource: 'bucket',
      argument: 'force_destroy',
      default: false,
      reason: FORCE_DESTROY_REASON,
      evidence: { schema: `${BUCKET}: force_destroy (bool, default false)` },
    },
    { ...PREVENT_DESTROY, id: 'oss-bucket/prevent-destroy', resource: 'bucket' },
    {
      id: 'oss-bucket/locking',
      prop: { name: 'locking', type: 'boolean', example: true },
      resource: 'lockTable',
      argument: '-',
      default: true,
      reason: 'the oss backend locks the state only with a TableStore table, which the tools never create: the construct makes it, and every ' +
        'backend it makes names it; false makes no table, and its backends lock nothing',
      evidence: { schema: 'both tools, oss/backend.go: tablestore_endpoint and tablestore_table', docs: LOCKS },
    },
    {
      id: 'oss-bucket/lock-instance',
      prop: { name: 'lockInstanceName', type: 'string', example: 'acme-lock' },
      resource: 'lockInstance',
      argument: 'name',
      default: 'tfstate-lock',
      reason: 'the TableStore instance of the lock table (its endpoint\'s host starts with it); unique within the account and region',
      evidence: { schema: 'alicloud/resource_alicloud_ots_instance.go: name (string, Required, ForceNew, validateOTSInstanceName)' },
    },
    {
      id: 'oss-bucket/create-lock-instance',
      prop: { name: 'createLockInstance', type: 'boolean', example: false },
      resource: 'lockInstance',
      argument: '-',
      default: true,
      reason: 'the construct makes the instance; false puts the table in the existing instance lockInstanceName names',
      evidence: { schema: 'alicloud/resource_alicloud_ots_instance.go', docs: 'https://www.alibabacloud.com/help/en/tablestore/user-guide/instances' },
    },
    {
      id: 'oss-bucket/lock-table',
      prop: { name: 'lockTableName', type: 'string', example: 'terraform_lock' },
      resource: 'lockTable',
      argument: 'table_name',
      default: 'terraform_lock',
      reason: 'the table the backends lock with',
      evidence: { schema: `${TABLE}: table_name (string, Required, ForceNew, validateOTSTableName)`, docs: LOCKS },
    },
    {
      id: 'oss-bucket/lock-table-instance',
      resource: 'lockTable',
      argument: 'instance_name',
      emit: (_v, values, ref) => (values.createLockInstance === false ? values.lockInstanceName : ref('lockInstance', 'name')),
      reason: 'the lock table\'s instance: the one the construct makes, or the one named',
      evidence: { schema: `${TABLE}: instance_name (string, Required, ForceNew)` },
    },
    {
      id: 'oss-bucket/lock-key',
      resource: 'lockTable',
      argument: 'primary_key',
      default: [{ name: 'LockID', type: 'String' }],
      reason: 'the backends lock with the row "<bucket>/<object>" and keep the state\'s digest in "<bucket>/<object>-md5", in a table whose ' +
        'primary key is one string column named LockID',
      evidence: { schema: `${TABLE}: primary_key (block list, Required) name, type ("Integer", "String", "Binary"); both tools, oss/client.go Lock, Put`, docs: LOCKS },
    },
    {
      id: 'oss-bucket/lock-ttl',
      resource: 'lockTable',
      argument: 'time_to_live',
      default: -1,
      reason: 'lock and digest rows never expire (a digest row that expired would make the next run refuse the state)',
      evidence: { schema: `${TABLE}: time_to_live (int, Required, IntBetween(-1, INT_MAX))` },
    },
    {
      id: 'oss-bucket/lock-versions',
      resource: 'lockTable',
      argument: 'max_version',
      default: 1,
      reason: 'one version of each cell is all a lock needs',
      evidence: { schema: `${TABLE}: max_version (int, Required, IntBetween(1, INT_MAX))` },
    },
    { ...PREVENT_DESTROY, id: 'oss-bucket/lock-table-prevent-destroy', resource: 'lockTable' },
    {
      ...ADOPT,
      id: 'oss-bucket/adopt',
      resource: 'bucket',
      evidence: { ...ADOPT.evidence, schema: `${BUCKET}: Importer (ImportStatePassthrough: the bucket's name)` },
    },
    {
      id: 'oss-bucket/adopt-lock-table',
      prop: { name: 'adoptLockTable', type: 'boolean', example: true },
      resource: 'lockTable',
      argument: '-',
      default: false,
      reason: 'imports an existing lock table (and its instance, when the construct makes it) instead of creating it',
      evidence: { schema: `${TABLE}: Importer (ImportStatePassthrough: "<instance>:<table>")`, docs: 'https://developer.hashicorp.com/terraform/language/import' },
    },
  ],
  rules: OSS_BUCKET_RULES,
  absent: [{ what: 'soft delete', why: 'OSS keeps no deleted bucket or object beyond versioning: a deleted object stays as a noncurrent version behind a delete marker' }],
}, STATE_STORE_RULES);
