import { Rule, RuleContext, checkBase64Key, inRange, looksLikePath, matches, mutuallyExclusive, neededFromEnv, oneOf } from './rule-kit';
import { ParsedTarget, compareVersions } from './target';

/*
 * The rule table of each store: the rules between and about values, each with its id, severity and
 * evidence. Field-level checks (types, required fields, spellings, availability, tokens,
 * deprecations, literal secrets) come from the field tables (reader.ts). Every rule is checked
 * before anything is thrown, so one error lists every violation.
 *
 * Source paths are relative to each tool's `internal/backend/remote-state/` directory: Terraform
 * 1.15.9 and OpenTofu 1.12.6 unless a version is named.
 */

const terraform = (t: ParsedTarget) => t.tool === 'terraform';
const from = (terraformVersion: string, opentofuVersion: string) => (t: ParsedTarget) =>
  compareVersions(t.version, t.tool === 'terraform' ? terraformVersion : opentofuVersion) >= 0;
const before = (terraformVersion: string, opentofuVersion: string) => (t: ParsedTarget) => !from(terraformVersion, opentofuVersion)(t);

/** aliyun-oss-go-sdk CheckBucketName: 3 to 63 of a-z, 0-9 and "-", not starting or ending with "-". */
const OSS_BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
const OSS_BUCKET_RULE = 'a bucket name of 3 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit';
/** The OSS SDK checks the name from its v2 (terraform 1.15.0, every opentofu release). */
const ossChecksNames = from('1.15.0', '0.0.0');
/** cos-go-sdk-v5 checkURL: a bucket host on myqcloud.com or tencentcos.cn must be <name>-<appid>. */
const COS_BUCKET = /^[a-z0-9-]+-[0-9]+$/;
/** The COS SDK checks the bucket host from v0.7.42 (terraform 1.6.0) and v0.7.70 (opentofu 1.11.0). */
const cosChecksNames = from('1.6.0', '1.11.0');

/** A key that does not start or end with "/", a prefix that does not start with "/" or "./". */
const PATH_RULES = (store: 'cos' | 'oss'): Rule[] => [
  matches(
    {
      id: `${store}/prefix-form`,
      offline: 'validate refuses it (both tools)',
      ...(store === 'cos' ? { runtime: 'cos-prefix-form' } : {}),
      evidence: `both tools, ${store}/backend.go schema ValidateFunc: "prefix must not start with '/' or './'"`,
    },
    'prefix',
    /^(?!\/|\.\/)/,
    'a prefix that does not start with "/" or "./"',
  ),
  matches(
    {
      id: `${store}/key-form`,
      offline: 'validate refuses it (both tools)',
      ...(store === 'cos' ? { runtime: 'cos-key-form' } : {}),
      evidence: `both tools, ${store}/backend.go schema ValidateFunc: "key can not start and end with '/'"`,
    },
    'key',
    /^(?!\/)(.*[^/])?$/s,
    'a key that does not start or end with "/"',
  ),
];

