import { TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { CosStateBucket } from '../../src/cos-state-bucket';
import { refusal } from '../support/refusals';
import { argumentOf, bootstrap, storeRefusal, synthOf, tableCoverage, underTest } from '../support/state-stores';
import { STORES } from '../support/stores';

const sut = underTest('CosStateBucket');

/** What the bucket holds unasked: row id -> [argument, value as the provider's schema spells it]. */
const DEFAULTS: Record<string, [string, unknown]> = {
  'cos-bucket/bucket': ['bucket', 'tfstate-1250000000'],
  'cos-bucket/versioning': ['versioning_enable', true],
  'cos-bucket/noncurrent-versions': ['lifecycle_rules', [{ id: 'state-noncurrent-versions', filter_prefix: '', non_current_expiration: { non_current_days: 365 } }]],
  'cos-bucket/acl': ['acl', 'private'],
  'cos-bucket/encryption': ['encryption_algorithm', 'AES256'],
  'cos-bucket/force-clean': ['force_clean', false],
  'cos-bucket/prevent-destroy': ['lifecycle.prevent_destroy', true],
};

/** Each prop set: row id -> [props, argument, value]. */
const SET: Record<string, [Record<string, unknown>, string, unknown]> = {
  'cos-bucket/bucket': [{ bucket: 'state-1250000001' }, 'bucket', 'state-1250000001'],
  'cos-bucket/versioning': [{ versioned: false }, 'versioning_enable', false],
  'cos-bucket/noncurrent-versions': [{ noncurrentVersionRetentionDays: 0 }, 'lifecycle_rules', undefined],
  'cos-bucket/acl': [{ acl: 'public-read' }, 'acl', 'public-read'],
  'cos-bucket/encryption': [{ encryptionAlgorithm: 'SM4' }, 'encryption_algorithm', 'SM4'],
  'cos-bucket/kms-key': [{ kmsId: 'key-1' }, 'kms_id', 'key-1'],
  'cos-bucket/tags': [{ tags: { team: 'platform' } }, 'tags', { team: 'platform' }],
  'cos-bucket/force-clean': [{ forceClean: true }, 'force_clean', true],
  'cos-bucket/prevent-destroy': [{ preventDestroy: false }, 'lifecycle.prevent_destroy', false],
};

describe('CosStateBucket: what it holds unasked', () => {
  test('every argument the table emits unasked has its expectation here', () => {
    expect(Object.keys(DEFAULTS).sort()).toEqual(tableCoverage(sut).emittedByDefault.sort());
  });

  test.each(Object.entries(DEFAULTS))('%s', (_id, [path, value]) => {
    expect(argumentOf(sut, {}, 'bucket', path)).toEqual(value);
  });

  test('the provider block names the region, with the provider\'s source and version', () => {
    const json = synthOf(sut);
    expect(json.provider.tencentcloud).toEqual([{ region: 'ap-guangzhou' }]);
    expect(json.terraform.required_providers.tencentcloud).toEqual({ source: 'tencentcloudstack/tencentcloud', version: '>= 1.83.25, < 2.0.0' });
  });
});

describe('CosStateBucket: each prop', () => {
  test('every prop that sets an argument has its expectation here', () => {
    expect(Object.keys(SET).sort()).toEqual(tableCoverage(sut).set.sort());
  });

  test.each(Object.entries(SET))('%s', (_id, [props, path, value]) => {
    expect(argumentOf(sut, props, 'bucket', path)).toEqual(value);
  });

  test('a KMS key makes the algorithm KMS unless one is named', () => {
    expect(argumentOf(sut, { kmsId: 'key-1' }, 'bucket', 'encryption_algorithm')).toBe('KMS');
  });

  test('two buckets of two regions in one stack: the second gets a provider of its own, by alias', () => {
    const { stack } = bootstrap(sut);
    new CosStateBucket(stack, 'shanghai', { bucket: 'state-1250000001', region: 'ap-shanghai' });
    const json = JSON.parse(Testing.synth(stack));
    expect(json.provider.tencentcloud).toEqual([{ region: 'ap-guangzhou' }, { alias: 'state_store_2', region: 'ap-shanghai' }]);
    const buckets: any[] = Object.values(json.resource.tencentcloud_cos_bucket);
    expect(Object.fromEntries(buckets.map((b) => [b.bucket, b.provider]))).toEqual({ 'tfstate-1250000000': undefined, 'state-1250000001': 'tencentcloud.state_store_2' });
  });
});

describe('CosStateBucket.backend: the name and region typed once', () => {
  test('backend names the bucket and its region; the stack depends on the bucket\'s', () => {
    const { stack, construct } = bootstrap(sut);
    const network = new TerraformStack(stack.node.scope as Construct, 'network');
    (construct as CosStateBucket).backend(network, { prefix: 'network' });
    expect(JSON.parse(Testing.synth(network)).terraform.backend.cos).toEqual({ bucket: 'tfstate-1250000000', prefix: 'network', region: 'ap-guangzhou' });
    expect(network.dependencies).toEqual([stack]);
  });

  test('remoteState and forEachStack name the bucket and region too', () => {
    const { stack, construct } = bootstrap(sut);
    const app = stack.node.scope as Construct;
    const web = new TerraformStack(app, 'web');
    (construct as CosStateBucket).remoteState(web, 'network', { prefix: 'network' });
    (construct as CosStateBucket).forEachStack(app);
    const json = JSON.parse(Testing.synth(web));
    expect((Object.values(json.data.terraform_remote_state)[0] as any).config).toEqual({ bucket: 'tfstate-1250000000', prefix: 'network', region: 'ap-guangzhou' });
    expect(json.terraform.backend.cos).toEqual({ bucket: 'tfstate-1250000000', prefix: 'web', region: 'ap-guangzhou' });
  });

  test('adopt imports the bucket by its name', () => {
    expect(synthOf(sut, { adopt: true }).import).toEqual([{ id: 'tfstate-1250000000', to: 'tencentcloud_cos_bucket.state_bucket_803B4E61' }]);
  });
});

describe('CosStateBucket: the name, held to the cos backend\'s rules', () => {
  test('fails if the bucket is not <name>-<appid>, with the backend\'s rule and message', () => {
    const cos = STORES.find((s) => s.store.backend === 'cos')!;
    const backendLine = refusal(cos, { bucket: 'Tfstate', region: 'ap-guangzhou' }).split('\n')[1];
    expect(backendLine).toMatch(/\[cos\/bucket-name\]$/);
    expect(storeRefusal(sut, { bucket: 'Tfstate' }).split('\n')).toEqual([expect.anything(), backendLine]);
  });
});

describe('cos-bucket/bucket-name', () => {
  test('fails if the APPID is not 10 digits, which the backend accepts and the provider does not', () => {
    expect(storeRefusal(sut, { bucket: 'tfstate-125' }).split('\n')[1]).toBe(
      '- bucket: got "tfstate-125", expected <name>-<appid>: lower-case letters, digits and hyphens, not starting or ending with a hyphen, ' +
        'then "-" and the 10 digits of the APPID, 60 characters at most [cos-bucket/bucket-name]',
    );
  });

  test('accepts a 10-digit APPID', () => {
    expect(() => bootstrap(sut, { bucket: 'a-b-1250000000' })).not.toThrow();
  });
});

describe('cos-bucket/acl-value', () => {
  test('fails if the acl is not one COS has', () => {
    expect(storeRefusal(sut, { acl: 'authenticated-read' }).split('\n')[1])
      .toBe('- acl: got "authenticated-read", expected one of "private", "public-read", "public-read-write" [cos-bucket/acl-value]');
  });

  test('accepts public-read-write (a loosening said out loud)', () => {
    expect(argumentOf(sut, { acl: 'public-read-write' }, 'bucket', 'acl')).toBe('public-read-write');
  });
});

describe('cos-bucket/noncurrent-days', () => {
  test('fails if the days are negative', () => {
    expect(storeRefusal(sut, { noncurrentVersionRetentionDays: -1 }).split('\n')[1])
      .toBe('- noncurrentVersionRetentionDays: got -1, expected 0 days or more [cos-bucket/noncurrent-days]');
  });

  test('accepts 0: every version is kept', () => {
    expect(argumentOf(sut, { noncurrentVersionRetentionDays: 0 }, 'bucket', 'lifecycle_rules')).toBeUndefined();
  });
});
