import { defineStateStore } from './definition';
import { GOOGLE } from './providers';
import { STATE_STORE_RULES } from './rules';
import { ADOPT, FORCE_DESTROY_REASON, NONCURRENT_DAYS, PREVENT_DESTROY, positiveOrNone } from './shared-settings';
import { rule } from '../kit/rule-context';
import { GCS_STORE } from '../stores/gcs';

/*
 * GcsStateBucket: one google_storage_bucket. Schema paths are in the Google provider's source at
 * the release providers.ts names (google/services/storage/resource_storage_bucket.go, `SCHEMA`).
 */

const SCHEMA = 'google/services/storage/resource_storage_bucket.go ResourceStorageBucket';

export const GCS_STATE_BUCKET = defineStateStore({
  name: 'gcs-bucket',
  names: { construct: 'GcsStateBucket', props: 'GcsStateBucketProps' },
  store: GCS_STORE,
  provider: GOOGLE,
  resources: {
    bucket: {
      type: 'google_storage_bucket',
      blocks: ['versioning', 'lifecycle_rule', 'lifecycle_rule.action', 'lifecycle_rule.condition', 'soft_delete_policy', 'encryption'],
      // resourceStorageBucketStateImporter: "<project>/<name>", or "<name>" in the provider's project.
      importId: (v) => (typeof v.project === 'string' ? `${v.project}/${v.name}` : String(v.name)),
    },
  },
  nameFields: [{ backendField: 'bucket', prop: 'name' }],
  settings: [
    {
      id: 'gcs-bucket/name',
      prop: { name: 'name', type: 'string', required: true, example: 'acme-tfstate' },
      resource: 'bucket',
      argument: 'name',
      reason: 'the bucket every backend and remote state of the construct names; bucket names are global, so it is chosen once, here',
      evidence: { schema: `${SCHEMA}: name (string, Required, ForceNew)`, docs: 'https://cloud.google.com/storage/docs/buckets#naming' },
    },
    {
      id: 'gcs-bucket/location',
      prop: { name: 'location', type: 'string', required: true, example: 'EU' },
      resource: 'bucket',
      argument: 'location',
      reason: 'where the state is kept: a region, a dual-region or a multi-region (EU, US) for state that outlives a region\'s outage',
      evidence: { schema: `${SCHEMA}: location (string, Required, ForceNew)`, docs: 'https://cloud.google.com/storage/docs/locations' },
    },
    {
      id: 'gcs-bucket/project',
      prop: { name: 'project', type: 'string', example: 'acme-infra' },
      resource: 'bucket',
      argument: 'project',
      reason: 'the project that owns the bucket; unset, the provider\'s project (GOOGLE_PROJECT or its `project`)',
      evidence: { schema: `${SCHEMA}: project (string, Optional, Computed, ForceNew)` },
    },
    {
      id: 'gcs-bucket/versioning',
      prop: { name: 'versioned', type: 'boolean', example: true },
      resource: 'bucket',
      argument: 'versioning.enabled',
      default: true,
      reason: 'every write of a state object keeps the one before as a noncurrent version, so a bad apply or a deleted object can be rolled back ' +
        '(the gcs backend\'s docs ask for it)',
      evidence: {
        schema: `${SCHEMA}: versioning (block, MaxItems 1) enabled (bool, Required)`,
        docs: 'https://cloud.google.com/storage/docs/object-versioning; https://developer.hashicorp.com/terraform/language/backend/gcs',
      },
    },
    {
      id: 'gcs-bucket/noncurrent-versions',
      prop: NONCURRENT_DAYS,
      resource: 'bucket',
      argument: 'lifecycle_rule',
      default: 365,
      emit: (days) => positiveOrNone(days, (d) => [{ action: { type: 'Delete' }, condition: { days_since_noncurrent_time: d, with_state: 'ARCHIVED' } }]),
      reason: 'a bounded history: a noncurrent version is deleted a year after a newer one replaced it (as AWS CDK\'s bootstrap bucket does), ' +
        'never the live state; 0 keeps every version',
      evidence: {
        schema: `${SCHEMA}: lifecycle_rule (block list) action.type (string, Required), condition.days_since_noncurrent_time (int), ` +
          'condition.with_state ("LIVE", "ARCHIVED", "ANY")',
        docs: 'https://cloud.google.com/storage/docs/lifecycle#dayssincenoncurrenttime',
      },
    },
    {
      id: 'gcs-bucket/soft-delete',
      prop: { name: 'softDeleteRetentionSeconds', type: 'number', example: 1209600 },
      resource: 'bucket',
      argument: 'soft_delete_policy.retention_duration_seconds',
      default: 604800,
      reason: 'a deleted object (a current or noncurrent version) can be restored for 7 days; 0 turns soft delete off',
      evidence: {
        schema: `${SCHEMA}: soft_delete_policy (block, MaxItems 1) retention_duration_seconds (int, default 604800)`,
        docs: 'https://cloud.google.com/storage/docs/soft-delete',
      },
    },
    {
      id: 'gcs-bucket/uniform-access',
      prop: { name: 'uniformBucketLevelAccess', type: 'boolean', example: true },
      resource: 'bucket',
      argument: 'uniform_bucket_level_access',
      default: true,
      reason: 'access is granted by IAM on the bucket only: no object ACL can make one state object readable by others',
      evidence: { schema: `${SCHEMA}: uniform_bucket_level_access (bool, Optional, Computed)`, docs: 'https://cloud.google.com/storage/docs/uniform-bucket-level-access' },
    },
    {
      id: 'gcs-bucket/public-access-prevention',
      prop: { name: 'publicAccessPrevention', type: 'string', example: 'enforced' },
      resource: 'bucket',
      argument: 'public_access_prevention',
      default: 'enforced',
      reason: 'no grant to allUsers or allAuthenticatedUsers can make the state public, whatever the organization policy; "inherited" ' +
        'leaves it to the organization policy',
      evidence: { schema: `${SCHEMA}: public_access_prevention (string, Optional, Computed)`, docs: 'https://cloud.google.com/storage/docs/public-access-prevention' },
    },
    {
      id: 'gcs-bucket/kms-key',
      prop: { name: 'kmsKeyName', type: 'string', example: 'projects/acme/locations/europe/keyRings/tf/cryptoKeys/state' },
      resource: 'bucket',
      argument: 'encryption.default_kms_key_name',
      reason: 'the customer-managed key that encrypts new objects, where one is given (Cloud Storage encrypts with a Google-managed key otherwise); ' +
        'the bucket\'s service agent needs the Encrypter/Decrypter role on it',
      evidence: {
        schema: `${SCHEMA}: encryption (block, MaxItems 1) default_kms_key_name (string)`,
        docs: 'https://cloud.google.com/storage/docs/encryption/customer-managed-keys',
      },
    },
    {
      id: 'gcs-bucket/labels',
      prop: { name: 'labels', type: 'stringMap', example: { team: 'platform' } },
      resource: 'bucket',
      argument: 'labels',
      reason: 'labels of the bucket',
      evidence: { schema: `${SCHEMA}: labels (map of strings; keys lower-case letters, digits, "_" and "-")` },
    },
    {
      id: 'gcs-bucket/force-destroy',
      prop: { name: 'forceDestroy', type: 'boolean', example: false },
      resource: 'bucket',
      argument: 'force_destroy',
      default: false,
      reason: FORCE_DESTROY_REASON,
      evidence: { schema: `${SCHEMA}: force_destroy (bool, default false)`, docs: 'https://cloud.google.com/storage/docs/deleting-buckets' },
    },
    { ...PREVENT_DESTROY, id: 'gcs-bucket/prevent-destroy', resource: 'bucket' },
    {
      ...ADOPT,
      id: 'gcs-bucket/adopt',
      resource: 'bucket',
      evidence: { ...ADOPT.evidence, schema: `${SCHEMA}: Importer (resourceStorageBucketStateImporter: "<project>/<name>" or "<name>")` },
    },
  ],
  rules: [
    rule({
      // A warning: neither the tools nor the provider check the name; only Cloud Storage refuses it.
      id: 'gcs-bucket/name-form',
      severity: 'warning',
      fields: ['name'],
      description: 'name is a Cloud Storage bucket name: lower-case letters, digits, "-", "_" and ".", starting and ending with a letter or digit; ' +
        '3 to 63 characters, or with dots up to 222 with at most 63 between dots; not an IP address, not starting with "goog", not holding "google"',
      evidence: 'google resource_storage_bucket.go: name has no ValidateFunc (validate accepts any); Cloud Storage refuses other names when the apply ' +
        'creates the bucket (bucket naming requirements: https://cloud.google.com/storage/docs/buckets#naming)',
      check: (c) => {
        const v = c.literal('name');
        if (typeof v !== 'string' || v.trim() === '') return;
        const problem = bucketNameProblem(v);
        if (problem) c.warn(`${c.spelling('name')} is ${JSON.stringify(v)}, ${problem}; validate accepts it, but Cloud Storage refuses it when the apply creates the bucket`);
      },
    }),
    rule({
      // A warning, as name-form: the provider sends any number; Cloud Storage refuses the others.
      id: 'gcs-bucket/soft-delete-range',
      severity: 'warning',
      fields: ['softDeleteRetentionSeconds'],
      description: 'softDeleteRetentionSeconds is 0 (off) or 604800 to 7776000 (7 to 90 days)',
      evidence: 'google resource_storage_bucket.go: soft_delete_policy.retention_duration_seconds has no ValidateFunc; Cloud Storage refuses a duration ' +
        'other than 0 or 7 to 90 days when the apply sets it',
      check: (c) => {
        const v = c.literal('softDeleteRetentionSeconds');
        if (typeof v !== 'number' || v === 0 || (v >= 604800 && v <= 7776000)) return;
        c.warn(`${c.spelling('softDeleteRetentionSeconds')} is ${v}, not 0 (off) or 604800 to 7776000 (7 to 90 days); validate accepts it, but Cloud Storage refuses it when the apply sets it`);
      },
    }),
    rule({
      id: 'gcs-bucket/label-key',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      severity: 'error',
      fields: ['labels'],
      description: 'every label key is 1 to 63 lower-case letters, digits, "_" and "-"',
      evidence: 'google resource_storage_bucket.go labelKeyValidator: ^[a-z0-9_-]{1,63}$ ("Label key ... is not valid")',
      check: (c) => {
        const labels = c.literal('labels');
        if (labels === null || typeof labels !== 'object') return;
        const bad = Object.keys(labels).filter((k) => !/^[a-z0-9_-]{1,63}$/.test(k));
        if (bad.length > 0) c.error('labels', `got the keys ${bad.map((k) => JSON.stringify(k)).join(', ')}, expected 1 to 63 lower-case letters, digits, "_" and "-" in each key`);
      },
    }),
  ],
}, STATE_STORE_RULES);

/** Why Cloud Storage refuses `name` as a bucket's (its bucket naming requirements), or undefined. */
function bucketNameProblem(name: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9._-]*[a-z0-9]$/.test(name)) return 'not lower-case letters, digits, "-", "_" and ".", starting and ending with a letter or digit';
  if (!name.includes('.') && (name.length < 3 || name.length > 63)) return `${name.length} characters, not 3 to 63 (with dots: up to 222)`;
  if (name.length > 222 || name.split('.').some((part) => part.length > 63)) return 'longer than 222 characters, or than 63 between dots';
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return 'an IP address';
  if (name.startsWith('goog')) return 'starting with "goog"';
  if (/google|g00gle/.test(name)) return 'holding "google"';
  return undefined;
}