/** GCS (spec ConfigA). */
export const GCS_RULES: readonly Rule[] = [
  {
    id: 'gcs/encryption-key',
    offline: 'no offline check: both tools decode the key when init configures the backend, and that init reaches the cloud',
    runtime: 'gcs-encryption-key',
    severity: 'error',
    fields: ['encryptionKey'],
    description: 'encryptionKey must be standard base64 (padded) that decodes to 32 bytes, or a path to a file that holds it',
    evidence:
      'spec part 8; both tools, gcs/backend.go configure: backend.ReadPathOrContents, then base64.StdEncoding.DecodeString ' +
      '("Error decoding encryption key"); the GCS client refuses a key that is not 32 bytes ("storage: not a 32-byte AES-256 key"); ' +
      'init on fake-gcs-server 1.56.1 fails on both with terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3',
    check: (c) => {
      const v = c.literal('encryptionKey');
      if (typeof v === 'string' && !looksLikePath(v)) checkBase64Key(c, 'encryptionKey', 32);
    },
  },
  {
    id: 'gcs/encryption-key-file',
    severity: 'warning',
    fields: ['encryptionKey'],
    description: 'encryptionKey given as a file path: the file must hold the base64 key',
    evidence: 'both tools, gcs/backend.go configure: backend.ReadPathOrContents reads a value naming an existing file; otherwise the value itself is decoded',
    check: (c) => {
      const v = c.literal('encryptionKey');
      if (typeof v === 'string' && looksLikePath(v)) {
        c.warn(`${c.spelling('encryptionKey')} looks like a file path; the file must exist where the ${c.target.tool} run happens and hold the base64 text of a 32-byte key, or init fails`);
      }
    },
  },
  {
    id: 'gcs/bucket-blank',
    offline: 'no offline check: validate accepts any name, and the storage client asks for the bucket only when init lists the workspaces',
    runtime: 'gcs-blank-bucket',
    severity: 'error',
    fields: ['bucket'],
    description: 'bucket is not blank (only spaces): no bucket has such a name',
    evidence:
      'both tools pass the name to the storage client; init on fake-gcs-server fails ("storage: bucket doesn\'t exist") with terraform 1.11.4, opentofu 1.12.6 and 1.6.3; ' +
      'Cloud Storage names are 3 to 63 characters of letters, digits, "-", "_" and "."',
    check: (c) => {
      const v = c.literal('bucket');
      if (typeof v === 'string' && v !== '' && v.trim() === '') c.error('bucket', `got ${JSON.stringify(v)}, expected a bucket name (init fails: no bucket is named with spaces)`);
    },
  },
  {
    // A warning: neither tool checks the name, and the run-time judge shows init and apply working
    // with any name (fake-gcs-server 1.56.1, all three judges); only Cloud Storage itself refuses it.
    id: 'gcs/kms-key-form',
    severity: 'warning',
    fields: ['kmsEncryptionKey'],
    description: 'kmsEncryptionKey names a key: projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}',
    evidence: 'spec part 8; neither tool checks the name (both pass it to the storage client); init and apply on fake-gcs-server accept any name',
    check: (c) => {
      const v = c.literal('kmsEncryptionKey');
      if (v === '') {
        // Both tools take "" as no key; terraform then reads its env var (gcs/backend.go configure).
        const env = c.target.tool === 'terraform' ? c.envOf('kmsEncryptionKey') : [];
        c.warn(`${c.spelling('kmsEncryptionKey')} is "", which the tool takes as no KMS key${env.length > 0 ? ` (the ${c.target.tool} run then reads ${env.join(' or ')})` : ''}; leave it unset, or name the key`);
        return;
      }
      if (typeof v === 'string' && !/^projects\/[^/]+\/locations\/[^/]+\/keyRings\/[^/]+\/cryptoKeys\/[^/]+$/.test(v)) {
        c.warn(`${c.spelling('kmsEncryptionKey')} is ${JSON.stringify(v)}, not projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}; Cloud Storage refuses other names when the run writes the state`);
      }
    },
  },
  matches(
    {
      id: 'gcs/custom-endpoint-form',
      offline: 'no offline check: the storage client resolves its paths against the endpoint only when init calls it',
      runtime: 'gcs-endpoint-forms',
      evidence:
        'both tools, gcs/backend.go configure: storage_custom_endpoint goes to the storage client (option.WithEndpoint), which resolves ' +
        '"b/<bucket>/o" against it as a relative URL: ".../storage/v1/" and ".../storage/v1/b" reach /storage/v1/b/<bucket>/o; ' +
        '".../storage/v1/b/" asks for /storage/v1/b/b/<bucket>/o and ".../storage/v1" for /storage/b/<bucket>/o, and init fails ' +
        '("Failed to get existing workspaces: querying Cloud Storage failed: storage: bucket doesn\'t exist"); ' +
        'init on fake-gcs-server 1.56.1, terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3',
    },
    'storeageCustomEndpoint',
    /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#\s]+\/storage\/v1\/b?$/,
    'a url made of a protocol, a host and the path /storage/v1/ or /storage/v1/b (no slash after the b), e.g. "https://storage-example.p.googleapis.com/storage/v1/"',
  ),
  mutuallyExclusive(
    {
      id: 'gcs/one-encryption',
      offline: 'opentofu validate refuses it (ConflictsWith); terraform checks it when init configures the backend, which reaches the cloud',
      runtime: 'gcs-one-encryption',
      evidence: 'terraform gcs/backend.go Configure ("can\'t set both encryption_key and kms_encryption_key"); opentofu gcs/backend.go ConflictsWith; init on fake-gcs-server 1.56.1 fails with terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3',
    },
    ['encryptionKey', 'kmsEncryptionKey'],
  ),
  neededFromEnv(
    { id: 'gcs/delegates-need-impersonation', evidence: 'both tools, gcs/backend.go configure: the delegates are used only with impersonate_service_account' },
    'impersonateServiceAccount',
    'the delegation chain has no effect',
    ['impersonateServiceAccountDelegates'],
  ),
  {
    id: 'gcs/access-token-wins',
    severity: 'warning',
    fields: ['accessToken', 'credentials'],
    description: 'accessToken together with credentials is allowed, but accessToken wins',
    evidence: 'spec part 5; both tools, gcs/backend.go configure: access_token is checked before credentials',
    check: (c) => {
      if (c.has('accessToken') && c.has('credentials')) {
        c.warn(`${c.spelling('accessToken')} and ${c.spelling('credentials')} are both set; the tool uses ${c.spelling('accessToken')} and ignores ${c.spelling('credentials')}`);
      }
    },
  },
];

