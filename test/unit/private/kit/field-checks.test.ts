/**
 * The checks every field table gets (src/private/kit/field-checks.ts), one describe block per id, each
 * with a case where the check speaks and one where it stays silent (test/repo/rule-tests.test.ts
 * holds every rule to that). The checks run on every store, on backend config files and on the
 * state-encryption arguments; the tool's side of the error checks is in test/judges.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Fn, TerraformLocal, TerraformOutput, TerraformResource, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import {
  AwsKmsKeySpec,
  CosBackend,
  DataTerraformRemoteStateGcs,
  DataTerraformRemoteStateOss,
  EncryptionKeyProvider,
  EncryptionMethod,
  GcsBackend,
  OssBackend,
  StateBackendError,
  StateBackendTarget,
  StateBackendValue,
  StateEncryption,
  StateEncryptionProps,
} from '../../../../src';
import { DEFAULT_TARGET } from '../../../../src/private/target/target';
import { synthError, warningsOf } from '../../../support/annotations';
import { PASSPHRASE, encryptedStack, encryptionOf, samplePbkdf2, tofuApp } from '../../../support/encryption-samples';
import { header, refusal, warningsFor } from '../../../support/refusals';
import { STORES, appFor as defaultTargetApp } from '../../../support/stores';

const storeNamed = (name: string) => STORES.find((s) => s.store.backend === name)!;
const gcs = storeNamed('gcs');
const cos = storeNamed('cos');
const oss = storeNamed('oss');
const azurerm = storeNamed('azurerm');

const COS_BASE = { bucket: 'tfstate-1250000000', region: 'ap-guangzhou' };
const COS_ROLE = { roleArn: 'qcs::cam::uin/100000000001:roleName/terraform', sessionName: 'cdktf' };
const OSS_BASE = { bucket: 'acme-tfstate' };
const OSS_LOCKED = { bucket: 'acme-tfstate', region: 'cn-hangzhou', lockStoreTable: 'terraform_lock', lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com' };
const AZ_BASE = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.tfstate', resourceGroupName: 'rg-tfstate' };

/** An app for `tool@version` (the default target, set in the context, when unset: the same in both flavours). */
function appFor(target?: string): App {
  if (target === undefined) return defaultTargetApp();
  const app = Testing.app();
  const [tool, version] = target.split('@');
  (tool === 'opentofu' ? StateBackendTarget.opentofu(version) : StateBackendTarget.terraform(version)).applyTo(app);
  return app;
}
const stackFor = (target: string, id = 'network') => new TerraformStack(appFor(target), id);

/** What `call` throws: the library's error. */
function thrownBy(call: () => unknown): StateBackendError {
  try {
    call();
  } catch (e) {
    expect(e).toBeInstanceOf(StateBackendError);
    return e as StateBackendError;
  }
  throw new Error('expected the call to throw');
}
const backendJson = (stack: TerraformStack) => JSON.parse(Testing.synth(stack)).terraform.backend;

/** A stack with a string, a number and a list variable. */
function withVariables() {
  const stack = new TerraformStack(appFor(), 'producer');
  return {
    stack,
    str: new TerraformVariable(stack, 'str', { type: 'string' }).stringValue,
    num: new TerraformVariable(stack, 'num', { type: 'number' }).numberValue,
    list: new TerraformVariable(stack, 'list', { type: 'list(string)' }).listValue,
  };
}

/** A producer and a consumer stack in one app. */
function twoStacks() {
  const app = appFor();
  return { app, producer: new TerraformStack(app, 'producer'), consumer: new TerraformStack(app, 'consumer') };
}

const ENCRYPTION_HEADER = 'invalid state encryption (target opentofu@1.12.6) at producer/encryption:';
const aes = (keys: EncryptionKeyProvider) => EncryptionMethod.aesGcm('main', { keys });

/** The error state encryption `props` gets (in a stack named producer); fails when nothing is thrown. */
function encryptionRefusal(props: StateEncryptionProps, target?: string): string {
  const stack = new TerraformStack(tofuApp(target), 'producer');
  try {
    new StateEncryption(stack, props);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('config/shape', () => {
  test('fails if the config is not an object', () => {
    expect(refusal(oss, null)).toBe(`${header('oss')}\n- config: got null, expected an object with the backend's fields [config/shape]`);
    // A string or list may be the whole config, secrets included: it is never echoed.
    expect(refusal(oss, '{"bucket":"b","secretKey":"<SECRET_KEY>"}')).toBe(`${header('oss')}\n- config: got a string, expected an object with the backend's fields [config/shape]`);
    expect(refusal(oss, [{ secretKey: '<SECRET_KEY>' }])).toBe(`${header('oss')}\n- config: got a list, expected an object with the backend's fields [config/shape]`);
  });

  test('fails if a remote state has a workspace or defaults of the wrong shape', () => {
    expect(refusal(oss, { bucket: 'acme-b', workspace: 7, defaults: ['x'] }, { as: 'remote-state' })).toBe(
      [
        header('oss', undefined, 'remote-state'),
        '- workspace: got 7, expected a workspace name [config/shape]',
        '- defaults: got ["x"], expected an object of default output values [config/shape]',
      ].join('\n'),
    );
  });

  test('fails if defaults hold what the renderers cannot write, naming the path', () => {
    expect(refusal(oss, { bucket: 'acme-b', defaults: { 'ok': [1, null], 'bad name': 1, 'n': Number.NaN, 'nested': { '': 1, 'for': 2 }, 'big': BigInt(1) } }, { as: 'remote-state' })).toBe(
      [
        header('oss', undefined, 'remote-state'),
        '- defaults.ok[1]: got null, expected a value (a list cannot hold null in the output) [config/shape]',
        '- defaults.bad name: is not an output name, expected letters, digits, underscores and dashes, starting with a letter or underscore [config/shape]',
        '- defaults.n: got NaN, expected a finite number [config/shape]',
        '- defaults.nested.: is not a key the HCL output can write, expected a non-empty key other than "for", without quotes, backslashes or control characters [config/shape]',
        '- defaults.nested.for: is not a key the HCL output can write, expected a non-empty key other than "for", without quotes, backslashes or control characters [config/shape]',
        '- defaults.big: got a bigint, expected a string, number, boolean, list or object [config/shape]',
      ].join('\n'),
    );
  });

  test('fails if defaults hold a cycle, naming where it closes', () => {
    const o: any = { a: 1, inner: { list: [] as unknown[] } };
    o.inner.list.push(o);
    expect(refusal(oss, { bucket: 'acme-b', defaults: { o } }, { as: 'remote-state' })).toBe(
      `${header('oss', undefined, 'remote-state')}\n- defaults.o.inner.list[0]: refers back to an enclosing value, expected plain values (the output cannot hold a cycle) [config/shape]`,
    );
  });

  test('fails if forEachStack is given no config object, before any stack gets a backend', () => {
    const app = appFor('terraform@1.11.4');
    new TerraformStack(app, 'network');
    for (const config of [null, undefined]) {
      expect(thrownBy(() => GcsBackend.forEachStack(app, config as any)).message)
        .toBe(`GcsBackend.forEachStack: config: got ${config === null ? 'null' : 'nothing'}, expected an object with the backend's fields [config/shape]`);
    }
    expect(thrownBy(() => OssBackend.forEachStack(app, 'bucket=b' as any)).ruleIds).toEqual(['config/shape']);
    expect(GcsBackend.forEachStack(app, { bucket: 'b' })).toHaveLength(1);
  });

  test('fails if an override refers back to an enclosing value, naming where (cdktf would recurse for ever)', () => {
    const circular: any = { a: 1 };
    circular.self = circular;
    const element = stackFor('terraform@1.11.4');
    new GcsBackend(element, { bucket: 'b' }).addOverride('prefix', circular);
    expect(thrownBy(() => Testing.synth(element, true)).message).toBe(
      'invalid gcs backend (target terraform@1.11.4) at network/backend:\n' +
        '- prefix.self: is an override that refers back to an enclosing value, expected plain values (the output cannot hold a cycle) [config/shape]',
    );
    const stack = stackFor('opentofu@1.12.6');
    new GcsBackend(stack, { bucket: 'b' });
    stack.addOverride('terraform.backend.gcs.prefix', [circular]);
    expect(thrownBy(() => Testing.synth(stack, true)).ruleIds).toEqual(['config/shape']);
  });

  test('fails if a config file\'s name is bad or repeated', () => {
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: 'acme-tfstate' });
    expect(() => backend.addConfigFile('../prod', {})).toThrow('- name: got "../prod", expected letters, digits, ".", "_" and "-", starting with a letter or digit [config/shape]');
    backend.addConfigFile('prod', {});
    expect(() => backend.addConfigFile('prod', {})).toThrow('- name: got "prod" a second time, expected one file per name [config/shape]');
  });

  test('fails if a config file\'s name is longer than the file system takes, where writing it fails with ENAMETOOLONG', () => {
    // GIVEN the longest name the library takes, and one more character
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: 'acme-tfstate' });
    backend.addConfigFile('n'.repeat(245), {});
    expect(() => backend.addConfigFile('n'.repeat(246), {})).toThrow(
      '- name: got a name of 246 characters, expected at most 245 (file systems take 255 bytes for <name>.tfbackend) [config/shape]',
    );
    // THEN the file system refuses that file, and takes the longest one
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-name-'));
    expect(() => fs.writeFileSync(path.join(dir, `${'n'.repeat(246)}.tfbackend`), '')).toThrow(/ENAMETOOLONG/);
    expect(() => fs.writeFileSync(path.join(dir, `${'n'.repeat(245)}.tfbackend`), '')).not.toThrow();
  });

  test('accepts an object, and a remote state\'s workspace name and defaults object', () => {
    // GIVEN a remote state with a workspace and defaults of every kind the output can write
    const stack = new TerraformStack(appFor(), 'producer');
    oss.remoteState(stack, 'rs', { bucket: 'acme-b', workspace: 'prod', defaults: { vpc: 'vpc-1', zones: ['a', 'b'], nested: { count: 2, on: true } } });
    // THEN the output carries both
    const rs = JSON.parse(Testing.synth(stack)).data.terraform_remote_state.rs;
    expect(rs.workspace).toBe('prod');
    expect(rs.defaults).toEqual({ vpc: 'vpc-1', zones: ['a', 'b'], nested: { count: 2, on: true } });
  });
});

