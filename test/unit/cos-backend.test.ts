import { describeFieldOutput } from '../support/field-output';
import { header, refusal, warningsFor } from '../support/refusals';
import { STORES } from '../support/stores';

const sut = STORES.find((s) => s.store.backend === 'cos')!;

describeFieldOutput(sut);

const BASE = { bucket: 'tfstate-1250000000', region: 'ap-guangzhou' };
const ROLE = { roleArn: 'qcs::cam::uin/100000000001:roleName/terraform', sessionName: 'cdktf' };

const h = header('cos');

describe('cos/region-from-env', () => {
  test('warns if region is unset: the region must then come from TENCENTCLOUD_REGION', () => {
    expect(warningsFor(sut, { bucket: 'tfstate-1250000000' })).toEqual([
      'region is unset; the terraform run must provide TENCENTCLOUD_REGION in its environment, or init fails: the tool requires a region [cos/region-from-env]',
    ]);
  });

  test('does not warn if region is set', () => {
    expect(warningsFor(sut, BASE)).toEqual([]);
  });
});

// Every judge's offline init (test/judges/init-judge.test.ts) refuses region "" before any request.
describe('cos/region-empty', () => {
  test('fails if region is "": "" is set, so TENCENTCLOUD_REGION is not read', () => {
    expect(refusal(sut, { ...BASE, region: '' })).toBe(
      `${h}\n- region: got "", expected a region such as "ap-guangzhou", or no region so that the run takes TENCENTCLOUD_REGION ` +
        '(init fails on "": the bucket\'s host name is cos..myqcloud.com) [cos/region-empty]',
    );
  });

  test('accepts a region, or none at all (the run then gives it)', () => {
    expect(warningsFor(sut, BASE).join('\n')).not.toContain('[cos/region-empty]');
    expect(warningsFor(sut, { bucket: BASE.bucket }).join('\n')).not.toContain('[cos/region-empty]');
  });
});

// Offline init of terraform 1.6.0+ and opentofu 1.11.0+ refuses it before any request (test/judges/init-judge.test.ts).
describe('cos/bucket-name', () => {
  test('fails if bucket is not <name>-<appid>, for a release whose COS SDK checks it', () => {
    const expected = 'expected <name>-<appid>: lower-case letters, digits and hyphens, then "-" and the APPID\'s digits, e.g. "tfstate-1250000000"';
    expect(refusal(sut, { ...BASE, bucket: 'tfstate' })).toBe(`${h}\n- bucket: got "tfstate", ${expected} (the terraform COS SDK refuses the bucket before any request) [cos/bucket-name]`);
    expect(refusal(sut, { ...BASE, bucket: 'Tfstate-1250000000' }, { target: 'opentofu@1.11.0' })).toBe(
      `${header('cos', 'opentofu@1.11.0')}\n- bucket: got "Tfstate-1250000000", ${expected} (the opentofu COS SDK refuses the bucket before any request) [cos/bucket-name]`,
    );
  });

  test('accepts <name>-<appid>, and leaves other names to cos/bucket-name-run where the SDK does not check them', () => {
    expect(warningsFor(sut, { ...BASE, bucket: 'tf-state-1250000000' })).toEqual([]);
    expect(warningsFor(sut, { ...BASE, bucket: 'tfstate' }, { target: 'opentofu@1.10.7' })).toEqual([expect.stringMatching(/\[cos\/bucket-name-run\]$/)]);
  });
});

describe('cos/bucket-name-run', () => {
  test('warns if bucket is not <name>-<appid> for a release that sends the request', () => {
    expect(warningsFor(sut, { ...BASE, bucket: 'tfstate' }, { target: 'terraform@1.5.7' })).toEqual([
      'bucket is "tfstate", not <name>-<appid> (e.g. "tfstate-1250000000"); terraform 1.5.7 does not check it, but COS has no such bucket, so the run fails at its first request [cos/bucket-name-run]',
    ]);
  });

  test('does not warn for <name>-<appid>', () => {
    expect(warningsFor(sut, BASE, { target: 'terraform@1.5.7' })).toEqual([]);
  });
});

