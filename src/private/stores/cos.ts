import { PATH_RULES } from './path-rules';
import { hasSymbol } from '../kit/address-symbols';
import { joinPath } from '../kit/go-path';
import { inRange, matches, neededFromEnv, oneOf } from '../kit/rule-builders';
import { RuleContext, rule } from '../kit/rule-context';
import { FieldSpec, envBoth, since } from '../kit/schema';
import { defineStore } from '../kit/store';

/*
 * COS: the field table (the keys each tool reads, per release), the rules
 * between and about the values, and where the store keeps each workspace's state. Source paths are relative to each
 * tool's `internal/backend/remote-state/` directory, in the releases target/releases.ts says the tables
 * were read from (SOURCE_READ) unless a version is named. Which judges show a rule is data
 * (docs/FIELDS.md "judged by"), never named in its evidence.
 */

const TF_ONLY_1_10 = { terraform: '1.10.0' };

const FIELDS: readonly FieldSpec[] = [
  {
    name: 'secretId',
    key: 'secret_id',
    type: 'string',
    example: '<SECRET_ID>',
    secret: true,
    since: since('0.12.21'),
    env: envBoth('TENCENTCLOUD_SECRET_ID'),
  },
  {
    name: 'secretKey',
    key: 'secret_key',
    type: 'string',
    example: '<SECRET_KEY>',
    secret: true,
    since: since('0.12.21'),
    env: envBoth('TENCENTCLOUD_SECRET_KEY'),
  },
  {
    name: 'securityToken',
    key: 'security_token',
    type: 'string',
    example: '<SECURITY_TOKEN>',
    secret: true,
    since: since('1.4.0'),
    env: envBoth('TENCENTCLOUD_SECURITY_TOKEN'),
  },
  {
    name: 'region',
    key: 'region',
    type: 'string',
    example: 'ap-guangzhou',
    since: since('0.12.21'),
    env: envBoth('TENCENTCLOUD_REGION'),
  },
  {
    name: 'bucket',
    key: 'bucket',
    type: 'string',
    example: 'tfstate-1250000000',
    required: true,
    // Every judge's offline init (test/judges/init-judge.test.ts).
    emptyFailsAt: 'init fails on it before any request: "invalid bucket format", or the host ".cos.<region>.myqcloud.com" is empty',
    since: since('0.12.21'),
  },
  {
    name: 'endpoint',
    key: 'endpoint',
    type: 'string',
    example: 'https://cos-internal.ap-guangzhou.tencentcos.cn',
    since: { terraform: '1.6.0' },
    env: { terraform: ['TENCENTCLOUD_ENDPOINT'] },
  },
  {
    name: 'domain',
    key: 'domain',
    type: 'string',
    example: 'tencentcloudapi.com',
    since: { terraform: '1.6.0' },
    env: { terraform: ['TENCENTCLOUD_DOMAIN'] },
  },
  { name: 'prefix', key: 'prefix', type: 'string', example: 'env:', since: since('0.12.21') },
  { name: 'key', key: 'key', type: 'string', example: 'network/terraform.tfstate', default: 'terraform.tfstate', since: since('0.12.21') },
  { name: 'encrypt', key: 'encrypt', type: 'boolean', example: true, since: since('0.12.21') },
  { name: 'acl', key: 'acl', type: 'string', example: 'public-read', since: since('0.12.21') },
  { name: 'accelerate', key: 'accelerate', type: 'boolean', example: true, since: since('1.3.0') },
  {
    name: 'assumeRole',
    key: 'assume_role',
    type: 'block',
    struct: 'CosBackendAssumeRole',
    since: since('1.4.0'),
    fields: [
      {
        name: 'roleArn',
        key: 'role_arn',
        type: 'string',
        example: 'qcs::cam::uin/100000000001:roleName/terraform',
        required: true,
        since: since('1.4.0'),
        env: envBoth('TENCENTCLOUD_ASSUME_ROLE_ARN'),
      },
      {
        name: 'sessionName',
        key: 'session_name',
        type: 'string',
        example: 'cdktf',
        required: true,
        since: since('1.4.0'),
        env: envBoth('TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME'),
      },
      {
        name: 'sessionDuration',
        key: 'session_duration',
        type: 'number',
        example: 3600,
        since: since('1.4.0'),
        env: envBoth('TENCENTCLOUD_ASSUME_ROLE_SESSION_DURATION'),
      },
      { name: 'policy', key: 'policy', type: 'policy', example: '{"version":"2.0","statement":[{"effect":"allow","action":["cos:GetObject"],"resource":["*"]}]}', since: since('1.4.0') },
      {
        name: 'externalId',
        key: 'external_id',
        type: 'string',
        example: 'external-1',
        since: TF_ONLY_1_10,
        env: { terraform: ['TENCENTCLOUD_ASSUME_ROLE_EXTERNAL_ID'] },
      },
    ],
  },
  {
    name: 'sharedCredentialsDir',
    key: 'shared_credentials_dir',
    type: 'string',
    example: '/home/ci/.tccli',
    since: TF_ONLY_1_10,
    env: { terraform: ['TENCENTCLOUD_SHARED_CREDENTIALS_DIR'] },
  },
  { name: 'profile', key: 'profile', type: 'string', example: 'ci', since: TF_ONLY_1_10, env: { terraform: ['TENCENTCLOUD_PROFILE'] } },
  { name: 'camRoleName', key: 'cam_role_name', type: 'string', example: 'terraform-runner', since: TF_ONLY_1_10, env: { terraform: ['TENCENTCLOUD_CAM_ROLE_NAME'] } },
];