describe('field/unknown', () => {
  test('fails if a field is unknown and close to no field, listing the fields without echoing its value', () => {
    const message = refusal(oss, { bucket: 'acme-b', credentialz: '<SECRET_KEY>' });
    expect(message).toBe(
      `${header('oss')}\n- credentialz: got <redacted> for an unknown field, expected one of accessKey, secretKey, securityToken, ecsRoleName, region, ` +
        'stsEndpoint, lockStoreEndpoint, tablestoreEndpoint, endpoint, bucket, prefix, key, lockStoreInstanceName, tablestoreInstanceName, ' +
        'lockStoreTable, tablestoreTable, encrypt, acl, sharedCredentialsFile, profile, assumeRole, assumeRoleRoleArn, assumeRoleSessionName, ' +
        'assumeRolePolicy, assumeRoleSessionExpiration [field/unknown]',
    );
    expect(message).not.toContain('<SECRET_KEY>');
  });

  test('fails if a secret is misspelt, suggesting it without echoing the value', () => {
    const message = refusal(oss, { bucket: 'acme-b', secretKye: '<SECRET_KEY>' });
    expect(message).toBe(`${header('oss')}\n- secretKye: got <redacted> for an unknown field, did you mean secretKey? [field/unknown]`);
  });

  test.each([
    ['buckt', 'bucket'],
    ['Bucket', 'bucket'],
    ['lock_store_tabel', 'lockStoreTable'],
    ['tablestore_table', 'tablestoreTable'],
    ['tablestoreTabel', 'tablestoreTable'],
    ['asumeRoleRoleArn', 'assumeRoleRoleArn'],
  ])('fails if a field is spelt %s, suggesting %s and showing a value that is no secret', (key, meant) => {
    expect(refusal(oss, { bucket: 'acme-b', [key]: 'locks' })).toBe(`${header('oss')}\n- ${key}: got "locks" for an unknown field, did you mean ${meant}? [field/unknown]`);
  });

  test('fails if a member of a block is misspelt, suggesting it by its path', () => {
    expect(refusal(oss, { bucket: 'acme-b', assumeRole: { roleArn: 'acs:ram::1:role/x', sesionName: 'ci' } })).toBe(
      `${header('oss')}\n- assumeRole.sesionName: got "ci" for an unknown field, did you mean assumeRole.sessionName? [field/unknown]`,
    );
  });

  test('fails if a backend is given workspace, which only a remote state has', () => {
    expect(refusal(oss, { bucket: 'acme-b', workspace: 'prod' })).toMatch(/^invalid oss backend .*\n- workspace: got <redacted> for an unknown field, expected one of accessKey, /);
  });

  test('fails if a file misspells a key, suggesting the field and showing a value that is no secret', () => {
    // GIVEN a block that leaves the bucket to init
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    // WHEN a file spells bucket `buckt` THEN the error names the field meant and shows the value (a bucket is no secret)
    expect(() => backend.addConfigFile('prod', { buckt: 'acme-prod', bucket: 'acme-prod' })).toThrow(
      '- buckt: got "acme-prod" for an unknown field, did you mean bucket? [field/unknown]',
    );
    // AND a misspelt secret is suggested without its value
    const error = (() => {
      try {
        backend.addConfigFile('dev', { bucket: 'acme-dev', acess_token: 'SECRET7' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(error).toContain('- acess_token: got <redacted> for an unknown field, did you mean accessToken? [field/unknown]');
    expect(error).not.toContain('SECRET7');
  });

  test('accepts the fields of the table, each in any of its spellings', () => {
    // GIVEN the lock table under its two names, in two configs
    // THEN neither is an unknown field
    expect(warningsFor(oss, { bucket: 'acme-b', lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com', lockStoreTable: 'locks' })).toEqual([]);
    expect(warningsFor(oss, { bucket: 'acme-b', tablestoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com', tablestoreTable: 'locks' })).toEqual([]);
  });
});

describe('field/spelling-conflict', () => {
  test('fails if both spellings of the endpoint differ', () => {
    expect(refusal(gcs, { bucket: 'b', storeageCustomEndpoint: 'https://a.example/storage/v1/b', storageCustomEndpoint: 'https://b.example/storage/v1/b' })).toBe(
      `${header('gcs')}\n- storeageCustomEndpoint: storeageCustomEndpoint and storageCustomEndpoint are spellings of one field and were set to different values ` +
        '("https://a.example/storage/v1/b" and "https://b.example/storage/v1/b"), expected one of them [field/spelling-conflict]',
    );
  });

  test('fails if both spellings of the lock table differ', () => {
    expect(refusal(oss, { ...OSS_BASE, lockStoreTable: 'a', tablestoreTable: 'b', lockStoreEndpoint: 'https://l.cn-hangzhou.ots.aliyuncs.com' })).toBe(
      `${header('oss')}\n- lockStoreTable: lockStoreTable and tablestoreTable are spellings of one field and were set to different values ("a" and "b"), expected one of them [field/spelling-conflict]`,
    );
  });

  test('fails if two spellings differ, showing both values (no secret field has a second spelling)', () => {
    const message = refusal(azurerm, { storageAccountName: 'a', containerName: 'c', key: 'k', useMsi: true, useManagedIdentity: false });
    expect(message).toContain('- useManagedIdentity: useManagedIdentity and useMsi are spellings of one field and were set to different values (false and true), expected one of them');
    const secretsWithAliases = STORES.flatMap((s) => s.store.fields).filter((f) => f.secret && (f.aliases ?? []).length > 0);
    expect(secretsWithAliases).toEqual([]);
  });

  test('fails if a file names one field twice, without showing the values', () => {
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: 'acme-tfstate' });
    const error = (() => {
      try {
        backend.addConfigFile('prod', { accessToken: 'SECRET8', access_token: 'SECRET9' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(error).toContain('- accessToken: accessToken and access_token name one field, expected one of them [field/spelling-conflict]');
    expect(error).not.toMatch(/SECRET/);
  });

  test('accepts both spellings with the same value', () => {
    expect(warningsFor(gcs, { bucket: 'b', storeageCustomEndpoint: 'https://a.example/storage/v1/b', storageCustomEndpoint: 'https://a.example/storage/v1/b' })).toEqual([]);
  });
});

describe('field/required', () => {
  test('fails if bucket is missing', () => {
    expect(refusal(gcs, {})).toBe(`${header('gcs')}\n- bucket: got nothing, expected a non-empty string, or StateBackendValue.fromInit() where init gives it (-backend-config) (the field is required) [field/required]`);
  });

  test('fails if a required field is missing, naming each', () => {
    expect(refusal(azurerm, { storageAccountName: 'acct' }, { as: 'remote-state' })).toBe(
      [
        header('azurerm', undefined, 'remote-state'),
        '- containerName: got nothing, expected a non-empty string (the field is required) [field/required]',
        '- key: got nothing, expected a non-empty string (the field is required) [field/required]',
      ].join('\n'),
    );
  });

  test('fails if a required field is simply missing', () => {
    expect(() => new OssBackend(stackFor('terraform@1.11.4'), {} as any)).toThrow('- bucket: got nothing, expected a non-empty string, or StateBackendValue.fromInit() where init gives it (-backend-config) (the field is required) [field/required]');
  });

  test('fails if a file leaves a required field the block leaves to init, naming the file', () => {
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: StateBackendValue.fromInit() });
    expect(() => backend.addConfigFile('prod', { prefix: 'x' })).toThrow(
      'invalid gcs backend config file "prod.tfbackend" (target terraform@1.11.4) at network/backend:\n' +
        '- bucket: is left to init by the block and not given by the file, expected the file to give it (the field is required) [field/required]',
    );
  });

  test('accepts a required field set, or left to init', () => {
    expect(warningsFor(oss, { bucket: 'acme-b' })).toEqual([]);
    expect(() => new OssBackend(stackFor('terraform@1.11.4'), { bucket: StateBackendValue.fromInit() })).not.toThrow();
  });
});

describe('field/required-from-env', () => {
  test('warns if a required assume-role member is unset: the tool reads it from its env var (validate refuses it only while that is unset)', () => {
    // terraform 1.11.4 and opentofu 1.12.6 validate: '.assume_role[0]: attribute "session_name" is required'
    // without TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME, "Success!" with it (test/judges/terraform-validate.test.ts).
    expect(warningsFor(cos, { ...COS_BASE, assumeRole: { roleArn: COS_ROLE.roleArn } })).toEqual([
      'assumeRole.sessionName is not set, so the terraform run takes it from TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME in its environment; set it here if the run will not have it [field/required-from-env]',
    ]);
    expect(warningsFor(cos, { ...COS_BASE, assumeRole: {} }, { target: 'opentofu@1.12.6' })).toEqual([
      'assumeRole.roleArn is not set, so the opentofu run takes it from TENCENTCLOUD_ASSUME_ROLE_ARN in its environment; set it here if the run will not have it [field/required-from-env]',
      'assumeRole.sessionName is not set, so the opentofu run takes it from TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME in its environment; set it here if the run will not have it [field/required-from-env]',
    ]);
  });

  test('warns if assumeRole is given without roleArn: the tool reads ALICLOUD_ASSUME_ROLE_ARN and assumes no role without it', () => {
    expect(warningsFor(oss, { ...OSS_BASE, assumeRole: {} })).toContain(
      'assumeRole.roleArn is not set, so the terraform run takes it from ALICLOUD_ASSUME_ROLE_ARN or ALIBABA_CLOUD_ROLE_ARN in its environment; set it here if the run will not have it [field/required-from-env]',
    );
    expect(warningsFor(oss, { ...OSS_BASE, assumeRole: {} }, { target: 'terraform@1.11.4' })).toContain(
      'assumeRole.roleArn is not set, so the terraform run takes it from ALICLOUD_ASSUME_ROLE_ARN in its environment; set it here if the run will not have it [field/required-from-env]',
    );
  });

  test('does not warn if the required members are set', () => {
    expect(warningsFor(cos, { ...COS_BASE, assumeRole: COS_ROLE })).toEqual([]);
  });
});

describe('field/empty-refused', () => {
  test('fails if the gcs bucket is ""', () => {
    expect(refusal(gcs, { bucket: '' }, { as: 'remote-state' })).toBe(
      `${header('gcs', undefined, 'remote-state')}\n- bucket: got "", expected a non-empty string (init fails on it: "storage: bucket doesn't exist") [field/empty-refused]`,
    );
  });

  // Every judge on moto behind the COS front end (cos-empty-required): init fails and the front end sees no request.
  test('fails if the cos bucket is ""', () => {
    expect(refusal(cos, { ...COS_BASE, bucket: '' })).toBe(
      `${header('cos')}\n- bucket: got "", expected a non-empty string (init fails on it before any request: "invalid bucket format", or the host ".cos.<region>.myqcloud.com" is empty) [field/empty-refused]`,
    );
  });

  // Every judge on moto (test/runtime/oss.test.ts, oss-empty-required): the OSS SDK of opentofu and terraform 1.15+ refuses
  // the name before any request, terraform before 1.15 lists the buckets where it expects the objects; no env var can supply a bucket.
  test('fails if the oss bucket is ""', () => {
    expect(refusal(oss, { bucket: '' })).toBe(
      `${header('oss')}\n- bucket: got "", expected a non-empty string (init fails on it: the OSS SDK refuses the name ("bucket name  len is between [3-63]": opentofu, terraform 1.15.0 and later) or lists buckets where it expects objects (terraform before 1.15.0)) [field/empty-refused]`,
    );
  });

  test('accepts "" in a field that is not required', () => {
    expect(warningsFor(gcs, { bucket: 'acme-b', prefix: '' })).toEqual([]);
  });
});

describe('field/empty', () => {
  test('warns if a required member is "": validate accepts it and no run-time judge covers cos (issue 18 item 10)', () => {
    expect(warningsFor(cos, { ...COS_BASE, assumeRole: { roleArn: '', sessionName: 's' } })).toEqual([
      'assumeRole.roleArn is "", which both tools\' validate accept, but the terraform run needs a non-empty string there [field/empty]',
    ]);
  });

  test('does not warn if the required member holds a value', () => {
    expect(warningsFor(cos, { ...COS_BASE, assumeRole: { roleArn: COS_ROLE.roleArn, sessionName: 's' } })).toEqual([]);
  });
});

describe('field/type', () => {
  test.each([
    ['prefix', 42, '- prefix: got 42, expected a string [field/type]'],
    ['encrypt', 'yes', '- encrypt: got "yes", expected true or false [field/type]'],
    ['assumeRoleSessionExpiration', 1200.5, '- assumeRoleSessionExpiration: got 1200.5, expected a whole number [field/type]'],
    ['assumeRoleSessionExpiration', '1200', '- assumeRoleSessionExpiration: got "1200", expected a whole number [field/type]'],
    ['assumeRoleSessionExpiration', Number.NaN, '- assumeRoleSessionExpiration: got NaN, expected a whole number [field/type]'],
    ['assumeRole', 'acs:ram::1:role/x', '- assumeRole: got "acs:ram::1:role/x", expected an object with roleArn, sessionName, policy, sessionExpiration [field/type]'],
  ])('fails if %s has the wrong type (%p)', (field, value, line) => {
    expect(refusal(oss, { bucket: 'acme-b', [field]: value })).toBe(`${header('oss')}\n${line}`);
  });

  test('fails if a list field holds something else than strings', () => {
    expect(refusal(gcs, { bucket: 'acme-b', impersonateServiceAccountDelegates: ['a', 1] })).toBe(
      `${header('gcs')}\n- impersonateServiceAccountDelegates: got ["a",1], expected a list of strings [field/type]`,
    );
  });

  test('fails if a policy cannot be encoded', () => {
    const circular: any = {};
    circular.self = circular;
    expect(refusal(cos, { bucket: 'b-1', region: 'r', assumeRole: { roleArn: 'a', sessionName: 's', policy: circular } })).toBe(
      `${header('cos')}\n- assumeRole.policy: got an object, expected a policy string or a JSON object [field/type]`,
    );
  });

  test('fails if a value refers back to an enclosing one, for every target (an error of the library, not a stack overflow)', () => {
    const circular: any = { a: 1 };
    circular.self = circular;
    for (const target of ['terraform@1.11.4', 'opentofu@1.12.6']) {
      expect(refusal(gcs, { bucket: 'b', prefix: circular }, { target })).toBe(`${header('gcs', target)}\n- prefix: got an object, expected a string [field/type]`);
      expect(refusal(cos, { bucket: 'b-1', region: 'r', assumeRole: { roleArn: 'a', sessionName: 's', policy: circular } }, { target })).toBe(
        `${header('cos', target)}\n- assumeRole.policy: got an object, expected a policy string or a JSON object [field/type]`,
      );
    }
    const stack = stackFor('opentofu@1.12.6');
    const key = EncryptionKeyProvider.pbkdf2('main', { passphrase: circular });
    expect(thrownBy(() => new StateEncryption(stack, { state: { method: EncryptionMethod.aesGcm('main', { keys: key }) } })).message).toBe(
      'invalid state encryption (target opentofu@1.12.6) at network/encryption:\n- EncryptionKeyProvider.pbkdf2("main").passphrase: got <redacted>, expected a string [field/type]',
    );
  });

  test('fails if a secret has the wrong type, without echoing it', () => {
    expect(refusal(oss, { bucket: 'acme-b', secretKey: ['<SECRET_KEY>'] })).toBe(`${header('oss')}\n- secretKey: got <redacted>, expected a string [field/type]`);
  });

  test('accepts a value of the field\'s type: string, boolean, whole number, block', () => {
    expect(warningsFor(oss, { bucket: 'acme-b', encrypt: true, assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: 1200 })).toEqual([]);
    expect(warningsFor(cos, { ...COS_BASE, assumeRole: { ...COS_ROLE, sessionDuration: 3600, policy: { statement: [] } } })).toEqual([]);
  });
});

describe('field/availability', () => {
  test('fails if universeDomain is used for terraform, which lacks it', () => {
    expect(refusal(gcs, { bucket: 'b', universeDomain: 'u.example' })).toBe(
      `${header('gcs')}\n- universeDomain: got "u.example", but terraform has no such setting; only opentofu 1.11.5 and later has it [field/availability]`,
    );
    expect(refusal(gcs, { bucket: 'b', universeDomain: 'u.example' }, { target: 'opentofu@1.11.4' })).toBe(
      `${header('gcs', 'opentofu@1.11.4')}\n- universeDomain: got "u.example", but opentofu 1.11.4 does not have it yet; it is first available in opentofu 1.11.5 [field/availability]`,
    );
  });

  test('fails if terraform-only fields are used for opentofu', () => {
    expect(refusal(cos, { ...COS_BASE, endpoint: 'https://cos-internal.ap-guangzhou.tencentcos.cn', profile: 'ci', assumeRole: { ...COS_ROLE, externalId: 'x' } }, { target: 'opentofu@1.12.6' })).toBe(
      [
        header('cos', 'opentofu@1.12.6'),
        '- endpoint: got "https://cos-internal.ap-guangzhou.tencentcos.cn", but opentofu has no such setting; only terraform 1.6.0 and later has it [field/availability]',
        '- assumeRole.externalId: got "x", but opentofu has no such setting; only terraform 1.10.0 and later has it [field/availability]',
        '- profile: got "ci", but opentofu has no such setting; only terraform 1.10.0 and later has it [field/availability]',
      ].join('\n'),
    );
  });

  test('fails if a field is older than the target', () => {
    expect(refusal(cos, { ...COS_BASE, securityToken: '<SECURITY_TOKEN>', accelerate: true }, { target: 'terraform@1.3.0' })).toBe(
      `${header('cos', 'terraform@1.3.0')}\n- securityToken: got <redacted>, but terraform 1.3.0 does not have it yet; it is first available in terraform 1.4.0 [field/availability]`,
    );
  });

  test('fails if oss fields are used before the terraform release that added them', () => {
    const props = { ...OSS_BASE, ecsRoleName: 'r', profile: 'p', sharedCredentialsFile: '/f', stsEndpoint: 'sts.aliyuncs.com', assumeRoleRoleArn: 'acs:ram::1:role/x' };
    expect(refusal(oss, props, { target: 'terraform@0.12.7' })).toBe(
      [
        header('oss', 'terraform@0.12.7'),
        '- ecsRoleName: got "r", but terraform 0.12.7 does not have it yet; it is first available in terraform 0.12.14 [field/availability]',
        '- stsEndpoint: got "sts.aliyuncs.com", but terraform 0.12.7 does not have it yet; it is first available in terraform 1.0.11 [field/availability]',
        '- sharedCredentialsFile: got "/f", but terraform 0.12.7 does not have it yet; it is first available in terraform 0.12.8 [field/availability]',
        '- profile: got "p", but terraform 0.12.7 does not have it yet; it is first available in terraform 0.12.8 [field/availability]',
        '- assumeRoleRoleArn: got "acs:ram::1:role/x", but terraform 0.12.7 does not have it yet; it is first available in terraform 1.1.0 [field/availability]',
      ].join('\n'),
    );
    expect(() => refusal(oss, props, { target: 'terraform@1.1.0' })).toThrow('to be refused');
  });

  test('fails if the lock instance name is used before terraform 1.12 or with opentofu', () => {
    expect(refusal(oss, { ...OSS_BASE, lockStoreInstanceName: 'lock' }, { target: 'terraform@1.11.4' })).toBe(
      `${header('oss', 'terraform@1.11.4')}\n- lockStoreInstanceName: got "lock", but terraform 1.11.4 does not have it yet; it is first available in terraform 1.12.0 [field/availability]`,
    );
    expect(refusal(oss, { ...OSS_BASE, tablestoreInstanceName: 'lock' }, { target: 'opentofu@1.12.6' })).toBe(
      `${header('oss', 'opentofu@1.12.6')}\n- tablestoreInstanceName: got "lock", but opentofu has no such setting; only terraform 1.12.0 and later has it [field/availability]`,
    );
  });

  test('fails if useGraphApi is false where the tool always uses microsoft graph', () => {
    expect(refusal(azurerm, { ...AZ_BASE, useGraphApi: false })).toBe(
      `${header('azurerm')}\n- useGraphApi: got false, but terraform removed use_microsoft_graph in 1.3.0 and has used microsoft graph ever since; ` +
        `terraform ${DEFAULT_TARGET.version} cannot use the old azure ad graph, so remove the field or set it to true [field/availability]`,
    );
    expect(refusal(azurerm, { ...AZ_BASE, useMicrosoftGraph: false }, { target: 'opentofu@1.12.6' })).toBe(
      `${header('azurerm', 'opentofu@1.12.6')}\n- useMicrosoftGraph: got false, but opentofu never had use_microsoft_graph and always uses microsoft graph; ` +
        'opentofu 1.12.6 cannot use the old azure ad graph, so remove the field or set it to true [field/availability]',
    );
  });

  test('fails if useGraphApi is set before terraform 1.1', () => {
    expect(refusal(azurerm, { ...AZ_BASE, useGraphApi: true }, { target: 'terraform@1.0.11' })).toBe(
      `${header('azurerm', 'terraform@1.0.11')}\n- useGraphApi: got true, but terraform 1.0.11 does not have it yet; it is first available in terraform 1.1.0 (and removed again in 1.3.0) [field/availability]`,
    );
  });

  test('fails if opentofu-only fields are used for terraform', () => {
    expect(refusal(azurerm, { ...AZ_BASE, timeoutSeconds: 60, encryptionScope: 's' })).toBe(
      [
        header('azurerm'),
        '- timeoutSeconds: got 60, but terraform has no such setting; only opentofu 1.9.0 and later has it [field/availability]',
        '- encryptionScope: got "s", but terraform has no such setting; only opentofu 1.12.0 and later has it [field/availability]',
      ].join('\n'),
    );
  });

  test('accepts a field from the release that added it', () => {
    expect(warningsFor(gcs, { bucket: 'acme-b', universeDomain: 'u.example' }, { target: 'opentofu@1.11.5' })).toEqual([]);
    expect(warningsFor(oss, { ...OSS_BASE, lockStoreTable: 'lock', lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com', lockStoreInstanceName: 'acme-lock' }, { target: 'terraform@1.12.0' }))
      .toEqual([]);
  });

  describe('of an encryption argument', () => {
    test('fails if a field is newer than the target (chain 1.10, encryptedMetadataAlias 1.9)', () => {
      const chain = EncryptionKeyProvider.pbkdf2('main', { chain: samplePbkdf2('up') });
      expect(encryptionRefusal({ state: { method: aes(chain) } }, 'opentofu@1.9.4')).toBe(
        'invalid state encryption (target opentofu@1.9.4) at producer/encryption:\n' +
          '- EncryptionKeyProvider.pbkdf2("main").chain: got EncryptionKeyProvider.pbkdf2("up"), but opentofu 1.9.4 does not have it yet; it is first available in opentofu 1.10.0 [field/availability]',
      );
      const alias = EncryptionKeyProvider.pbkdf2('main', { passphrase: PASSPHRASE, encryptedMetadataAlias: 'k' });
      expect(encryptionRefusal({ state: { method: aes(alias) } }, 'opentofu@1.8.11')).toContain(
        '- EncryptionKeyProvider.pbkdf2("main").encryptedMetadataAlias: got "k", but opentofu 1.8.11 does not have it yet; it is first available in opentofu 1.9.0 [field/availability]',
      );
    });

    test('fails if an OpenTofu 1.13 argument is set for an earlier target, naming 1.13.0; accepted and emitted for 1.13.0', () => {
      const kms = () => [
        EncryptionKeyProvider.awsKms('aws', { kmsKeyId: 'alias/k', keySpec: AwsKmsKeySpec.AES_256, region: 'eu-west-1', encryptionContext: { stack: 'producer' } }),
        EncryptionKeyProvider.gcpKms('gcp', { kmsEncryptionKey: 'projects/p/locations/l/keyRings/r/cryptoKeys/k', keyLength: 32, additionalAuthenticatedData: 'cHJvZHVjZXI=' }),
        EncryptionKeyProvider.openBao('bao', { keyName: 'k', associatedData: 'cHJvZHVjZXI=' }),
      ];
      expect(encryptionRefusal({ keyProviders: kms() })).toBe(
        [
          ENCRYPTION_HEADER,
          '- EncryptionKeyProvider.awsKms("aws").encryptionContext: got {"stack":"producer"}, but opentofu 1.12.6 does not have it yet; it is first available in opentofu 1.13.0 [field/availability]',
          '- EncryptionKeyProvider.gcpKms("gcp").additionalAuthenticatedData: got "cHJvZHVjZXI=", but opentofu 1.12.6 does not have it yet; it is first available in opentofu 1.13.0 [field/availability]',
          '- EncryptionKeyProvider.openBao("bao").associatedData: got "cHJvZHVjZXI=", but opentofu 1.12.6 does not have it yet; it is first available in opentofu 1.13.0 [field/availability]',
        ].join('\n'),
      );
      const { stack } = encryptedStack({ keyProviders: kms() }, 'opentofu@1.13.0');
      const json = encryptionOf(stack).key_provider;
      expect([json.aws_kms.aws.encryption_context, json.gcp_kms.gcp.additional_authenticated_data, json.openbao.bao.associated_data]).toEqual([
        { stack: 'producer' },
        'cHJvZHVjZXI=',
        'cHJvZHVjZXI=',
      ]);
    });
  });
});

describe('field/literal-only', () => {
  test('fails if a backend field holds a token or an expression, naming each field', () => {
    const { stack, str, num } = withVariables();
    expect(() => new OssBackend(stack, { bucket: str, assumeRoleSessionExpiration: num, prefix: 'env-${terraform.workspace}', key: Fn.lower('X') })).toThrow(
      [
        header('oss'),
        '- bucket: got a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there [field/literal-only]',
        '- prefix: got the expression "env-${terraform.workspace}", expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there [field/literal-only]',
        '- key: got a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there [field/literal-only]',
        '- assumeRoleSessionExpiration: got a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there [field/literal-only]',
      ].join('\n'),
    );
  });

  test('fails if a backend list holds a token, or is one', () => {
    const { stack, str, list } = withVariables();
    expect(() => gcs.backend(stack, { bucket: 'acme-b', impersonateServiceAccountDelegates: ['a', str] })).toThrow(
      '- impersonateServiceAccountDelegates: got a list holding a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there',
    );
    expect(() => gcs.backend(stack, { bucket: 'acme-b', impersonateServiceAccountDelegates: list })).toThrow(
      '- impersonateServiceAccountDelegates: got a reference, expected a literal value',
    );
  });

  test('fails if a backend policy object holds a token', () => {
    const stack = new TerraformStack(Testing.app(), 'producer');
    const v = new TerraformVariable(stack, 'v', { type: 'string' }).stringValue;
    expect(() => cos.backend(stack, { bucket: 'b-1', region: 'r', assumeRole: { roleArn: 'a', sessionName: 's', policy: { statement: [{ resource: [v] }] } } })).toThrow(
      '- assumeRole.policy: got an object holding a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there',
    );
  });

  test.each([`terraform@${DEFAULT_TARGET.version}`, 'terraform@1.11.4', 'opentofu@1.7.0'])('fails if a backend field is a reference for %s, naming the first opentofu that evaluates references', (target) => {
    const stack = stackFor(target);
    const env = new TerraformVariable(stack, 'env', { type: 'string' });
    const [tool] = target.split('@');
    expect(() => new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: env.stringValue })).toThrow(
      `- prefix: got a reference, expected a literal value: ${tool === 'terraform' ? tool : target.replace('@', ' ')} reads backend blocks literally (HCL refuses "Variables not allowed"); ` +
        'opentofu 1.8.0 and later evaluates references there [field/literal-only]',
    );
  });

  test('fails if a file holds a number or value token (a file is read without variables)', () => {
    // GIVEN references that are no strings: a number variable, and any value of one
    const stack = stackFor('opentofu@1.12.6');
    const v = new TerraformVariable(stack, 'v', { type: 'number' });
    const backend = new OssBackend(stack, { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x' });
    // THEN each is refused as a reference, naming the field
    expect(() => backend.addConfigFile('prod', { assumeRoleSessionExpiration: v.numberValue })).toThrow(
      '- assumeRoleSessionExpiration: got a reference, expected a literal value (a backend config file is read without variables) [field/literal-only]');
    expect(() => backend.addConfigFile('dev', { encrypt: Token.asAny(v.value) })).toThrow('- encrypt: got a reference, expected a literal value');
  });

  test('a remote state accepts tokens, skips their value checks and keeps them in the output', () => {
    // GIVEN references where value rules would otherwise apply
    const { stack, str, num, list } = withVariables();
    oss.remoteState(stack, 'oss', { bucket: str, assumeRoleSessionExpiration: num, acl: str, workspace: str });
    gcs.remoteState(stack, 'gcs', { bucket: 'acme-b', impersonateServiceAccountDelegates: list, kmsEncryptionKey: str });

    // THEN the output keeps the references
    const json = JSON.parse(Testing.synth(stack)).data.terraform_remote_state;
    expect(json.oss).toEqual({
      backend: 'oss',
      workspace: '${var.str}',
      config: { bucket: '${var.str}', acl: '${var.str}', assume_role_session_expiration: '${var.num}' },
    });
    expect(json.gcs.config).toEqual({ bucket: 'acme-b', impersonate_service_account_delegates: '${var.list}', kms_encryption_key: '${var.str}' });
  });
});

describe('field/evaluated-at-init', () => {
  test('warns if a backend field is a variable opentofu evaluates at init: emitted as a reference in JSON and HCL, its value checks skipped', () => {
    // GIVEN an OpenTofu 1.12.6 stack whose prefix and (required) bucket come from variables
    const stack = stackFor('opentofu@1.12.6');
    const env = new TerraformVariable(stack, 'env', { type: 'string' });
    const bucket = new TerraformLocal(stack, 'bucket', `acme-${env.stringValue}`);
    new GcsBackend(stack, { bucket: bucket.asString, prefix: `stacks/${env.stringValue}` });
    // THEN both outputs hold the references, and the warning names the fields
    expect(backendJson(stack).gcs).toEqual({ bucket: '${local.bucket}', prefix: 'stacks/${var.env}' });
    expect(Testing.synthHcl(stack)).toMatch(/backend "gcs" \{\s+bucket = "\$\{local\.bucket\}"\s+prefix = "stacks\/\$\{var\.env\}"/);
    expect(warningsOf(stack).filter((w) => w.endsWith('[field/evaluated-at-init]'))).toEqual([
      'bucket is a reference, which opentofu evaluates when init configures the backend; the checks of its value are left to that run [field/evaluated-at-init]',
      'prefix is a reference, which opentofu evaluates when init configures the backend; the checks of its value are left to that run [field/evaluated-at-init]',
    ]);
  });

  test('does not warn for a literal value', () => {
    const stack = stackFor('opentofu@1.12.6');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: 'network' });
    expect(warningsOf(stack)).toEqual([]);
  });
});

describe('backend/template', () => {
  test('fails if a reference in a backend field is not a template opentofu can read', () => {
    const stack = stackFor('opentofu@1.12.6');
    const env = new TerraformVariable(stack, 'env', { type: 'string' });
    expect(() => new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `${env.stringValue}%{x` })).toThrow(
      'expected no "%{" (the tool reads it as a template directive in a backend block opentofu evaluates); write "%%{" for a literal "%{" [backend/template]',
    );
  });

  test('accepts a reference with "%%{" for a literal "%{"', () => {
    const stack = stackFor('opentofu@1.12.6');
    const env = new TerraformVariable(stack, 'env', { type: 'string' });
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `${env.stringValue}%%{x` });
    expect(backendJson(stack).gcs.prefix).toBe('${var.env}%%{x');
  });
});

describe('field/from-init', () => {
  test('warns if a required field is left to init: left out of the block, the warning naming the init argument', () => {
    const stack = stackFor('terraform@1.11.4');
    new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    expect(backendJson(stack).gcs).toEqual({ prefix: 'network' });
    expect(Testing.synthHcl(stack)).not.toContain('bucket');
    expect(warningsOf(stack)).toContain(
      'bucket is left to init: the terraform run of stack network must give it (terraform init -backend-config="bucket=...", or a backend config file) [field/from-init]',
    );
  });

  test('warns if a field is left to init for opentofu, naming its command, tofu', () => {
    const stack = stackFor('opentofu@1.12.6');
    new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    expect(warningsOf(stack)).toContain(
      'bucket is left to init: the opentofu run of stack network must give it (tofu init -backend-config="bucket=...", or a backend config file) [field/from-init]',
    );
  });

  test('warns if a field is left to init for terraform 1.15.0, saying that its validate refuses such a block', () => {
    const stack = stackFor('terraform@1.15.0');
    new GcsBackend(stack, { bucket: StateBackendValue.fromInit() });
    expect(warningsOf(stack).join('\n')).toContain("terraform 1.15.0's validate refuses a backend block whose arguments come from init (1.15.1 accepts it again) [field/from-init]");
  });

  test('warns if a block is left to init that it comes from a config file only (init refuses it as -backend-config=KEY=VALUE)', () => {
    const stack = stackFor('terraform@1.11.4');
    new CosBackend(stack, { bucket: 'acme-1250000000', region: 'ap-guangzhou', prefix: StateBackendValue.fromInit(), assumeRole: StateBackendValue.fromInit() as any });
    expect(warningsOf(stack)).toContain(
      'prefix, assumeRole are left to init: the terraform run of stack network must give them (terraform init -backend-config="prefix=...", or a backend config file) ' +
        'and assumeRole in a backend config file only (terraform init -backend-config=<file>.tfbackend; init refuses -backend-config="assume_role=..." for a block) [field/from-init]',
    );
  });

  test('fromInitNumber() leaves a number field to init, and a config file may give it', () => {
    // GIVEN an OSS block whose session expiration the run gives at init
    const app = appFor('terraform@1.11.4');
    const stack = new TerraformStack(app, 'platform');
    new OssBackend(stack, { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: StateBackendValue.fromInitNumber() });
    // THEN it is left out of the block, and the warning names the init argument
    expect(backendJson(stack).oss).toEqual({ bucket: 'acme-tfstate', assume_role_role_arn: 'acs:ram::1:role/x' });
    expect(warningsOf(stack)).toContain(
      'assumeRoleSessionExpiration is left to init: the terraform run of stack platform must give it (terraform init -backend-config="assume_role_session_expiration=...", or a backend config file) [field/from-init]',
    );
    // WHEN another stack's config file gives it THEN the file holds the number and that stack has no such warning
    const other = new TerraformStack(app, 'database');
    new OssBackend(other, { bucket: 'acme-tfstate', prefix: 'database', assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: StateBackendValue.fromInitNumber() })
      .addConfigFile('prod', { assumeRoleSessionExpiration: 1800 });
    app.synth();
    expect(fs.readFileSync(path.join(app.outdir, 'stacks', 'database', 'prod.tfbackend'), 'utf8')).toBe('assume_role_session_expiration = 1800\n');
    expect(warningsOf(other).join('\n')).not.toContain('field/from-init');
  });
});

describe('backend/checkout-value', () => {
  const checkoutWarning = (spelling: string, what: string) =>
    `${spelling} reads ${what}, whose value depends on the checkout init runs in (its absolute directory, its files, the home directory of whoever runs it), ` +
    'so another checkout of this synth (another clone, machine or CI job) names another state object and starts without this one\'s state [backend/checkout-value]';

  test.each([
    ['${path.cwd}/net', 'path.cwd'],
    ['${abspath(path.root)}', 'abspath()'],
    ['n/${filemd5("env.txt")}', 'filemd5()'],
    ['${trimspace(file("ENV"))}/net', 'file()'],
    ['${fileexists("prod") ? "prod" : "dev"}', 'fileexists()'],
    ['${templatefile("p.tpl", {})}', 'templatefile()'],
    ['${pathexpand("~/state")}', 'pathexpand()'],
  ])('warns if the block reads what differs per checkout (%s)', (prefix, what) => {
    const stack = stackFor('opentofu@1.12.6');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix });
    expect(warningsOf(stack)).toContain(checkoutWarning('prefix', what));
  });

  test('warns if the block reads it through a local, or an override sets it', () => {
    const stack = stackFor('opentofu@1.12.6');
    const dir = new TerraformLocal(stack, 'dir', Fn.abspath('.'));
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `n/${dir.asString}` });
    expect(warningsOf(stack)).toContain(checkoutWarning('prefix', 'abspath() (through local.dir)'));
    const other = stackFor('opentofu@1.8.0', 'database');
    new GcsBackend(other, { bucket: 'acme-tfstate' }).addOverride('prefix', '${path.cwd}');
    expect(warningsOf(other)).toContain(checkoutWarning('prefix', 'path.cwd'));
  });

  test('does not warn for path.module or path.root (".", the same in every checkout), literal text, or a target that reads the block literally', () => {
    const stack = stackFor('opentofu@1.12.6');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: '${path.module}/file(x)/${path.root}' });
    expect(warningsOf(stack).join('\n')).not.toContain('[backend/checkout-value]');
    const literal = stackFor('terraform@1.11.4', 'database');
    new GcsBackend(literal, { bucket: 'acme-tfstate' }).addOverride('prefix', '${path.cwd}');
    expect(warningsOf(literal).join('\n')).not.toContain('[backend/checkout-value]');
  });
});

describe('backend/sensitive-value', () => {
  test.each([
    ['opentofu@1.12.6', 'sensitive', { sensitive: true }],
    ['opentofu@1.8.3', 'sensitive', { sensitive: true }],
  ])('fails if the block of %s reads a %s variable, even through a local (at synth)', (target, kind, flags) => {
    const stack = stackFor(target);
    const key = new TerraformVariable(stack, 'storage_key', { type: 'string', ...flags });
    const local = new TerraformLocal(stack, 'k', `x-${key.stringValue}`);
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: local.asString });
    expect(() => Testing.synth(stack, true)).toThrow(
      `- prefix: got var.storage_key, which is ${kind}, but ${target.replace('@', ' ')} refuses ${kind} values in a backend block ("Backend config contains ${kind} values"); ` +
        "give the value in the tool's env var, or at init (StateBackendValue.fromInit()) [backend/sensitive-value]",
    );
  });

  test('passes a sensitive variable through nonsensitive(), which opentofu takes', () => {
    const stack = stackFor('opentofu@1.12.6');
    const key = new TerraformVariable(stack, 'storage_key', { type: 'string', sensitive: true });
    const local = new TerraformLocal(stack, 'k', Fn.nonsensitive(key.stringValue));
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `${Fn.nonsensitive(key.stringValue)}/${local.asString}` });
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });

  test('passes a sensitive variable for opentofu 1.8.0, which takes it', () => {
    const stack = stackFor('opentofu@1.8.0');
    const key = new TerraformVariable(stack, 'storage_key', { type: 'string', sensitive: true });
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: key.stringValue });
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });
});

