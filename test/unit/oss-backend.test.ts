import { describeFieldOutput } from '../support/field-output';
import { header, refusal, warningsFor } from '../support/refusals';
import { STORES } from '../support/stores';

const sut = STORES.find((s) => s.store.backend === 'oss')!;

describeFieldOutput(sut);

const BASE = { bucket: 'acme-tfstate' };

describe('oss rules', () => {
  const h = header('oss');

  test('warns if assumeRole is given without roleArn: the tool reads ALICLOUD_ASSUME_ROLE_ARN and assumes no role without it', () => {
    expect(warningsFor(sut, { ...BASE, assumeRole: {} })).toContain(
      'assumeRole.roleArn is not set, so the terraform run takes it from ALICLOUD_ASSUME_ROLE_ARN or ALIBABA_CLOUD_ROLE_ARN in its environment; set it here if the run will not have it [field/required-from-env]',
    );
    expect(warningsFor(sut, { ...BASE, assumeRole: {} }, { target: 'terraform@1.11.4' })).toContain(
      'assumeRole.roleArn is not set, so the terraform run takes it from ALICLOUD_ASSUME_ROLE_ARN in its environment; set it here if the run will not have it [field/required-from-env]',
    );
  });

  test('fails if assumeRoleSessionExpiration is outside 900-3600', () => {
    expect(refusal(sut, { ...BASE, assumeRoleSessionExpiration: 899 })).toBe(`${h}\n- assumeRoleSessionExpiration: got 899, expected 900 to 3600 seconds [oss/session-expiration]`);
    expect(refusal(sut, { ...BASE, assumeRoleSessionExpiration: 3601 })).toBe(`${h}\n- assumeRoleSessionExpiration: got 3601, expected 900 to 3600 seconds [oss/session-expiration]`);
  });

  test('fails if the block sessionExpiration is outside 900-3600', () => {
    expect(refusal(sut, { ...BASE, assumeRole: { roleArn: 'acs:ram::1:role/x', sessionExpiration: 60 } })).toBe(
      `${h}\n- assumeRole.sessionExpiration: got 60, expected 900 to 3600 seconds [oss/block-session-expiration]`,
    );
  });

  // Every judge on moto (test/runtime/oss.test.ts, oss-empty-required): the OSS SDK of opentofu and terraform 1.15+ refuses
  // the name before any request, terraform before 1.15 lists the buckets where it expects the objects; no env var can supply a bucket.
  test('fails if bucket is ""', () => {
    expect(refusal(sut, { bucket: '' })).toBe(
      `${h}\n- bucket: got "", expected a non-empty string (init fails on it: the OSS SDK refuses the name ("bucket name  len is between [3-63]": opentofu, terraform 1.15.0 and later) or lists buckets where it expects objects (terraform before 1.15.0)) [field/empty-refused]`,
    );
  });

  test('fails if acl is not one the tool knows', () => {
    expect(refusal(sut, { ...BASE, acl: 'authenticated-read' })).toBe(
      `${h}\n- acl: got "authenticated-read", expected one of "", "private", "public-read", "public-read-write" [oss/acl]`,
    );
  });

  test('fails if prefix starts with / or key ends with /', () => {
    expect(refusal(sut, { ...BASE, prefix: '/env:', key: 'x/' })).toBe(
      [h, '- prefix: got "/env:", expected a prefix that does not start with "/" or "./" [oss/prefix-form]', '- key: got "x/", expected a key that does not start or end with "/" [oss/key-form]'].join('\n'),
    );
  });

  test('warns if the assume-role block and the flat fields are mixed: the tool ignores the block', () => {
    expect(warningsFor(sut, { ...BASE, assumeRole: { roleArn: 'acs:ram::1:role/x' }, assumeRoleRoleArn: 'acs:ram::1:role/y' })).toContain(
      'assumeRole and assumeRoleRoleArn are both set; the tool uses assumeRoleRoleArn and the other assumeRole* fields, and ignores the assumeRole block [oss/one-assume-role-style]',
    );
  });

  test('fails if both spellings of the lock table differ', () => {
    expect(refusal(sut, { ...BASE, lockStoreTable: 'a', tablestoreTable: 'b', lockStoreEndpoint: 'https://l.cn-hangzhou.ots.aliyuncs.com' })).toBe(
      `${h}\n- lockStoreTable: lockStoreTable and tablestoreTable are spellings of one field and were set to different values ("a" and "b"), expected one of them [field/spelling-conflict]`,
    );
  });

  test('spec part 9: fields are refused before the terraform release that added them', () => {
    const props = { ...BASE, ecsRoleName: 'r', profile: 'p', sharedCredentialsFile: '/f', stsEndpoint: 'sts.aliyuncs.com', assumeRoleRoleArn: 'acs:ram::1:role/x' };
    expect(refusal(sut, props, { target: 'terraform@0.12.7' })).toBe(
      [
        header('oss', 'terraform@0.12.7'),
        '- ecsRoleName: got "r", but terraform 0.12.7 does not have it yet; it is first available in terraform 0.12.14 [field/availability]',
        '- stsEndpoint: got "sts.aliyuncs.com", but terraform 0.12.7 does not have it yet; it is first available in terraform 1.0.11 [field/availability]',
        '- sharedCredentialsFile: got "/f", but terraform 0.12.7 does not have it yet; it is first available in terraform 0.12.8 [field/availability]',
        '- profile: got "p", but terraform 0.12.7 does not have it yet; it is first available in terraform 0.12.8 [field/availability]',
        '- assumeRoleRoleArn: got "acs:ram::1:role/x", but terraform 0.12.7 does not have it yet; it is first available in terraform 1.1.0 [field/availability]',
      ].join('\n'),
    );
    expect(() => refusal(sut, props, { target: 'terraform@1.1.0' })).toThrow('to be refused');
  });

  test('fails if the lock instance name is used before terraform 1.12 or with opentofu', () => {
    expect(refusal(sut, { ...BASE, lockStoreInstanceName: 'lock' }, { target: 'terraform@1.11.4' })).toBe(
      `${header('oss', 'terraform@1.11.4')}\n- lockStoreInstanceName: got "lock", but terraform 1.11.4 does not have it yet; it is first available in terraform 1.12.0 [field/availability]`,
    );
    expect(refusal(sut, { ...BASE, tablestoreInstanceName: 'lock' }, { target: 'opentofu@1.12.6' })).toBe(
      `${header('oss', 'opentofu@1.12.6')}\n- tablestoreInstanceName: got "lock", but opentofu has no such setting; only terraform 1.12.0 and later has it [field/availability]`,
    );
  });
});

