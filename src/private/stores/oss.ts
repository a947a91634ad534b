import { OSS_LOCK_RULES } from './oss-lock-rules';
import { PATH_RULES } from './path-rules';
import { joinPath } from '../kit/go-path';
import { bothSet, inRange, oneOf } from '../kit/rule-builders';
import { rule } from '../kit/rule-context';
import { ALWAYS, FieldSpec, envBoth, envPerTool, since } from '../kit/schema';
import { defineStore } from '../kit/store';

/*
 * OSS: the field table (the keys each tool reads, per release), the rules
 * between and about the values (the TableStore lock's in oss-lock-rules.ts), and where the store
 * keeps each workspace's state. Source paths are relative to each tool's
 * `internal/backend/remote-state/` directory, in the releases target/releases.ts says the tables
 * were read from (SOURCE_READ) unless a version is named. Which judges show a rule is data
 * (docs/FIELDS.md "judged by"), never named in its evidence.
 */

/**
 * Terraform 1.12.0 added `ALIBABA_CLOUD_*` aliases that OpenTofu does not read (oss/backend.go
 * MultiEnvDefaultFunc; 1.11 has none, v1.12.0 has them). A full init offline, against a listener on
 * loopback, showed a 1.15 release reading each of the twelve and a 1.11 release none; other
 * releases from source only.
 */
/** Terraform added the oss backend in 0.12.2. */
const FROM_0_12_2 = since('0.12.2');
const FLAT_ASSUME_ROLE = since('1.1.0');
const FLAT_REPLACEMENT = 'use assumeRoleRoleArn, assumeRolePolicy, assumeRoleSessionName and assumeRoleSessionExpiration instead';