describe('cos/acl', () => {
  test('fails if acl is not private or public-read', () => {
    expect(refusal(sut, { ...BASE, acl: 'public-read-write' })).toBe(`${h}\n- acl: got "public-read-write", expected one of "private", "public-read" [cos/acl]`);
  });

  test.each(['private', 'public-read'])('accepts acl %s', (acl) => {
    expect(warningsFor(sut, { ...BASE, acl })).toEqual([]);
  });
});

describe('cos/session-duration', () => {
  test('fails if the assumed session lasts more than 43200 seconds or less than 0', () => {
    expect(refusal(sut, { ...BASE, assumeRole: { ...ROLE, sessionDuration: 43201 } })).toBe(
      `${h}\n- assumeRole.sessionDuration: got 43201, expected 0 to 43200 seconds [cos/session-duration]`,
    );
    expect(refusal(sut, { ...BASE, assumeRole: { ...ROLE, sessionDuration: -1 } }, { as: 'remote-state' })).toBe(
      `${header('cos', undefined, 'remote-state')}\n- assumeRole.sessionDuration: got -1, expected 0 to 43200 seconds [cos/session-duration]`,
    );
  });

  test.each([0, 43200])('accepts a session of %d seconds', (sessionDuration) => {
    expect(warningsFor(sut, { ...BASE, assumeRole: { ...ROLE, sessionDuration } })).toEqual([]);
  });
});

describe('cos/prefix-form', () => {
  test('fails if prefix starts with / or ./', () => {
    const expected = 'expected a prefix that does not start with "/" or "./" [cos/prefix-form]';
    expect(refusal(sut, { ...BASE, prefix: '/env' })).toBe(`${h}\n- prefix: got "/env", ${expected}`);
    expect(refusal(sut, { ...BASE, prefix: './env' })).toBe(`${h}\n- prefix: got "./env", ${expected}`);
  });

  test('accepts a prefix with inner and trailing slashes', () => {
    expect(warningsFor(sut, { ...BASE, prefix: 'envs/prod/' })).toEqual([]);
  });
});

describe('cos/key-form', () => {
  test('fails if key starts or ends with /', () => {
    const expected = 'expected a key that does not start or end with "/" [cos/key-form]';
    expect(refusal(sut, { ...BASE, key: '/state.tfstate' })).toBe(`${h}\n- key: got "/state.tfstate", ${expected}`);
    expect(refusal(sut, { ...BASE, key: 'states/' })).toBe(`${h}\n- key: got "states/", ${expected}`);
  });

  test('accepts a key with an inner slash', () => {
    expect(warningsFor(sut, { ...BASE, key: 'states/network.tfstate' })).toEqual([]);
  });
});

describe('cos/endpoint-form', () => {
  // terraform 1.11.4 on moto behind the COS front end (test/runtime/cos.test.ts, cos-endpoint): init
  // refuses any other form before a request, and stores the state through <bucket>.cos-internal with both protocols.
  test('fails if a terraform endpoint is not http(s)://cos-internal.<region>.tencentcos.cn', () => {
    const expected = 'expected a url of the form "http://cos-internal.<region>.tencentcos.cn" or "https://cos-internal.<region>.tencentcos.cn" [cos/endpoint-form]';
    expect(refusal(sut, { ...BASE, endpoint: 'https://cos.ap-guangzhou.myqcloud.com' })).toBe(`${h}\n- endpoint: got "https://cos.ap-guangzhou.myqcloud.com", ${expected}`);
    expect(refusal(sut, { ...BASE, endpoint: 'https://127.0.0.1:9000' }, { as: 'remote-state' })).toBe(
      `${header('cos', undefined, 'remote-state')}\n- endpoint: got "https://127.0.0.1:9000", ${expected}`,
    );
    expect(refusal(sut, { ...BASE, endpoint: 'https://cos-internal.ap-guangzhou.tencentcos.cn/' }, { target: 'terraform@1.11.4' })).toBe(
      `${header('cos', 'terraform@1.11.4')}\n- endpoint: got "https://cos-internal.ap-guangzhou.tencentcos.cn/", ${expected}`,
    );
  });

  test('accepts an endpoint of either protocol without a warning', () => {
    for (const endpoint of ['http://cos-internal.ap-guangzhou.tencentcos.cn', 'https://cos-internal.ap-shanghai.tencentcos.cn']) {
      expect(warningsFor(sut, { ...BASE, endpoint })).toEqual([]);
    }
  });
});
