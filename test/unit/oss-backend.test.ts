import { describeFieldOutput } from '../support/field-output';
import { header, refusal, warningsFor } from '../support/refusals';
import { STORES } from '../support/stores';

const sut = STORES.find((s) => s.store.backend === 'oss')!;

describeFieldOutput(sut);

const BASE = { bucket: 'acme-tfstate' };

const h = header('oss');

// Offline init of opentofu and terraform 1.15.0+ refuses it before any request (test/judges/init-judge.test.ts).
describe('oss/bucket-name', () => {
  test('fails if bucket is not an OSS bucket name, for a release whose OSS SDK checks it', () => {
    const expected = 'expected a bucket name of 3 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit';
    expect(refusal(sut, { bucket: 'NOT_VALID' })).toBe(`${h}\n- bucket: got "NOT_VALID", ${expected} (the terraform OSS SDK refuses the bucket before any request) [oss/bucket-name]`);
    expect(refusal(sut, { bucket: '-acme' }, { target: 'opentofu@1.6.3' })).toBe(
      `${header('oss', 'opentofu@1.6.3')}\n- bucket: got "-acme", ${expected} (the opentofu OSS SDK refuses the bucket before any request) [oss/bucket-name]`,
    );
  });

  test('accepts a bucket name, and leaves other names to oss/bucket-name-run where the SDK does not check them', () => {
    expect(warningsFor(sut, { bucket: 'acme-tfstate-2' })).toEqual([]);
    expect(warningsFor(sut, { bucket: 'ab' }, { target: 'terraform@1.11.4' })).toEqual([expect.stringMatching(/\[oss\/bucket-name-run\]$/)]);
  });
});

describe('oss/bucket-name-run', () => {
  test('warns if bucket is not an OSS bucket name for a release that sends the request', () => {
    expect(warningsFor(sut, { bucket: 'NOT_VALID' }, { target: 'terraform@1.11.4' })).toEqual([
      'bucket is "NOT_VALID", not a bucket name of 3 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit; ' +
        'terraform 1.11.4 does not check it, but OSS has no such bucket, so the run fails at its first request [oss/bucket-name-run]',
    ]);
  });

  test('does not warn for a bucket name', () => {
    expect(warningsFor(sut, BASE, { target: 'terraform@1.11.4' })).toEqual([]);
  });
});

describe('oss/session-expiration', () => {
  test('fails if assumeRoleSessionExpiration is outside 900-3600', () => {
    expect(refusal(sut, { ...BASE, assumeRoleSessionExpiration: 899 })).toBe(`${h}\n- assumeRoleSessionExpiration: got 899, expected 900 to 3600 seconds [oss/session-expiration]`);
    expect(refusal(sut, { ...BASE, assumeRoleSessionExpiration: 3601 })).toBe(`${h}\n- assumeRoleSessionExpiration: got 3601, expected 900 to 3600 seconds [oss/session-expiration]`);
  });

  test.each([900, 3600])('accepts %d seconds', (assumeRoleSessionExpiration) => {
    expect(warningsFor(sut, { ...BASE, assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration })).toEqual([]);
  });
});

describe('oss/block-session-expiration', () => {
  test('fails if the block sessionExpiration is outside 900-3600', () => {
    expect(refusal(sut, { ...BASE, assumeRole: { roleArn: 'acs:ram::1:role/x', sessionExpiration: 60 } })).toBe(
      `${h}\n- assumeRole.sessionExpiration: got 60, expected 900 to 3600 seconds [oss/block-session-expiration]`,
    );
  });

  test.each([900, 3600])('accepts %d seconds', (sessionExpiration) => {
    expect(() => refusal(sut, { ...BASE, assumeRole: { roleArn: 'acs:ram::1:role/x', sessionExpiration } })).toThrow('to be refused');
  });
});

describe('oss/acl', () => {
  test('fails if acl is not one the tool knows', () => {
    expect(refusal(sut, { ...BASE, acl: 'authenticated-read' })).toBe(
      `${h}\n- acl: got "authenticated-read", expected one of "", "private", "public-read", "public-read-write" [oss/acl]`,
    );
  });

  test.each(['', 'private', 'public-read', 'public-read-write'])('accepts acl %j', (acl) => {
    expect(warningsFor(sut, { ...BASE, acl })).toEqual([]);
  });
});