const FIELDS: readonly FieldSpec[] = [
  {
    name: 'accessKey',
    key: 'access_key',
    type: 'string',
    example: '<ACCESS_KEY>',
    secret: true,
    since: FROM_0_12_2,
    env: envPerTool(['ALICLOUD_ACCESS_KEY', { name: 'ALIBABA_CLOUD_ACCESS_KEY_ID', since: '1.12.0' }, 'ALICLOUD_ACCESS_KEY_ID'], ['ALICLOUD_ACCESS_KEY', 'ALICLOUD_ACCESS_KEY_ID']),
  },
  {
    name: 'secretKey',
    key: 'secret_key',
    type: 'string',
    example: '<SECRET_KEY>',
    secret: true,
    since: FROM_0_12_2,
    env: envPerTool(
      ['ALICLOUD_SECRET_KEY', { name: 'ALIBABA_CLOUD_ACCESS_KEY_SECRET', since: '1.12.0' }, 'ALICLOUD_ACCESS_KEY_SECRET'],
      ['ALICLOUD_SECRET_KEY', 'ALICLOUD_ACCESS_KEY_SECRET'],
    ),
  },
  {
    name: 'securityToken',
    key: 'security_token',
    type: 'string',
    example: '<SECURITY_TOKEN>',
    secret: true,
    since: FROM_0_12_2,
    env: envPerTool(['ALICLOUD_SECURITY_TOKEN', { name: 'ALIBABA_CLOUD_SECURITY_TOKEN', since: '1.12.0' }], ['ALICLOUD_SECURITY_TOKEN']),
  },
  {
    name: 'ecsRoleName',
    key: 'ecs_role_name',
    type: 'string',
    example: 'terraform-runner',
    since: since('0.12.14'),
    env: envPerTool(['ALICLOUD_ECS_ROLE_NAME', { name: 'ALIBABA_CLOUD_ECS_METADATA', since: '1.12.0' }], ['ALICLOUD_ECS_ROLE_NAME']),
  },
  {
    name: 'region',
    key: 'region',
    type: 'string',
    example: 'cn-hangzhou',
    since: FROM_0_12_2,
    env: envPerTool(['ALICLOUD_REGION', { name: 'ALIBABA_CLOUD_REGION', since: '1.12.0' }, 'ALICLOUD_DEFAULT_REGION'], ['ALICLOUD_REGION', 'ALICLOUD_DEFAULT_REGION']),
  },
  {
    name: 'stsEndpoint',
    key: 'sts_endpoint',
    type: 'string',
    example: 'sts.cn-hangzhou.aliyuncs.com',
    since: since('1.0.11'),
    env: envPerTool(['ALICLOUD_STS_ENDPOINT', { name: 'ALIBABA_CLOUD_STS_ENDPOINT', since: '1.12.0' }], ['ALICLOUD_STS_ENDPOINT']),
  },
  {
    name: 'lockStoreEndpoint',
    aliases: ['tablestoreEndpoint'],
    key: 'tablestore_endpoint',
    type: 'string',
    example: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com',
    since: FROM_0_12_2,
    env: envPerTool(['ALICLOUD_TABLESTORE_ENDPOINT', { name: 'ALIBABA_CLOUD_TABLESTORE_ENDPOINT', since: '1.12.0' }], ['ALICLOUD_TABLESTORE_ENDPOINT']),
  },
  {
    name: 'endpoint',
    key: 'endpoint',
    type: 'string',
    example: 'oss-cn-hangzhou.aliyuncs.com',
    since: FROM_0_12_2,
    env: envPerTool(['ALICLOUD_OSS_ENDPOINT', { name: 'ALIBABA_CLOUD_OSS_ENDPOINT', since: '1.12.0' }, 'OSS_ENDPOINT'], ['ALICLOUD_OSS_ENDPOINT', 'OSS_ENDPOINT']),
  },
  {
    name: 'bucket',
    key: 'bucket',
    type: 'string',
    example: 'acme-tfstate',
    required: true,
    since: FROM_0_12_2,
    emptyFailsAt: 'init fails on it: the OSS SDK refuses the name ("bucket name  len is between [3-63]": opentofu, terraform 1.15.0 and later) or lists buckets where it expects objects (terraform before 1.15.0)',
  },
  { name: 'prefix', key: 'prefix', type: 'string', example: 'env:', default: 'env:', since: FROM_0_12_2 },
  { name: 'key', key: 'key', type: 'string', example: 'network/terraform.tfstate', default: 'terraform.tfstate', since: FROM_0_12_2 },
  {
    name: 'lockStoreInstanceName',
    aliases: ['tablestoreInstanceName'],
    key: 'tablestore_instance_name',
    type: 'string',
    example: 'acme-lock',
    since: { terraform: '1.12.0' },
  },
  { name: 'lockStoreTable', aliases: ['tablestoreTable'], key: 'tablestore_table', type: 'string', example: 'terraform_lock', since: FROM_0_12_2 },
  { name: 'encrypt', key: 'encrypt', type: 'boolean', example: true, since: FROM_0_12_2 },
  { name: 'acl', key: 'acl', type: 'string', example: 'private', since: FROM_0_12_2 },
  {
    name: 'sharedCredentialsFile',
    key: 'shared_credentials_file',
    type: 'string',
    example: '/home/ci/.aliyun/config.json',
    since: since('0.12.8'),
    env: envPerTool(['ALICLOUD_SHARED_CREDENTIALS_FILE', { name: 'ALIBABA_CLOUD_CREDENTIALS_FILE', since: '1.12.0' }], ['ALICLOUD_SHARED_CREDENTIALS_FILE']),
  },
  {
    name: 'profile',
    key: 'profile',
    type: 'string',
    example: 'ci',
    since: since('0.12.8'),
    env: envPerTool(['ALICLOUD_PROFILE', { name: 'ALIBABA_CLOUD_PROFILE', since: '1.12.0' }], ['ALICLOUD_PROFILE']),
  },
  {
    name: 'assumeRole',
    key: 'assume_role',
    type: 'block',
    struct: 'OssAssumeRole',
    since: since('0.12.6'),
    deprecated: { terraform: FLAT_REPLACEMENT, opentofu: FLAT_REPLACEMENT },
    fields: [
      {
        name: 'roleArn',
        key: 'role_arn',
        type: 'string',
        example: 'acs:ram::1000000000000001:role/terraform',
        required: true,
        since: since('0.12.6'),
        env: envPerTool(['ALICLOUD_ASSUME_ROLE_ARN', { name: 'ALIBABA_CLOUD_ROLE_ARN', since: '1.12.0' }], ['ALICLOUD_ASSUME_ROLE_ARN']),
      },
      {
        name: 'sessionName',
        key: 'session_name',
        type: 'string',
        example: 'cdktf',
        since: since('0.12.6'),
        env: envPerTool(['ALICLOUD_ASSUME_ROLE_SESSION_NAME', { name: 'ALIBABA_CLOUD_ROLE_SESSION_NAME', since: '1.12.0' }], ['ALICLOUD_ASSUME_ROLE_SESSION_NAME']),
      },
      { name: 'policy', key: 'policy', type: 'string', example: '{"Statement":[{"Action":["oss:GetObject"],"Effect":"Allow","Resource":["*"]}],"Version":"1"}', since: since('0.12.6') },
      { name: 'sessionExpiration', key: 'session_expiration', type: 'number', example: 1800, since: since('0.12.6') },
    ],
  },
  {
    name: 'assumeRoleRoleArn',
    key: 'assume_role_role_arn',
    type: 'string',
    example: 'acs:ram::1000000000000001:role/terraform',
    since: FLAT_ASSUME_ROLE,
    env: envPerTool(['ALICLOUD_ASSUME_ROLE_ARN', { name: 'ALIBABA_CLOUD_ROLE_ARN', since: '1.12.0' }], ['ALICLOUD_ASSUME_ROLE_ARN']),
  },
  {
    name: 'assumeRoleSessionName',
    key: 'assume_role_session_name',
    type: 'string',
    example: 'cdktf',
    since: FLAT_ASSUME_ROLE,
    env: envPerTool(['ALICLOUD_ASSUME_ROLE_SESSION_NAME', { name: 'ALIBABA_CLOUD_ROLE_SESSION_NAME', since: '1.12.0' }], ['ALICLOUD_ASSUME_ROLE_SESSION_NAME']),
  },
  { name: 'assumeRolePolicy', key: 'assume_role_policy', type: 'string', example: '{"Statement":[{"Action":["oss:*"],"Effect":"Allow","Resource":["*"]}],"Version":"1"}', since: FLAT_ASSUME_ROLE },
  {
    name: 'assumeRoleSessionExpiration',
    key: 'assume_role_session_expiration',
    type: 'number',
    example: 900,
    since: FLAT_ASSUME_ROLE,
    env: envBoth('ALICLOUD_ASSUME_ROLE_SESSION_EXPIRATION'),
  },
];

