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

  test('warns if a required assume-role member is unset: the tool reads it from its env var (validate refuses it only while that is unset)', () => {
    // terraform 1.11.4 and opentofu 1.12.6 validate: '.assume_role[0]: attribute "session_name" is required'
    // without TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME, "Success!" with it (test/judges/terraform-validate.test.ts).
    expect(warningsFor(sut, { ...BASE, assumeRole: { roleArn: ROLE.roleArn } })).toEqual([
      'assumeRole.sessionName is not set, so the terraform run takes it from TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME in its environment; set it here if the run will not have it [field/required-from-env]',
    ]);
    expect(warningsFor(sut, { ...BASE, assumeRole: {} }, { target: 'opentofu@1.12.6' })).toEqual([
      'assumeRole.roleArn is not set, so the opentofu run takes it from TENCENTCLOUD_ASSUME_ROLE_ARN in its environment; set it here if the run will not have it [field/required-from-env]',
      'assumeRole.sessionName is not set, so the opentofu run takes it from TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME in its environment; set it here if the run will not have it [field/required-from-env]',
    ]);
  });

  test('warns if a required member is "": validate accepts it and no run-time judge covers cos (issue 18 item 10)', () => {
    expect(warningsFor(sut, { ...BASE, assumeRole: { roleArn: '', sessionName: 's' } })).toEqual([
      'assumeRole.roleArn is "", which both tools\' validate accept, but the terraform run needs a non-empty string there [field/empty]',
    ]);
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

  // Every judge on moto behind the COS front end (cos-empty-required): init fails and the front end sees no request.
  test('fails if bucket is ""', () => {
    expect(refusal(sut, { ...BASE, bucket: '' })).toBe(
      `${h}\n- bucket: got "", expected a non-empty string (init fails on it before any request: "invalid bucket format", or the host ".cos.<region>.myqcloud.com" is empty) [field/empty-refused]`,
    );
  });

  test('fails if terraform-only fields are used for opentofu', () => {
    expect(refusal(sut, { ...BASE, endpoint: 'https://cos-internal.ap-guangzhou.tencentcos.cn', profile: 'ci', assumeRole: { ...ROLE, externalId: 'x' } }, { target: 'opentofu@1.12.6' })).toBe(
      [
        header('cos', 'opentofu@1.12.6'),
        '- endpoint: got "https://cos-internal.ap-guangzhou.tencentcos.cn", but opentofu has no such setting; only terraform 1.6.0 and later has it [field/availability]',
        '- assumeRole.externalId: got "x", but opentofu has no such setting; only terraform 1.10.0 and later has it [field/availability]',
        '- profile: got "ci", but opentofu has no such setting; only terraform 1.10.0 and later has it [field/availability]',
      ].join('\n'),
    );
  });

  test('fails if a field is older than the target', () => {
    expect(refusal(sut, { ...BASE, securityToken: '<SECURITY_TOKEN>', accelerate: true }, { target: 'terraform@1.3.0' })).toBe(
      `${header('cos', 'terraform@1.3.0')}\n- securityToken: got <redacted>, but terraform 1.3.0 does not have it yet; it is first available in terraform 1.4.0 [field/availability]`,
    );
  });
});

describe('cos warnings', () => {
  test('warns that the region must then come from TENCENTCLOUD_REGION', () => {
    expect(warningsFor(sut, { bucket: 'tfstate-1250000000' })).toEqual([
      'region is unset; the terraform run must provide TENCENTCLOUD_REGION in its environment, or init fails: the tool requires a region [cos/region-from-env]',
    ]);
  });

  test('warns about literal secrets, one per field, naming the env var', () => {
    expect(warningsFor(sut, { ...BASE, secretId: '<SECRET_ID>', secretKey: '<SECRET_KEY>' })).toEqual([
      'secretId is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide TENCENTCLOUD_SECRET_ID in the environment of the terraform run instead [field/literal-secret]',
      'secretKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide TENCENTCLOUD_SECRET_KEY in the environment of the terraform run instead [field/literal-secret]',
    ]);
  });
});

describe('cos/workspace-key', () => {
  test('warns if the key climbs out of the workspace\'s folder, so every named workspace keeps one object', () => {
    expect(warningsFor(sut, { ...BASE, prefix: 'env', key: '../net.tfstate' })).toEqual([
      'key "../net.tfstate" climbs out of the workspace\'s folder: path.Join drops the workspace name, so every named workspace keeps its state in one object ' +
        '"env/net.tfstate" and each overwrites the others\'; use a key without ".." elements [cos/workspace-key]',
    ]);
  });

  test.each([['net/../x.tfstate'], ['a..b.tfstate'], ['net.tfstate']])('does not warn for key %j, which keeps the workspace name', (key) => {
    expect(warningsFor(sut, { ...BASE, prefix: 'env', key })).toEqual([]);
  });
});