describe('backend/changing-value', () => {
  test('warns if the block calls a function whose value changes on every run', () => {
    const stack = stackFor('opentofu@1.12.6');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `n/${Fn.timestamp()}` });
    expect(warningsOf(stack)).toContain(
      'prefix calls timestamp(), whose value changes on every run, so each init names another state object and the last one\'s state is left behind [backend/changing-value]',
    );
  });

  test('warns if the block calls such a function through a local', () => {
    const stack = stackFor('opentofu@1.12.6');
    const stamp = new TerraformLocal(stack, 'stamp', Fn.timestamp());
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `n/${stamp.asString}` });
    expect(warningsOf(stack)).toContain(
      'prefix calls timestamp() (through local.stamp), whose value changes on every run, so each init names another state object and the last one\'s state is left behind [backend/changing-value]',
    );
  });

  test('does not warn for a function whose value is the same in every run', () => {
    const stack = stackFor('opentofu@1.12.6');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `n/${Fn.lower('NET')}` });
    expect(warningsOf(stack).join('\n')).not.toContain('[backend/changing-value]');
  });
});

describe('backend/static-context', () => {
  test('fails if a reference reads a resource, also through a local (at synth)', () => {
    // GIVEN a prefix from a resource's attribute, through a local
    const stack = stackFor('opentofu@1.12.6');
    const data = new TerraformResource(stack, 'seed', { terraformResourceType: 'terraform_data' });
    const local = new TerraformLocal(stack, 'p', data.getStringAttribute('id'));
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: local.asString });
    // THEN synth is refused with the static-context rule
    expect(() => Testing.synth(stack, true)).toThrow(
      '- prefix: got a reference to terraform_data.seed (through local.p), but opentofu evaluates the backend block before any resource, data source or module exists; ' +
        'use a variable, or a local value that reads only variables [backend/static-context]',
    );
  });

  test('accepts a variable, and a local value that reads only variables', () => {
    // GIVEN a prefix from a local that reads a variable
    const stack = stackFor('opentofu@1.12.6');
    const env = new TerraformVariable(stack, 'env', { type: 'string' });
    const local = new TerraformLocal(stack, 'p', `stacks/${env.stringValue}`);
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: local.asString });
    // THEN synth with validations passes
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });
});