/** aliyun-oss-go-sdk CheckBucketName: 3 to 63 of a-z, 0-9 and "-", not starting or ending with "-". */
const OSS_BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
const OSS_BUCKET_RULE = 'a bucket name of 3 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit';
/** The OSS SDK checks the name from its v2 (terraform 1.15.0, every opentofu release). */
const SDK_CHECKS_NAMES = { sdkChecksNames: { terraform: '1.15.0', opentofu: ALWAYS } };

const RULES = [
  rule({
    id: 'oss/bucket-name',
    offline: { none: 'validate accepts any name, and init refuses it when it configures the backend' },
    init: 'init fails before any request: "error getting bucket: bucket name ... len is between [3-63]" / "can only include lowercase letters, numbers, and -" / "must start and end with a lowercase letter or number"',
    severity: 'error',
    fields: ['bucket'],
    description: 'bucket is 3 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit',
    evidence:
      'aliyun-oss-go-sdk v2 and later, oss/utils.go CheckBucketName, called by Client.Bucket (terraform 1.15.0 and later: v2.1.1; every opentofu release: ' +
      'v2.2.9, 1.12: v3.0.2); offline init refuses it before any request from those releases on, and not before them (v0.0.0-20190103054945, of 2019)',
    versions: SDK_CHECKS_NAMES,
    appliesTo: { from: 'sdkChecksNames' },
    check: (c) => {
      const bucket = c.literal('bucket');
      if (typeof bucket === 'string' && !OSS_BUCKET.test(bucket)) {
        c.error('bucket', `${c.got('bucket')}, expected ${OSS_BUCKET_RULE} (the ${c.target.tool} OSS SDK refuses the bucket before any request)`);
      }
    },
  }),
  rule({
    id: 'oss/bucket-name-run',
    severity: 'warning',
    fields: ['bucket'],
    description: 'bucket is a valid OSS bucket name; terraform before 1.15.0 does not check it and fails at the first request',
    evidence: 'terraform before 1.15.0 (aliyun-oss-go-sdk of 2019) sends the request; OSS has no bucket of another form',
    versions: SDK_CHECKS_NAMES,
    appliesTo: { before: 'sdkChecksNames' },
    check: (c) => {
      const bucket = c.literal('bucket');
      if (typeof bucket !== 'string' || bucket === '' || OSS_BUCKET.test(bucket)) return;
      c.warn(`${c.spelling('bucket')} is ${JSON.stringify(bucket)}, not ${OSS_BUCKET_RULE}; ${c.target.tool} ${c.target.version} does not check it, but OSS has no such bucket, so the run fails at its first request`);
    },
  }),
  inRange(
    { id: 'oss/session-expiration', offline: { validate: 'both tools' }, evidence: 'both tools, oss/backend.go schema: IntBetween(900, 3600)' },
    'assumeRoleSessionExpiration',
    900,
    3600,
    'seconds',
  ),
  inRange(
    { id: 'oss/block-session-expiration', offline: { validate: 'both tools' }, evidence: 'both tools, oss/backend.go schema: assume_role.session_expiration IntBetween(900, 3600)' },
    'assumeRole.sessionExpiration',
    900,
    3600,
    'seconds',
  ),
  oneOf({ id: 'oss/acl', offline: { validate: 'both tools' }, evidence: 'both tools, oss/backend.go schema: acl ValidateFunc (StringInSlice)' }, 'acl', ['', 'private', 'public-read', 'public-read-write']),
  ...PATH_RULES('oss'),
  ...OSS_LOCK_RULES,
  bothSet(
    {
      id: 'oss/one-assume-role-style',
      evidence: 'both tools, oss/backend.go configure: a non-empty assume_role_role_arn takes the flat assume_role_* fields and ignores the assume_role block',
    },
    ['assumeRole', 'assumeRoleRoleArn'],
    'assumeRole (block) together with assumeRoleRoleArn: the tool ignores the block',
    (_c, block, roleArn) => `the tool uses ${roleArn} and the other assumeRole* fields, and ignores the ${block} block`,
  ),
];

export const OSS_STORE = defineStore({
  backend: 'oss',
  names: { backend: 'OssBackend', remoteState: 'DataTerraformRemoteStateOss', config: 'OssBackendConfig' },
  fields: FIELDS,
  rules: RULES,
  layout: {
    // oss/backend.go configure (the prefix trimmed of "/" and "./") and backend_state.go stateFile,
    // both tools: <prefix>/<key>, <prefix>/<workspace>/<key>.
    container: ['bucket'],
    object: ['prefix', 'key'],
    objectName: (v, workspace) => {
      const prefix = v.prefix.replace(/^\/+|\/+$/g, '').replace(/^\.\//, '');
      return workspace === undefined ? joinPath(prefix, v.key) : joinPath(prefix, workspace, v.key);
    },
    separateWith: 'prefix or key',
  },
  emulator: 'moto and the TableStore fake',
});
