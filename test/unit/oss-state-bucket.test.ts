import { TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { OssStateBucket } from '../../src/oss-state-bucket';
import { parseTargetOrThrow } from '../../src/private/target/target';
import { warningsOf } from '../support/annotations';
import { refusal } from '../support/refusals';
import { argumentOf, bootstrap, storeRefusal, synthOf, tableCoverage, underTest } from '../support/state-stores';
import { STORES } from '../support/stores';

const sut = underTest('OssStateBucket');
const LOCK = { name: 'LockID', type: 'String' };

/** What the construct holds unasked: row id -> [resource, argument, value as the provider's schema spells it]. */
const DEFAULTS: Record<string, [string, string, unknown]> = {
  'oss-bucket/bucket': ['bucket', 'bucket', 'acme-tfstate'],
  'oss-bucket/versioning': ['bucket', 'versioning.status', 'Enabled'],
  'oss-bucket/noncurrent-versions': ['bucket', 'lifecycle_rule', [{ id: 'state-noncurrent-versions', enabled: true, prefix: '', noncurrent_version_expiration: { days: 365 } }]],
  'oss-bucket/encryption': ['bucket', 'server_side_encryption_rule.sse_algorithm', 'AES256'],
  'oss-bucket/force-destroy': ['bucket', 'force_destroy', false],
  'oss-bucket/prevent-destroy': ['bucket', 'lifecycle.prevent_destroy', true],
  'oss-bucket/acl': ['acl', 'acl', 'private'],
  'oss-bucket/acl-bucket': ['acl', 'bucket', '${alicloud_oss_bucket.state_bucket_803B4E61.bucket}'],
  'oss-bucket/block-public-access': ['publicAccessBlock', 'block_public_access', true],
  'oss-bucket/block-public-access-bucket': ['publicAccessBlock', 'bucket', '${alicloud_oss_bucket.state_bucket_803B4E61.bucket}'],
  'oss-bucket/lock-instance': ['lockInstance', 'name', 'tfstate-lock'],
  'oss-bucket/lock-table': ['lockTable', 'table_name', 'terraform_lock'],
  'oss-bucket/lock-table-instance': ['lockTable', 'instance_name', '${alicloud_ots_instance.state_lockInstance_156039BD.name}'],
  'oss-bucket/lock-key': ['lockTable', 'primary_key', [LOCK]],
  'oss-bucket/lock-ttl': ['lockTable', 'time_to_live', -1],
  'oss-bucket/lock-versions': ['lockTable', 'max_version', 1],
  'oss-bucket/lock-table-prevent-destroy': ['lockTable', 'lifecycle.prevent_destroy', true],
};

/** Each prop set: row id -> [props, resource, argument, value]. */
const SET: Record<string, [Record<string, unknown>, string, string, unknown]> = {
  'oss-bucket/bucket': [{ bucket: 'acme-tfstate-2' }, 'bucket', 'bucket', 'acme-tfstate-2'],
  'oss-bucket/versioning': [{ versioned: false }, 'bucket', 'versioning', undefined],
  'oss-bucket/noncurrent-versions': [{ noncurrentVersionRetentionDays: 0 }, 'bucket', 'lifecycle_rule', undefined],
  'oss-bucket/encryption': [{ sseAlgorithm: 'SM4' }, 'bucket', 'server_side_encryption_rule.sse_algorithm', 'SM4'],
  'oss-bucket/kms-key': [{ kmsMasterKeyId: 'key-1' }, 'bucket', 'server_side_encryption_rule', { sse_algorithm: 'KMS', kms_master_key_id: 'key-1' }],
  'oss-bucket/acl': [{ acl: 'public-read' }, 'acl', 'acl', 'public-read'],
  'oss-bucket/block-public-access': [{ blockPublicAccess: false }, 'publicAccessBlock', 'block_public_access', false],
  'oss-bucket/tags': [{ tags: { team: 'platform' } }, 'bucket', 'tags', { team: 'platform' }],
  'oss-bucket/force-destroy': [{ forceDestroy: true }, 'bucket', 'force_destroy', true],
  'oss-bucket/prevent-destroy': [{ preventDestroy: false }, 'bucket', 'lifecycle.prevent_destroy', false],
  'oss-bucket/lock-table-prevent-destroy': [{ preventDestroy: false }, 'lockTable', 'lifecycle.prevent_destroy', false],
  'oss-bucket/lock-instance': [{ lockInstanceName: 'acme-lock' }, 'lockInstance', 'name', 'acme-lock'],
  'oss-bucket/lock-table': [{ lockTableName: 'locks' }, 'lockTable', 'table_name', 'locks'],
};

describe('OssStateBucket: what it holds unasked', () => {
  test('every argument the table emits unasked has its expectation here', () => {
    expect(Object.keys(DEFAULTS).sort()).toEqual(tableCoverage(sut).emittedByDefault.sort());
  });

  test.each(Object.entries(DEFAULTS))('%s', (_id, [resource, path, value]) => {
    expect(argumentOf(sut, {}, resource, path)).toEqual(value);
  });

  test('the provider block names the region, with the provider\'s source and version', () => {
    const json = synthOf(sut);
    expect(json.provider.alicloud).toEqual([{ region: 'cn-hangzhou' }]);
    expect(json.terraform.required_providers.alicloud).toEqual({ source: 'aliyun/alicloud', version: '>= 1.289.0, < 2.0.0' });
  });
});

describe('OssStateBucket: each prop', () => {
  test('every prop that sets an argument has its expectation here', () => {
    expect(Object.keys(SET).sort()).toEqual(tableCoverage(sut).set.sort());
  });

  test.each(Object.entries(SET))('%s', (_id, [props, resource, path, value]) => {
    expect(argumentOf(sut, props, resource, path)).toEqual(value);
  });

  test('locking: false makes no instance and no table, and its backends lock nothing', () => {
    const { stack, construct } = bootstrap(sut, { locking: false });
    const json = JSON.parse(Testing.synth(stack));
    expect([json.resource.alicloud_ots_instance, json.resource.alicloud_ots_table]).toEqual([undefined, undefined]);
    const network = new TerraformStack(stack.node.scope as Construct, 'network');
    (construct as OssStateBucket).backend(network, { prefix: 'network' });
    expect(JSON.parse(Testing.synth(network)).terraform.backend.oss).toEqual({ bucket: 'acme-tfstate', prefix: 'network', region: 'cn-hangzhou' });
  });

  test('createLockInstance: false puts the table in the instance named, and makes none', () => {
    const json = synthOf(sut, { createLockInstance: false, lockInstanceName: 'acme-lock' });
    expect(json.resource.alicloud_ots_instance).toBeUndefined();
    expect(Object.values(json.resource.alicloud_ots_table).map((t: any) => t.instance_name)).toEqual(['acme-lock']);
  });
});

describe('OssStateBucket.backend and remoteState: the name, region and lock table typed once', () => {
  test('backend names the bucket, the region and the lock table; the stack depends on the bucket\'s', () => {
    const { stack, construct } = bootstrap(sut);
    const network = new TerraformStack(stack.node.scope as Construct, 'network');
    (construct as OssStateBucket).backend(network, { prefix: 'network' });
    expect(JSON.parse(Testing.synth(network)).terraform.backend.oss).toEqual({
      bucket: 'acme-tfstate',
      prefix: 'network',
      region: 'cn-hangzhou',
      tablestore_endpoint: 'https://tfstate-lock.cn-hangzhou.ots.aliyuncs.com',
      tablestore_table: 'terraform_lock',
    });
    expect(network.dependencies).toEqual([stack]);
  });

  test('options win over the bucket\'s region and lock table, in either spelling', () => {
    const { stack, construct } = bootstrap(sut);
    const network = new TerraformStack(stack.node.scope as Construct, 'network');
    (construct as OssStateBucket).backend(network, { region: 'cn-shanghai', tablestoreTable: 'other' });
    expect(JSON.parse(Testing.synth(network)).terraform.backend.oss).toMatchObject({ region: 'cn-shanghai', tablestore_table: 'other' });
  });

  test('remoteState reads the bucket with its lock table, and forEachStack leaves the bucket\'s stack alone', () => {
    const { stack, construct } = bootstrap(sut);
    const app = stack.node.scope as Construct;
    const web = new TerraformStack(app, 'web');
    (construct as OssStateBucket).remoteState(web, 'network', { prefix: 'network' });
    const data: any = Object.values(JSON.parse(Testing.synth(web)).data.terraform_remote_state)[0];
    expect(data.config).toEqual({ bucket: 'acme-tfstate', prefix: 'network', region: 'cn-hangzhou', tablestore_endpoint: 'https://tfstate-lock.cn-hangzhou.ots.aliyuncs.com', tablestore_table: 'terraform_lock' });
    expect((construct as OssStateBucket).forEachStack(app, { prefix: 'prod' })).toHaveLength(1);
    expect(JSON.parse(Testing.synth(web)).terraform.backend.oss.prefix).toBe('prod/web');
    expect(web.dependencies).toEqual([stack]);
  });
});

describe('OssStateBucket: adopting', () => {
  test('adopt imports the bucket; adoptLockTable the table and the instance', () => {
    expect(synthOf(sut, { adopt: true }).import).toEqual([{ id: 'acme-tfstate', to: 'alicloud_oss_bucket.state_bucket_803B4E61' }]);
    expect(synthOf(sut, { adoptLockTable: true }).import).toEqual([
      { id: 'tfstate-lock', to: 'alicloud_ots_instance.state_lockInstance_156039BD' },
      { id: 'tfstate-lock:terraform_lock', to: 'alicloud_ots_table.state_lockTable_7F18E06C' },
    ]);
  });
});

describe('OssStateBucket: the name, held to the oss backend\'s rules', () => {
  test('fails if the bucket is not an OSS bucket name, with the backend\'s rule and message', () => {
    const oss = STORES.find((s) => s.store.backend === 'oss')!;
    const backendLine = refusal(oss, { bucket: 'Acme_State' }).split('\n')[1];
    expect(backendLine).toMatch(/\[oss\/bucket-name\]$/);
    expect(storeRefusal(sut, { bucket: 'Acme_State' }).split('\n')[1]).toBe(backendLine);
  });

  test('warns where the backend warns (terraform before 1.15.0), and the provider\'s length rule still holds', () => {
    const old = parseTargetOrThrow('terraform@1.11.4', 'target');
    const { stack } = bootstrap(sut, { bucket: 'Acme_State' }, old);
    expect(warningsOf(stack)).toEqual([expect.stringMatching(/^bucket is "Acme_State", not a bucket name .*\[oss\/bucket-name-run\]$/)]);
  });
});

describe('oss-bucket/bucket-length', () => {
  const old = parseTargetOrThrow('terraform@1.11.4', 'target');
  test('fails if the bucket is shorter than 3 characters where the backend does not check it', () => {
    expect(storeRefusal(sut, { bucket: 'ab' }, old).split('\n')[1]).toBe('- bucket: got "ab", expected 3 to 63 characters [oss-bucket/bucket-length]');
  });

  test('accepts 3 characters', () => {
    expect(() => bootstrap(sut, { bucket: 'abc' }, old)).not.toThrow();
  });
});

describe('oss-bucket/lock-instance-name', () => {
  test('fails if the instance name ends with a hyphen', () => {
    expect(storeRefusal(sut, { lockInstanceName: 'acme-' }).split('\n')[1])
      .toBe('- lockInstanceName: got "acme-", expected 3 to 16 letters, digits and hyphens, starting with a letter and not ending with a hyphen [oss-bucket/lock-instance-name]');
  });

  test('accepts 16 characters', () => {
    expect(() => bootstrap(sut, { lockInstanceName: 'Acme-lock-012345' })).not.toThrow();
  });
});

describe('oss-bucket/lock-table-name', () => {
  test('fails if the table name has a hyphen', () => {
    expect(storeRefusal(sut, { lockTableName: 'tf-lock' }).split('\n')[1])
      .toBe('- lockTableName: got "tf-lock", expected 1 to 255 letters, digits and underscores, starting with a letter or an underscore [oss-bucket/lock-table-name]');
  });

  test('accepts an underscore first', () => {
    expect(() => bootstrap(sut, { lockTableName: '_lock' })).not.toThrow();
  });
});

describe('oss-bucket/sse-algorithm', () => {
  test('fails if the algorithm is not one OSS has', () => {
    expect(storeRefusal(sut, { sseAlgorithm: 'AES128' }).split('\n')[1]).toBe('- sseAlgorithm: got "AES128", expected one of "AES256", "KMS", "SM4" [oss-bucket/sse-algorithm]');
  });

  test('accepts KMS', () => {
    expect(() => bootstrap(sut, { sseAlgorithm: 'KMS' })).not.toThrow();
  });
});