describe('field/from-init-misplaced', () => {
  test('fails if given in a remote state, or on a member of a block', () => {
    const stack = stackFor('terraform@1.11.4');
    expect(() => new DataTerraformRemoteStateGcs(stack, 'rs', { bucket: StateBackendValue.fromInit() })).toThrow(
      '- bucket: got StateBackendValue.fromInit(), but a remote state has no init to be given the value; set it here [field/from-init-misplaced]',
    );
    expect(() => new OssBackend(stack, { bucket: 'acme-b', assumeRole: { roleArn: StateBackendValue.fromInit() } })).toThrow(
      '- assumeRole.roleArn: got StateBackendValue.fromInit() for a member of a block, expected it on a field of the backend itself (init sets whole fields) [field/from-init-misplaced]',
    );
  });

  test('fails if fromInitNumber() is given where init gives nothing', () => {
    const stack = stackFor('terraform@1.11.4');
    expect(() => new DataTerraformRemoteStateOss(stack, 'rs', { bucket: 'acme-tfstate', assumeRoleSessionExpiration: StateBackendValue.fromInitNumber() })).toThrow(
      '- assumeRoleSessionExpiration: got StateBackendValue.fromInitNumber(), but a remote state has no init to be given the value; set it here [field/from-init-misplaced]',
    );
    const backend = new OssBackend(stack, { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x' });
    expect(() => backend.addConfigFile('prod', { assumeRoleSessionExpiration: StateBackendValue.fromInitNumber() })).toThrow(
      '- assumeRoleSessionExpiration: got StateBackendValue.fromInitNumber(), expected the value itself (a config file is what init is given) [field/from-init-misplaced]',
    );
  });

  test('fails if the field it derives from the stack path is left to init', () => {
    const app = Testing.app();
    new TerraformStack(app, 'network');
    expect(() => GcsBackend.forEachStack(app, { bucket: 'acme', prefix: StateBackendValue.fromInit() })).toThrow(
      "GcsBackend.forEachStack: prefix is StateBackendValue.fromInit(), expected a value to join with each stack's path (or none) [field/from-init-misplaced]",
    );
  });

  test('accepts fromInit() on a field of a backend block', () => {
    expect(() => new GcsBackend(stackFor('terraform@1.11.4'), { bucket: StateBackendValue.fromInit() })).not.toThrow();
  });

  test('fails if anything else resolves the marker, naming fromInitNumber() and the rule', () => {
    const stack = stackFor('terraform@1.11.4');
    new TerraformOutput(stack, 'o', { value: StateBackendValue.fromInit() });
    expect(() => Testing.synth(stack)).toThrow(
      'StateBackendValue.fromInit() and fromInitNumber() mark a field of a backend block as given by the run at init, and cannot be resolved as a value ' +
        '(in another element, or converted: a number field takes StateBackendValue.fromInitNumber(), not Token.asNumber(StateBackendValue.fromInit())) ' +
        '[field/from-init-misplaced]',
    );
  });

  test.each(['terraform@1.11.4', 'opentofu@1.12.6'])('fails if a marker is converted or put inside a string, naming the marker to use (%s)', (target) => {
    // GIVEN Token.asNumber(fromInit()) on a number field, as the user wrote it
    const props = { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: Token.asNumber(StateBackendValue.fromInit()) };
    expect(() => new OssBackend(stackFor(target), props)).toThrow(
      '- assumeRoleSessionExpiration: got a value made from a StateBackendValue marker (converted with Token.asNumber or Token.asString, or inside a string), ' +
        'expected StateBackendValue.fromInitNumber() itself (init sets whole fields) [field/from-init-misplaced]',
    );
    // AND a marker inside a string, or a number marker made a string, on a string field
    expect(() => new GcsBackend(stackFor(target), { bucket: `acme-${StateBackendValue.fromInit()}` })).toThrow(
      '- bucket: got a value made from a StateBackendValue marker (converted with Token.asNumber or Token.asString, or inside a string), expected StateBackendValue.fromInit() itself',
    );
    expect(() => new GcsBackend(stackFor(target), { bucket: Token.asString(StateBackendValue.fromInitNumber()) })).toThrow('[field/from-init-misplaced]');
  });

  test('a reference or a variable is not taken for a converted marker', () => {
    const stack = stackFor('opentofu@1.12.6');
    const v = new TerraformVariable(stack, 'expiration', { type: 'number' });
    expect(() => new OssBackend(stack, { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: v.numberValue })).not.toThrow();
  });
});

describe('field/implied-value', () => {
  test('warns if useGraphApi is true where the tool always uses microsoft graph: it is left out', () => {
    expect(warningsFor(azurerm, { ...AZ_BASE, useMicrosoftGraph: true })).toEqual([
      'useMicrosoftGraph is left out of the output: terraform removed use_microsoft_graph in 1.3.0 and has used microsoft graph ever since, ' +
        `so true is already the behaviour of terraform ${DEFAULT_TARGET.version} [field/implied-value]`,
    ]);
  });

  test('does not warn where the target has the field (terraform 1.2), which emits it', () => {
    expect(warningsFor(azurerm, { ...AZ_BASE, useGraphApi: true }, { target: 'terraform@1.2.9' })).toEqual([]);
  });
});

describe('field/deprecated', () => {
  test('warns if endpoint is set: deprecated, naming the replacement for each tool', () => {
    expect(warningsFor(azurerm, { ...AZ_BASE, endpoint: 'https://management.local' })).toEqual([
      'endpoint is deprecated: terraform ignores it since 1.11.0 (its message points to msi_endpoint); use managedIdentityEndpoint, or environment / metadataHost for a custom cloud [field/deprecated]',
    ]);
    expect(warningsFor(azurerm, { ...AZ_BASE, endpoint: 'https://management.local', msiEndpoint: 'http://169.254.169.254/x' }, { target: 'opentofu@1.12.6' })).toEqual([
      'endpoint is deprecated: opentofu ignores it since 1.11.0; use environment or metadataHost instead [field/deprecated]',
      'msiEndpoint is deprecated: opentofu 1.11.0 and later prefer the MSI_ENDPOINT env var [field/deprecated]',
    ]);
  });

  test('warns if the assume-role block is set: deprecated, naming the replacement', () => {
    expect(warningsFor(oss, { ...OSS_BASE, assumeRole: { roleArn: 'acs:ram::1:role/x' } })).toEqual([
      'assumeRole is deprecated: use assumeRoleRoleArn, assumeRolePolicy, assumeRoleSessionName and assumeRoleSessionExpiration instead [field/deprecated]',
    ]);
  });

  test('does not warn where the target has not deprecated the field: msiEndpoint for terraform', () => {
    expect(warningsFor(azurerm, { ...AZ_BASE, msiEndpoint: 'http://169.254.169.254/x' })).toEqual([]);
  });
});

describe('field/literal-secret', () => {
  test('warns if a secret is a literal, naming the env vars', () => {
    expect(warningsFor(gcs, { bucket: 'b', encryptionKey: gcs.samples.encryptionKey })).toEqual([
      'encryptionKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; ' +
        'leave it unset and provide GOOGLE_ENCRYPTION_KEY in the environment of the terraform run instead [field/literal-secret]',
    ]);
  });

  test('warns if secrets are literals, once per field, naming the env var', () => {
    expect(warningsFor(cos, { ...COS_BASE, secretId: '<SECRET_ID>', secretKey: '<SECRET_KEY>' })).toEqual([
      'secretId is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide TENCENTCLOUD_SECRET_ID in the environment of the terraform run instead [field/literal-secret]',
      'secretKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide TENCENTCLOUD_SECRET_KEY in the environment of the terraform run instead [field/literal-secret]',
    ]);
  });

  test('warns if a secret is a literal, naming the env vars of the target tool', () => {
    expect(warningsFor(oss, { ...OSS_BASE, accessKey: '<ACCESS_KEY>' }, { target: 'opentofu@1.12.6' })).toEqual([
      'accessKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide ALICLOUD_ACCESS_KEY or ALICLOUD_ACCESS_KEY_ID in the environment of the opentofu run instead [field/literal-secret]',
    ]);
  });

  test('warns if an azurerm secret is a literal', () => {
    expect(warningsFor(azurerm, { ...AZ_BASE, clientSecret: '<CLIENT_SECRET>' })).toEqual([
      'clientSecret is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide ARM_CLIENT_SECRET in the environment of the terraform run instead [field/literal-secret]',
    ]);
  });

  test('warns if secrets are literals by their names, never showing them', () => {
    const warnings = warningsFor(oss, { bucket: 'acme-b', accessKey: '<ACCESS_KEY>', secretKey: '<SECRET_KEY>', securityToken: '<SECURITY_TOKEN>' });
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).not.toMatch(/<(ACCESS_KEY|SECRET_KEY|SECURITY_TOKEN)>/);
  });

  test('does not warn for a secret from a variable in a remote state', () => {
    const stack = new TerraformStack(appFor(), 'producer');
    const key = new TerraformVariable(stack, 'secret_key', { type: 'string', sensitive: true });
    oss.remoteState(stack, 'rs', { bucket: 'acme-b', secretKey: key.stringValue });
    expect(warningsOf(stack)).toEqual([]);
  });
});

describe('remote-state/template', () => {
  test('fails if a remote-state string holds a stray %{, which the tool reads as a template directive', () => {
    expect(refusal(oss, { bucket: 'acme-b', prefix: '50%{x' }, { as: 'remote-state' })).toBe(
      `${header('oss', undefined, 'remote-state')}\n- prefix: got "50%{x", expected no "%{" (the tool reads it as a template directive in a remote state); write "%%{" for a literal "%{" [remote-state/template]`,
    );
  });

  test('accepts "%%{" in a remote state, and "%{" in the backend block of a target that reads it literally', () => {
    expect(() => refusal(oss, { bucket: 'acme-b', prefix: '50%%{x' }, { as: 'remote-state' })).toThrow('to be refused');
    expect(() => refusal(oss, { bucket: 'acme-b', prefix: '50%{x' })).toThrow('to be refused');
  });
});

describe('remote-state/run-values-left-out', () => {
  test('warns if a cross-stack reference leaves out a field the run gives that does not name the object', () => {
    // GIVEN a producer whose access token is given at init, and a consumer of one of its attributes
    const app = appFor('terraform@1.11.4');
    const producer = new TerraformStack(app, 'network');
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'net%%{x}', accessToken: StateBackendValue.fromInit() });
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    expect(synthError(app)).toBe('');
    // THEN the remote state reads the producer's object (its literal text escaped: remote states
    // are templates) without the token, and the consumer is told what its run must give
    const remote = Object.values(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state)[0] as any;
    expect(remote.config).toEqual({ bucket: 'acme-tfstate', prefix: 'net%%%{x}' });
    expect(warningsOf(consumer).join('\n')).toContain(
      'the remote state of network/backend leaves out fields its own run gives (at init, in a config file, or from a variable); ' +
        'the terraform run of stack app must provide them from the environment: accessToken (GOOGLE_OAUTH_ACCESS_TOKEN) [remote-state/run-values-left-out]',
    );
  });

  test('does not warn if the producer\'s block gives every field itself', () => {
    // GIVEN a producer whose block names everything, and a consumer of one of its attributes
    const app = appFor('terraform@1.11.4');
    const producer = new TerraformStack(app, 'network');
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'network' });
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    // THEN the consumer reads it with no warning
    expect(synthError(app)).toBe('');
    expect(warningsOf(consumer)).toEqual([]);
  });
});