/** COS (spec RemoteStateB). */
export const COS_RULES: readonly Rule[] = [
  neededFromEnv(
    { id: 'cos/region-from-env', evidence: 'both tools, cos/backend.go: region is Required with DefaultFunc TENCENTCLOUD_REGION' },
    'region',
    'init fails: the tool requires a region',
  ),
  {
    id: 'cos/region-empty',
    offline: 'no offline check: validate accepts "", and init refuses it when it configures the backend',
    init: 'init fails before any request: "invalid bucket format, please check your cos.BaseURL" (debug log), or Go refuses the host "<bucket>.cos..myqcloud.com" ("no such host", no DNS server asked)',
    severity: 'error',
    fields: ['region'],
    description: 'region is not "" (the bucket\'s host name would have an empty label; leave it unset to use TENCENTCLOUD_REGION)',
    evidence:
      'both tools, cos/backend.go configure: https://<bucket>.cos.<region>.myqcloud.com; "" is set, so TENCENTCLOUD_REGION is not read; ' +
      'offline init refuses it before any request with terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3',
    check: (c) => {
      if (c.literal('region') === '') c.error('region', 'got "", expected a region such as "ap-guangzhou", or no region so that the run takes TENCENTCLOUD_REGION (init fails on "": the bucket\'s host name is cos..myqcloud.com)');
    },
  },
  {
    id: 'cos/bucket-name',
    offline: 'no offline check: validate accepts any name, and init refuses it when it configures the backend',
    init: 'init fails before any request: "invalid bucket format, please check your cos.BaseURL" (debug log)',
    severity: 'error',
    fields: ['bucket', 'region', 'accelerate', 'endpoint'],
    description: 'bucket is <name>-<appid>: lower-case letters, digits and hyphens, then "-" and the digits of the APPID',
    evidence:
      'cos-go-sdk-v5 v0.7.42 (terraform 1.6.0 and later) and v0.7.70 (opentofu 1.11.0 and later), cos.go checkURL: the bucket host must match ' +
      '^[a-z0-9-]+-[0-9]+ on a cos host of myqcloud.com or tencentcos.cn; offline init refuses it before any request with terraform 1.11.4 and 1.15.9 ' +
      'and opentofu 1.12.6, and not with opentofu 1.6.3 (v0.7.29)',
    appliesTo: cosChecksNames,
    check: (c) => {
      const bucket = c.literal('bucket');
      if (typeof bucket !== 'string' || bucket === '' || COS_BUCKET.test(bucket) || !cosHostChecked(c)) return;
      c.error('bucket', `${c.got('bucket')}, expected <name>-<appid>: lower-case letters, digits and hyphens, then "-" and the APPID's digits, e.g. "tfstate-1250000000" (the ${c.target.tool} COS SDK refuses the bucket before any request)`);
    },
  },
  {
    id: 'cos/bucket-name-run',
    severity: 'warning',
    fields: ['bucket'],
    description: 'bucket is <name>-<appid>; releases whose COS SDK does not check it fail at the first request',
    evidence: 'terraform before 1.6.0 and opentofu before 1.11.0 (cos-go-sdk-v5 v0.7.29) send the request; COS has no bucket of another form',
    appliesTo: before('1.6.0', '1.11.0'),
    check: (c) => {
      const bucket = c.literal('bucket');
      if (typeof bucket !== 'string' || bucket === '' || COS_BUCKET.test(bucket)) return;
      c.warn(`${c.spelling('bucket')} is ${JSON.stringify(bucket)}, not <name>-<appid> (e.g. "tfstate-1250000000"); ${c.target.tool} ${c.target.version} does not check it, but COS has no such bucket, so the run fails at its first request`);
    },
  },
  oneOf(
    {
      id: 'cos/acl',
      offline: 'validate refuses it (both tools)',
      runtime: 'cos-object-options',
      evidence:
        'spec part 8; both tools, cos/backend.go schema: acl ValidateFunc ("acl value invalid, expected private or public-read"); ' +
        'init refuses "public-read-write" before any request and the allowed values reach COS as x-cos-acl (moto behind the COS front end, terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3)',
    },
    'acl',
    ['private', 'public-read'],
  ),
  inRange(
    { id: 'cos/session-duration', offline: 'validate refuses it (both tools)', evidence: 'both tools, cos/backend.go schema: assume_role.session_duration ValidateFunc (0 to 43200)' },
    'assumeRole.sessionDuration',
    0,
    43200,
    'seconds',
  ),
  ...PATH_RULES('cos'),
  matches(
    {
      id: 'cos/endpoint-form',
      offline: 'no offline check: terraform checks it when init configures the backend (before any request); validate accepts any string',
      runtime: 'cos-endpoint',
      appliesTo: terraform,
      evidence:
        'terraform 1.6+, cos/backend.go configure: endpoint must match ^(http(s)?)://cos-internal\\.([^.]+)\\.tencentcos\\.cn$, ' +
        'else init fails ("Invalid URL: <endpoint> must be: http(s)://cos-internal.{Region}.tencentcos.cn"); the bucket is then reached at ' +
        '<protocol>://<bucket>.cos-internal.<region>.tencentcos.cn; init on moto behind the COS front end, terraform 1.11.4 and 1.15.9: both protocols store the state there, ' +
        'https://127.0.0.1:9000, https://cos.<region>.myqcloud.com and a trailing "/" fail before any request',
    },
    'endpoint',
    /^https?:\/\/cos-internal\.[^.]+\.tencentcos\.cn$/,
    'a url of the form "http://cos-internal.<region>.tencentcos.cn" or "https://cos-internal.<region>.tencentcos.cn"',
  ),
];