describe('oss/prefix-form', () => {
  test('fails if prefix starts with /', () => {
    expect(refusal(sut, { ...BASE, prefix: '/env:' })).toBe(`${h}\n- prefix: got "/env:", expected a prefix that does not start with "/" or "./" [oss/prefix-form]`);
  });

  test('accepts the default prefix spelt out, and one with inner slashes', () => {
    expect(warningsFor(sut, { ...BASE, prefix: 'env:' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, prefix: 'envs/prod' })).toEqual([]);
  });
});

describe('oss/key-form', () => {
  test('fails if key ends with /', () => {
    expect(refusal(sut, { ...BASE, key: 'x/' })).toBe(`${h}\n- key: got "x/", expected a key that does not start or end with "/" [oss/key-form]`);
  });

  test('accepts a key with an inner slash', () => {
    expect(warningsFor(sut, { ...BASE, key: 'states/network.tfstate' })).toEqual([]);
  });
});

describe('oss/one-assume-role-style', () => {
  test('warns if the assume-role block and the flat fields are mixed: the tool ignores the block', () => {
    expect(warningsFor(sut, { ...BASE, assumeRole: { roleArn: 'acs:ram::1:role/x' }, assumeRoleRoleArn: 'acs:ram::1:role/y' })).toContain(
      'assumeRole and assumeRoleRoleArn are both set; the tool uses assumeRoleRoleArn and the other assumeRole* fields, and ignores the assumeRole block [oss/one-assume-role-style]',
    );
  });

  test('does not warn for the flat fields alone', () => {
    expect(warningsFor(sut, { ...BASE, assumeRoleRoleArn: 'acs:ram::1:role/y', assumeRoleSessionName: 'ci' })).toEqual([]);
  });
});

describe('oss/lock-endpoint-empty', () => {
  test('fails if the lock endpoint is "" with a lock table: the tools crash reading the state, whatever the env', () => {
    expect(refusal(sut, { ...BASE, lockStoreEndpoint: '', tablestoreTable: 'terraform_lock' })).toBe(
      `${h}\n- lockStoreEndpoint: got "" with tablestoreTable set, expected the TableStore endpoint (https://<instance>.<region>.ots.aliyuncs.com), ` +
        'or no lockStoreEndpoint at all to take it from ALICLOUD_TABLESTORE_ENDPOINT or ALIBABA_CLOUD_TABLESTORE_ENDPOINT (the terraform run crashes reading the state: ' +
        '"" makes no TableStore client, and the env var is read only when the field is unset) [oss/lock-endpoint-empty]',
    );
    expect(refusal(sut, { ...BASE, tablestoreEndpoint: '', lockStoreTable: 'terraform_lock' }, { target: 'opentofu@1.6.3', as: 'remote-state' })).toContain(
      '\n- tablestoreEndpoint: got "" with lockStoreTable set, expected the TableStore endpoint (https://<instance>.<region>.ots.aliyuncs.com), ' +
        'or no tablestoreEndpoint at all to take it from ALICLOUD_TABLESTORE_ENDPOINT (the opentofu run crashes reading the state',
    );
  });

  test('does not warn if the lock endpoint is "" without a lock table: the tools read neither, and every command works', () => {
    expect(warningsFor(sut, { ...BASE, lockStoreEndpoint: '' })).toEqual([]);
  });
});