/** cos-go-sdk-v5 checkURL: a bucket host on myqcloud.com or tencentcos.cn must be <name>-<appid>. */
const COS_BUCKET = /^[a-z0-9-]+-[0-9]+$/;
/** The COS SDK checks the bucket host from v0.7.42 (terraform 1.6.0) and v0.7.70 (opentofu 1.11.0). */
const SDK_CHECKS_NAMES = { sdkChecksNames: { terraform: '1.6.0', opentofu: '1.11.0' } };

const RULES = [
  neededFromEnv(
    { id: 'cos/region-from-env', evidence: 'both tools, cos/backend.go: region is Required with DefaultFunc TENCENTCLOUD_REGION' },
    'region',
    'init fails: the tool requires a region',
  ),
  rule({
    id: 'cos/region-empty',
    offline: { none: 'validate accepts "", and init refuses it when it configures the backend' },
    init: 'init fails before any request: "invalid bucket format, please check your cos.BaseURL" (debug log), or Go refuses the host "<bucket>.cos..myqcloud.com" ("no such host", no DNS server asked)',
    severity: 'error',
    fields: ['region'],
    description: 'region is not "" (the bucket\'s host name would have an empty label; leave it unset to use TENCENTCLOUD_REGION)',
    evidence:
      'both tools, cos/backend.go configure: https://<bucket>.cos.<region>.myqcloud.com; "" is set, so TENCENTCLOUD_REGION is not read; ' +
      'offline init refuses it before any request',
    check: (c) => {
      if (c.literal('region') === '') c.error('region', 'got "", expected a region such as "ap-guangzhou", or no region so that the run takes TENCENTCLOUD_REGION (init fails on "": the bucket\'s host name is cos..myqcloud.com)');
    },
  }),
  rule({
    id: 'cos/bucket-name',
    offline: { none: 'validate accepts any name, and init refuses it when it configures the backend' },
    init: 'init fails before any request: "invalid bucket format, please check your cos.BaseURL" (debug log)',
    severity: 'error',
    fields: ['bucket', 'region', 'accelerate', 'endpoint'],
    description: 'bucket is <name>-<appid>: lower-case letters, digits and hyphens, then "-" and the digits of the APPID',
    evidence:
      'cos-go-sdk-v5 v0.7.42 (terraform 1.6.0 and later) and v0.7.70 (opentofu 1.11.0 and later), cos.go checkURL: the bucket host must match ' +
      '^[a-z0-9-]+-[0-9]+ on a cos host of myqcloud.com or tencentcos.cn; offline init refuses it before any request from those releases on, ' +
      'and not before them (v0.7.29)',
    versions: SDK_CHECKS_NAMES,
    appliesTo: { from: 'sdkChecksNames' },
    check: (c) => {
      const bucket = c.literal('bucket');
      if (typeof bucket !== 'string' || bucket === '' || COS_BUCKET.test(bucket) || !cosHostChecked(c)) return;
      c.error('bucket', `${c.got('bucket')}, expected <name>-<appid>: lower-case letters, digits and hyphens, then "-" and the APPID's digits, e.g. "tfstate-1250000000" (the ${c.target.tool} COS SDK refuses the bucket before any request)`);
    },
  }),
  rule({
    id: 'cos/bucket-name-run',
    severity: 'warning',
    fields: ['bucket'],
    description: 'bucket is <name>-<appid>; releases whose COS SDK does not check it fail at the first request',
    evidence: 'terraform before 1.6.0 and opentofu before 1.11.0 (cos-go-sdk-v5 v0.7.29) send the request; COS has no bucket of another form',
    versions: SDK_CHECKS_NAMES,
    appliesTo: { before: 'sdkChecksNames' },
    check: (c) => {
      const bucket = c.literal('bucket');
      if (typeof bucket !== 'string' || bucket === '' || COS_BUCKET.test(bucket)) return;
      c.warn(`${c.spelling('bucket')} is ${JSON.stringify(bucket)}, not <name>-<appid> (e.g. "tfstate-1250000000"); ${c.target.tool} ${c.target.version} does not check it, but COS has no such bucket, so the run fails at its first request`);
    },
  }),
  oneOf(
    {
      id: 'cos/acl',
      offline: { validate: 'both tools' },
      runtime: 'cos-object-options',
      evidence:
        'both tools, cos/backend.go schema: acl ValidateFunc ("acl value invalid, expected private or public-read"); ' +
        'init refuses "public-read-write" before any request and the allowed values reach COS as x-cos-acl (moto behind the COS front end)',
    },
    'acl',
    ['private', 'public-read'],
  ),
  inRange(
    { id: 'cos/session-duration', offline: { validate: 'both tools' }, evidence: 'both tools, cos/backend.go schema: assume_role.session_duration ValidateFunc (0 to 43200)' },
    'assumeRole.sessionDuration',
    0,
    43200,
    'seconds',
  ),
  ...PATH_RULES('cos'),
  matches(
    {
      id: 'cos/endpoint-form',
      offline: { none: 'terraform checks it when init configures the backend (before any request); validate accepts any string' },
      runtime: 'cos-endpoint',
      appliesTo: { tools: ['terraform'] },
      evidence:
        'terraform 1.6+, cos/backend.go configure: endpoint must match ^(http(s)?)://cos-internal\\.([^.]+)\\.tencentcos\\.cn$, ' +
        'else init fails ("Invalid URL: <endpoint> must be: http(s)://cos-internal.{Region}.tencentcos.cn"); the bucket is then reached at ' +
        '<protocol>://<bucket>.cos-internal.<region>.tencentcos.cn; init on moto behind the COS front end: both protocols store the state there, ' +
        'https://127.0.0.1:9000, https://cos.<region>.myqcloud.com and a trailing "/" fail before any request',
    },
    'endpoint',
    /^https?:\/\/cos-internal\.[^.]+\.tencentcos\.cn$/,
    'a url of the form "http://cos-internal.<region>.tencentcos.cn" or "https://cos-internal.<region>.tencentcos.cn"',
  ),
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

export const COS_STORE = defineStore({
  backend: 'cos',
  names: { backend: 'CosBackend', remoteState: 'DataTerraformRemoteStateCos', config: 'CosBackendConfig' },
  fields: FIELDS,
  rules: RULES,
  layout: {
    // cos/backend_state.go stateFile, both tools: <prefix>/<key>, <prefix>/<workspace>/<key>.
    container: ['bucket', 'region'],
    // The endpoint reaches the bucket over the internal network of its region, and domain is the
    // API's root domain (cos/backend.go configure): neither names another bucket.
    normalise: [{
      key: 'region',
      reads: ['endpoint'],
      evidence:
        'terraform 1.6+ cos/backend.go configure: with endpoint (or TENCENTCLOUD_ENDPOINT) http(s)://cos-internal.<region>.tencentcos.cn ' +
        'the bucket URL is <bucket>.cos-internal.<that region>.tencentcos.cn, whatever region says; opentofu has no endpoint',
      // (an endpoint the run names, such as TENCENTCLOUD_ENDPOINT's, names its own region)
      apply: (v) => (hasSymbol(v.endpoint) ? `endpoint ${v.endpoint}` : /^https?:\/\/cos-internal\.([^.]+)\.tencentcos\.cn$/.exec(v.endpoint)?.[1] ?? v.region),
    }],
    object: ['prefix', 'key'],
    objectName: (v, workspace) => (workspace === undefined ? joinPath(v.prefix, v.key) : joinPath(v.prefix, workspace, v.key)),
    separateWith: 'prefix or key',
  },
  emulator: 'moto behind the COS front end',
});