describe('remote-state/secrets-left-out', () => {
  test('warns if a remote state for another stack leaves out the secrets, once per consuming stack, naming the env vars that replace them', () => {
    const { app, producer, consumer } = twoStacks();
    const third = new TerraformStack(app, 'third');
    const backend = new OssBackend(producer, { ...OSS_LOCKED, accessKey: '<ACCESS_KEY>', secretKey: '<SECRET_KEY>' });
    backend.getRemoteStateDataSource(consumer, 'first', 'producer');
    backend.getRemoteStateDataSource(consumer, 'second', 'producer');
    backend.getRemoteStateDataSource(third, 'first', 'producer');

    const consumerWarnings = warningsOf(consumer);
    expect(consumerWarnings).toEqual([
      'the remote state of producer/backend leaves out its secret fields; the terraform run of stack consumer must provide them from the environment: ' +
        'accessKey (ALICLOUD_ACCESS_KEY or ALIBABA_CLOUD_ACCESS_KEY_ID or ALICLOUD_ACCESS_KEY_ID), ' +
        'secretKey (ALICLOUD_SECRET_KEY or ALIBABA_CLOUD_ACCESS_KEY_SECRET or ALICLOUD_ACCESS_KEY_SECRET) [remote-state/secrets-left-out]',
    ]);
    expect(warningsOf(third)).toHaveLength(1);
    expect(consumerWarnings.join()).not.toContain('<SECRET_KEY>');
  });

  test('does not warn when the backend holds no secret', () => {
    const { producer, consumer } = twoStacks();
    new OssBackend(producer, OSS_LOCKED).getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(warningsOf(consumer)).toEqual([]);
  });
});