describe('oss warnings', () => {
  test('warns that the assume-role block is deprecated, naming the replacement', () => {
    expect(warningsFor(sut, { ...BASE, assumeRole: { roleArn: 'acs:ram::1:role/x' } })).toEqual([
      'assumeRole is deprecated: use assumeRoleRoleArn, assumeRolePolicy, assumeRoleSessionName and assumeRoleSessionExpiration instead [field/deprecated]',
    ]);
  });

  test('warns that a lock table needs its endpoint', () => {
    expect(warningsFor(sut, { ...BASE, tablestoreTable: 'lock' })).toEqual([
      'tablestoreTable is set but lockStoreEndpoint is not; the terraform run must provide ALICLOUD_TABLESTORE_ENDPOINT or ALIBABA_CLOUD_TABLESTORE_ENDPOINT in its environment, ' +
        'or state locking fails: the lock table needs its endpoint [oss/lock-endpoint-from-env]',
    ]);
  });

  test('warns about literal secrets with the env vars of the target tool', () => {
    expect(warningsFor(sut, { ...BASE, accessKey: '<ACCESS_KEY>' }, { target: 'opentofu@1.12.6' })).toEqual([
      'accessKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide ALICLOUD_ACCESS_KEY or ALICLOUD_ACCESS_KEY_ID in the environment of the opentofu run instead [field/literal-secret]',
    ]);
  });
});
