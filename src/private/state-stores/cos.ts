import { defineStateStore } from './definition';
import { TENCENTCLOUD } from './providers';
import { STATE_STORE_RULES } from './rules';
import { ADOPT, FORCE_DESTROY_REASON, NONCURRENT_DAYS, PREVENT_DESTROY, positiveOrNone } from './shared-settings';
import { atLeast, matches, oneOf } from '../kit/rule-builders';
import { COS_STORE } from '../stores/cos';

/*
 * CosStateBucket: one tencentcloud_cos_bucket. Schema paths are in the tencentcloud provider's
 * source at the release providers.ts names (`tencentcloud/services/cos/resource_tc_cos_bucket.go`).
 */

const BUCKET = 'tencentcloud/services/cos/resource_tc_cos_bucket.go ResourceTencentCloudCosBucket';

export const COS_STATE_BUCKET = defineStateStore({
  name: 'cos-bucket',
  names: { construct: 'CosStateBucket', props: 'CosStateBucketProps' },
  store: COS_STORE,
  provider: TENCENTCLOUD,
  resources: {
    bucket: {
      type: 'tencentcloud_cos_bucket',
      blocks: ['lifecycle_rules', 'lifecycle_rules.non_current_expiration'],
      // helper.ImportWithDefaultValue (force_clean false); the id is the bucket's name (d.SetId(bucket)).
      importId: (v) => String(v.bucket),
    },
  },
  nameFields: [{ backendField: 'bucket', prop: 'bucket' }],
  settings: [
    {
      id: 'cos-bucket/bucket',
      prop: { name: 'bucket', type: 'string', required: true, example: 'tfstate-1250000000' },
      resource: 'bucket',
      argument: 'bucket',
      reason: 'the bucket every backend and remote state of the construct names: <name>-<appid>',
      evidence: { schema: `${BUCKET}: bucket (string, Required, ForceNew, ValidateCosBucketName)`, docs: 'https://www.tencentcloud.com/document/product/436/13312' },
    },
    {
      id: 'cos-bucket/region',
      prop: { name: 'region', type: 'string', required: true, example: 'ap-guangzhou' },
      resource: 'bucket',
      argument: '-',
      reason: 'the bucket\'s region: the provider block the construct declares gets it, and so does every backend it makes',
      evidence: { schema: 'tencentcloud/provider.go: region', docs: 'https://developer.hashicorp.com/terraform/language/backend/cos' },
    },
    {
      id: 'cos-bucket/versioning',
      prop: { name: 'versioned', type: 'boolean', example: true },
      resource: 'bucket',
      argument: 'versioning_enable',
      default: true,
      reason: 'every write of the state object keeps the one before as a noncurrent version, so a bad apply or a deleted object can be ' +
        'rolled back (the cos backend\'s docs recommend it)',
      evidence: { schema: `${BUCKET}: versioning_enable (bool, default false)`, docs: 'https://www.tencentcloud.com/document/product/436/19883' },
    },
    {
      id: 'cos-bucket/noncurrent-versions',
      prop: NONCURRENT_DAYS,
      resource: 'bucket',
      argument: 'lifecycle_rules',
      default: 365,
      emit: (days) => positiveOrNone(days, (d) => [{ id: 'state-noncurrent-versions', filter_prefix: '', non_current_expiration: { non_current_days: d } }]),
      reason: 'a bounded history: a noncurrent version is deleted a year after a newer one replaced it, never the live state; 0 keeps every version',
      evidence: {
        schema: `${BUCKET}: lifecycle_rules (block list) filter_prefix, non_current_expiration.non_current_days (int, ValidateIntegerMin(0))`,
        docs: 'https://www.tencentcloud.com/document/product/436/14605',
      },
    },
    {
      id: 'cos-bucket/acl',
      prop: { name: 'acl', type: 'string', example: 'private' },
      resource: 'bucket',
      argument: 'acl',
      default: 'private',
      reason: 'only the bucket\'s owner and those its CAM policies allow can read or write the state',
      evidence: { schema: `${BUCKET}: acl (string, default "private": "private", "public-read", "public-read-write")`, docs: 'https://www.tencentcloud.com/document/product/436/30583' },
    },
    {
      id: 'cos-bucket/encryption',
      prop: { name: 'encryptionAlgorithm', type: 'string', example: 'KMS' },
      resource: 'bucket',
      argument: 'encryption_algorithm',
      default: 'AES256',
      defaultWith: (v) => (v.kmsId === undefined ? 'AES256' : 'KMS'),
      reason: 'objects are encrypted at rest by COS (AES256, SSE-COS), or with the KMS key given (KMS)',
      evidence: { schema: `${BUCKET}: encryption_algorithm (string: "AES256", "KMS", "SM4")`, docs: 'https://www.tencentcloud.com/document/product/436/18145' },
    },
    {
      id: 'cos-bucket/kms-key',
      prop: { name: 'kmsId', type: 'string', example: 'a1b2c3d4-0000-1111-2222-333344445555' },
      resource: 'bucket',
      argument: 'kms_id',
      reason: 'the customer-managed KMS key that encrypts the objects, where one is given (encryptionAlgorithm is then KMS)',
      evidence: { schema: `${BUCKET}: kms_id (string; used when encryption_algorithm is KMS)`, docs: 'https://www.tencentcloud.com/document/product/436/18145' },
    },
    {
      id: 'cos-bucket/tags',
      prop: { name: 'tags', type: 'stringMap', example: { team: 'platform' } },
      resource: 'bucket',
      argument: 'tags',
      reason: 'tags of the bucket',
      evidence: { schema: `${BUCKET}: tags (map of strings)` },
    },
    {
      id: 'cos-bucket/force-clean',
      prop: { name: 'forceClean', type: 'boolean', example: false },
      resource: 'bucket',
      argument: 'force_clean',
      default: false,
      reason: FORCE_DESTROY_REASON,
      evidence: { schema: `${BUCKET}: force_clean (bool, default false: "Force cleanup all objects before delete bucket")` },
    },
    { ...PREVENT_DESTROY, id: 'cos-bucket/prevent-destroy', resource: 'bucket' },
    {
      ...ADOPT,
      id: 'cos-bucket/adopt',
      resource: 'bucket',
      evidence: { ...ADOPT.evidence, schema: `${BUCKET}: Importer (the bucket's name)` },
    },
  ],
  rules: [
    matches(
      {
        id: 'cos-bucket/bucket-name',
        offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
        evidence: 'tencentcloud common/validators.go ValidateCosBucketName: 1 to 60 characters matching ^[a-z0-9]([a-z0-9-]*[a-z0-9])?-[0-9]{10}$',
      },
      'bucket',
      /^(?=.{1,60}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?-[0-9]{10}$/,
      '<name>-<appid>: lower-case letters, digits and hyphens, not starting or ending with a hyphen, then "-" and the 10 digits of the APPID, 60 characters at most',
    ),
    oneOf(
      {
        id: 'cos-bucket/acl-value',
        offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
        evidence: 'tencentcloud resource_tc_cos_bucket.go: acl ValidateAllowedStringValue("private", "public-read", "public-read-write")',
      },
      'acl',
      ['private', 'public-read', 'public-read-write'],
    ),
    atLeast(
      {
        id: 'cos-bucket/noncurrent-days',
        offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
        evidence: 'tencentcloud resource_tc_cos_bucket.go: lifecycle_rules.non_current_expiration.non_current_days ValidateIntegerMin(0)',
      },
      'noncurrentVersionRetentionDays',
      0,
      'days',
    ),
  ],
  absent: [{ what: 'soft delete', why: 'COS keeps no deleted bucket or object beyond versioning: a deleted object stays as a noncurrent version behind a delete marker' }],
}, STATE_STORE_RULES);
