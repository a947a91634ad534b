import { describeFieldOutput } from '../support/field-output';
import { header, refusal, warningsFor } from '../support/refusals';
import { STORES } from '../support/stores';

const sut = STORES.find((s) => s.store.backend === 'cos')!;

describeFieldOutput(sut);

const BASE = { bucket: 'tfstate-1250000000', region: 'ap-guangzhou' };
const ROLE = { roleArn: 'qcs::cam::uin/100000000001:roleName/terraform', sessionName: 'cdktf' };

describe('cos rules', () => {
  const h = header('cos');

  test('fails if acl is not private or public-read', () => {
    expect(refusal(sut, { ...BASE, acl: 'public-read-write' })).toBe(`${h}\n- acl: got "public-read-write", expected one of "private", "public-read" [cos/acl]`);
  });

  test('fails if the assumed session lasts more than 43200 seconds or less than 0', () => {
    expect(refusal(sut, { ...BASE, assumeRole: { ...ROLE, sessionDuration: 43201 } })).toBe(
      `${h}\n- assumeRole.sessionDuration: got 43201, expected 0 to 43200 seconds [cos/session-duration]`,
    );
    expect(refusal(sut, { ...BASE, assumeRole: { ...ROLE, sessionDuration: -1 } }, { as: 'remote-state' })).toBe(
      `${header('cos', undefined, 'remote-state')}\n- assumeRole.sessionDuration: got -1, expected 0 to 43200 seconds [cos/session-duration]`,
    );
  });

  test('fails if prefix starts with / or ./', () => {
    const expected = 'expected a prefix that does not start with "/" or "./" [cos/prefix-form]';
    expect(refusal(sut, { ...BASE, prefix: '/env' })).toBe(`${h}\n- prefix: got "/env", ${expected}`);
    expect(refusal(sut, { ...BASE, prefix: './env' })).toBe(`${h}\n- prefix: got "./env", ${expected}`);
  });

  test('fails if key starts or ends with /', () => {
    const expected = 'expected a key that does not start or end with "/" [cos/key-form]';
    expect(refusal(sut, { ...BASE, key: '/state.tfstate' })).toBe(`${h}\n- key: got "/state.tfstate", ${expected}`);
    expect(refusal(sut, { ...BASE, key: 'states/' })).toBe(`${h}\n- key: got "states/", ${expected}`);
  });

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

describe('cos warnings', () => {
  test('warns that the region must then come from TENCENTCLOUD_REGION', () => {
    expect(warningsFor(sut, { bucket: 'tfstate-1250000000' })).toEqual([
      'region is unset; the terraform run must provide TENCENTCLOUD_REGION in its environment, or init fails: the tool requires a region [cos/region-from-env]',
    ]);
  });

});