describe('oss/lock-endpoint-from-env', () => {
  test('warns if a lock table has no endpoint: without it every command crashes', () => {
    expect(warningsFor(sut, { ...BASE, tablestoreTable: 'lock' })).toEqual([
      'tablestoreTable is set but lockStoreEndpoint is not; the terraform run must provide ALICLOUD_TABLESTORE_ENDPOINT or ALIBABA_CLOUD_TABLESTORE_ENDPOINT in its environment, ' +
        'or every command that reads the state, init included, crashes with exit 11: the tool reads the state\'s digest through a TableStore client it never made [oss/lock-endpoint-from-env]',
    ]);
    expect(warningsFor(sut, { ...BASE, lockStoreTable: 'lock' }, { target: 'opentofu@1.6.3' })).toEqual([
      'lockStoreTable is set but lockStoreEndpoint is not; the opentofu run must provide ALICLOUD_TABLESTORE_ENDPOINT in its environment, ' +
        'or every command that reads the state, init included, crashes with exit 11: the tool reads the state\'s digest through a TableStore client it never made [oss/lock-endpoint-from-env]',
    ]);
  });

  test('does not warn if the lock table comes with its endpoint', () => {
    expect(warningsFor(sut, { ...BASE, lockStoreTable: 'lock', lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com' })).toEqual([]);
  });
});

describe('oss/lock-endpoint-without-table', () => {
  test('warns if the lock endpoint is set without a lock table: nothing is locked', () => {
    expect(warningsFor(sut, { ...BASE, tablestoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com' })).toEqual([
      'tablestoreEndpoint is set without lockStoreTable; the terraform backend sends nothing to TableStore without a table, so it takes no lock ' +
        '(two overlapping runs both write the state, and one run\'s changes are lost) and keeps no digest of the state; ' +
        'set lockStoreTable to the lock table (tablestore_table has no env var) [oss/lock-endpoint-without-table]',
    ]);
  });

  test('warns if the lock table is "": the tools read it as no table, so nothing is locked', () => {
    // GIVEN the lock endpoint with lockStoreTable "" (the tools' default for tablestore_table)
    const warnings = warningsFor(sut, { ...BASE, lockStoreEndpoint: 'http://127.0.0.1:8080', lockStoreTable: '' }, { target: 'opentofu@1.12.6' });
    // THEN the lock warning fires, and no instance warning (no request reaches TableStore)
    expect(warnings).toEqual([
      'lockStoreEndpoint is set with lockStoreTable "", which the tool reads as no table; the opentofu backend sends nothing to TableStore without a table, ' +
        'so it takes no lock (two overlapping runs both write the state, and one run\'s changes are lost) and keeps no digest of the state; ' +
        'set lockStoreTable to the lock table (tablestore_table has no env var) [oss/lock-endpoint-without-table]',
    ]);
  });

  test('warns if a remote state has the lock endpoint and no table: it reads without the digest (not that it writes)', () => {
    expect(warningsFor(sut, { ...BASE, lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com' }, { as: 'remote-state' })).toEqual([
      'lockStoreEndpoint is set without lockStoreTable; the terraform read of this remote state sends nothing to TableStore without a table, so it does not compare ' +
        'the object with the digest its writer keeps there; set lockStoreTable to the lock table its writer uses, or leave lockStoreEndpoint out [oss/lock-endpoint-without-table]',
    ]);
  });

  test('does not warn if the lock table is "" and the endpoint unset: the tools read neither, and every command works', () => {
    expect(warningsFor(sut, { ...BASE, lockStoreTable: '' })).toEqual([]);
  });
});

describe('oss/lock-table-name', () => {
  const ENDPOINT = { lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com' };
  const NOT_A_TABLE = 'not a TableStore table name (1 to 255 letters, digits and underscores, starting with a letter or an underscore)';

  test.each([['tf-locks'], ['1locks'], ['locks.v2'], ['x'.repeat(256)]])('warns if lockStoreTable is %s', (table) => {
    expect(warningsFor(sut, { ...BASE, ...ENDPOINT, lockStoreTable: table })).toEqual([
      `lockStoreTable is ${JSON.stringify(table)}, ${NOT_A_TABLE}; TableStore has no table of that name, so the terraform run fails when it describes or locks it [oss/lock-table-name]`,
    ]);
  });

  test.each([['tf_locks'], ['_locks'], ['Locks2'], ['x'.repeat(255)]])('does not warn for %s', (table) => {
    expect(warningsFor(sut, { ...BASE, ...ENDPOINT, lockStoreTable: table })).toEqual([]);
  });
});

describe('oss/lock-instance-name', () => {
  const LOCKED = { ...BASE, lockStoreTable: 'terraform_lock' };
  const NOT_AN_INSTANCE = 'not a TableStore instance name (3 to 16 letters, digits and hyphens, starting with a letter, not ending with a hyphen)';

  test('warns if the endpoint\'s host is an IP address: the tool names the instance "127"', () => {
    expect(warningsFor(sut, { ...LOCKED, lockStoreEndpoint: 'http://127.0.0.1:8080' }, { target: 'opentofu@1.12.6' })).toEqual([
      'lockStoreEndpoint is "http://127.0.0.1:8080", so the opentofu backend names the TableStore instance "127" (the text before the first dot of the host), ' +
        `which is ${NOT_AN_INSTANCE}; TableStore refuses every lock request naming it, so init fails; opentofu 1.12.6 cannot be given the name: ` +
        'use the endpoint https://<instance>.<region>.ots.aliyuncs.com (or its VPC form), whose host starts with it [oss/lock-instance-name]',
    ]);
  });

  test('warns if the endpoint gives no instance name, with the remedy of terraform 1.12 and later: lockStoreInstanceName', () => {
    expect(warningsFor(sut, { ...LOCKED, lockStoreEndpoint: '10.0.0.8' })).toEqual([
      'lockStoreEndpoint is "10.0.0.8", so the terraform backend names the TableStore instance "10" (the text before the first dot of the host), ' +
        `which is ${NOT_AN_INSTANCE}; TableStore refuses every lock request naming it, so init fails; set lockStoreInstanceName to the instance [oss/lock-instance-name]`,
    ]);
  });

  test('warns if a host without a dot keeps its port in the name', () => {
    expect(warningsFor(sut, { ...LOCKED, lockStoreEndpoint: 'https://ots-proxy:8443' }, { target: 'terraform@1.11.4' })[0]).toMatch(
      /^lockStoreEndpoint is "https:\/\/ots-proxy:8443", so the terraform backend names the TableStore instance "ots-proxy:8443" .* \[oss\/lock-instance-name\]$/,
    );
  });

  test('warns if lockStoreInstanceName is not an instance name', () => {
    expect(warningsFor(sut, { ...LOCKED, lockStoreEndpoint: 'http://127.0.0.1:8080', lockStoreInstanceName: 'lock_1' })).toEqual([
      `lockStoreInstanceName is "lock_1", ${NOT_AN_INSTANCE}; TableStore refuses every lock request naming it, so init fails [oss/lock-instance-name]`,
    ]);
  });

  test.each([
    ['the public endpoint', { lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com' }, 'opentofu@1.12.6'],
    ['the VPC endpoint without a scheme', { lockStoreEndpoint: 'acme-lock.cn-hangzhou.vpc.tablestore.aliyuncs.com' }, 'opentofu@1.12.6'],
    ['an IP address and lockStoreInstanceName', { lockStoreEndpoint: 'http://127.0.0.1:8080', lockStoreInstanceName: 'acme-lock' }, 'terraform@1.15.9'],
  ])('does not warn for %s', (_name, props, target) => {
    expect(warningsFor(sut, { ...LOCKED, ...props }, { target })).toEqual([]);
  });

  test('reads lockStoreInstanceName "" as unset (terraform 1.12+ derives the name from the endpoint)', () => {
    expect(warningsFor(sut, { ...LOCKED, lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com', lockStoreInstanceName: '' })).toEqual([]);
    expect(warningsFor(sut, { ...LOCKED, lockStoreEndpoint: '10.0.0.8', lockStoreInstanceName: '' })[0]).toMatch(
      /^lockStoreEndpoint is "10\.0\.0\.8", so the terraform backend names the TableStore instance "10" .* \[oss\/lock-instance-name\]$/,
    );
  });

  test('warns if a remote state names such an instance: reading the remote state fails, not init', () => {
    expect(warningsFor(sut, { ...LOCKED, lockStoreEndpoint: '10.0.0.8' }, { as: 'remote-state' })[0]).toContain(
      'TableStore refuses every lock request naming it, so reading the remote state fails; set lockStoreInstanceName to the instance [oss/lock-instance-name]',
    );
  });

  test('does not warn without a lock table: nothing is sent to TableStore', () => {
    expect(warningsFor(sut, { ...BASE, lockStoreEndpoint: 'http://127.0.0.1:8080' }, { target: 'opentofu@1.12.6' }).join('\n')).not.toContain('[oss/lock-instance-name]');
  });
});