/** OSS (spec BackendC). */
export const OSS_RULES: readonly Rule[] = [
  {
    id: 'oss/bucket-name',
    offline: 'no offline check: validate accepts any name, and init refuses it when it configures the backend',
    init: 'init fails before any request: "error getting bucket: bucket name ... len is between [3-63]" / "can only include lowercase letters, numbers, and -" / "must start and end with a lowercase letter or number"',
    severity: 'error',
    fields: ['bucket'],
    description: 'bucket is 3 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit',
    evidence:
      'aliyun-oss-go-sdk v2 and later, oss/utils.go CheckBucketName, called by Client.Bucket (terraform 1.15.0 and later: v2.1.1; every opentofu release: ' +
      'v2.2.9, 1.12: v3.0.2); offline init refuses it before any request with terraform 1.15.9, opentofu 1.12.6 and 1.6.3, and not with terraform 1.11.4',
    appliesTo: ossChecksNames,
    check: (c) => {
      const bucket = c.literal('bucket');
      if (typeof bucket === 'string' && !OSS_BUCKET.test(bucket)) {
        c.error('bucket', `${c.got('bucket')}, expected ${OSS_BUCKET_RULE} (the ${c.target.tool} OSS SDK refuses the bucket before any request)`);
      }
    },
  },
  {
    id: 'oss/bucket-name-run',
    severity: 'warning',
    fields: ['bucket'],
    description: 'bucket is a valid OSS bucket name; terraform before 1.15.0 does not check it and fails at the first request',
    evidence: 'terraform before 1.15.0 (aliyun-oss-go-sdk of 2019) sends the request; OSS has no bucket of another form',
    appliesTo: (t) => !ossChecksNames(t),
    check: (c) => {
      const bucket = c.literal('bucket');
      if (typeof bucket !== 'string' || bucket === '' || OSS_BUCKET.test(bucket)) return;
      c.warn(`${c.spelling('bucket')} is ${JSON.stringify(bucket)}, not ${OSS_BUCKET_RULE}; ${c.target.tool} ${c.target.version} does not check it, but OSS has no such bucket, so the run fails at its first request`);
    },
  },
  inRange(
    { id: 'oss/session-expiration', offline: 'validate refuses it (both tools)', evidence: 'spec part 8; both tools, oss/backend.go schema: IntBetween(900, 3600)' },
    'assumeRoleSessionExpiration',
    900,
    3600,
    'seconds',
  ),
  inRange(
    { id: 'oss/block-session-expiration', offline: 'validate refuses it (both tools)', evidence: 'spec part 8; both tools, oss/backend.go schema: assume_role.session_expiration IntBetween(900, 3600)' },
    'assumeRole.sessionExpiration',
    900,
    3600,
    'seconds',
  ),
  oneOf({ id: 'oss/acl', offline: 'validate refuses it (both tools)', evidence: 'both tools, oss/backend.go schema: acl ValidateFunc (StringInSlice)' }, 'acl', ['', 'private', 'public-read', 'public-read-write']),
  ...PATH_RULES('oss'),
  neededFromEnv(
    { id: 'oss/lock-endpoint-from-env', evidence: 'both tools, oss/backend.go configure: locking uses tablestore_endpoint (env ALICLOUD_TABLESTORE_ENDPOINT)' },
    'lockStoreEndpoint',
    'state locking fails: the lock table needs its endpoint',
    ['lockStoreTable'],
  ),
  {
    id: 'oss/one-assume-role-style',
    severity: 'warning',
    fields: ['assumeRole', 'assumeRoleRoleArn'],
    description: 'assumeRole (block) together with assumeRoleRoleArn: the tool ignores the block',
    evidence: 'both tools, oss/backend.go configure: a non-empty assume_role_role_arn takes the flat assume_role_* fields and ignores the assume_role block',
    check: (c) => {
      if (c.has('assumeRole') && c.has('assumeRoleRoleArn')) {
        c.warn(`${c.spelling('assumeRole')} and ${c.spelling('assumeRoleRoleArn')} are both set; the tool uses ${c.spelling('assumeRoleRoleArn')} and the other assumeRole* fields, and ignores the ${c.spelling('assumeRole')} block`);
      }
    },
  },
];


/**
 * The COS SDK checks a bucket host on a cos domain; the host carries the region (or `accelerate`,
 * or the endpoint's region), and only a region of `[a-z-1]` letters makes it one the SDK checks.
 * A region the run supplies is taken as one.
 */
function cosHostChecked(c: RuleContext): boolean {
  if (c.literal('accelerate') === true) return true;
  // An endpoint (terraform) puts its own region in the host: http(s)://cos-internal.<region>.tencentcos.cn.
  const endpoint = c.literal('endpoint');
  const region = typeof endpoint === 'string' ? /^https?:\/\/cos-internal\.([^.]+)\.tencentcos\.cn$/.exec(endpoint)?.[1] : c.literal('region');
  // A region the run supplies (TENCENTCLOUD_REGION) is taken as one of Tencent's, all of which the
  // SDK checks; an endpoint the run evaluates is not known here, so the bucket is not refused.
  if (c.has('endpoint') && typeof endpoint !== 'string') return false;
  return typeof region !== 'string' || /^[a-z-1]+$/.test(region);
}
