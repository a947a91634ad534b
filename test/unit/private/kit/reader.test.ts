/**
 * The checks every field table gets (src/private/kit/reader.ts): unknown fields, spellings, types,
 * required fields, tokens, secrets; and the rule builders on their own.
 */
import { parse } from '@cdktf/hcl2json';
import { Fn, Lazy, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { OssBackend } from '../../../../src';
import { StateBackendError } from '../../../../src/private/errors/errors';
import { decodeBase64 } from '../../../../src/private/kit/key-text';
import { REDACTED, showValue } from '../../../../src/private/kit/messages';
import { header, refusal, warningsFor } from '../../../support/refusals';
import { STORES, appFor } from '../../../support/stores';

const oss = STORES.find((s) => s.store.backend === 'oss')!;
const azurerm = STORES.find((s) => s.store.backend === 'azurerm')!;
const h = header('oss');

describe('checks every field gets', () => {
  test('fails if the config is not an object', () => {
    expect(refusal(oss, null)).toBe(`${h}\n- config: got null, expected an object with the backend's fields [config/shape]`);
    // A string or list may be the whole config, secrets included: it is never echoed.
    expect(refusal(oss, '{"bucket":"b","secretKey":"<SECRET_KEY>"}')).toBe(`${h}\n- config: got a string, expected an object with the backend's fields [config/shape]`);
    expect(refusal(oss, [{ secretKey: '<SECRET_KEY>' }])).toBe(`${h}\n- config: got a list, expected an object with the backend's fields [config/shape]`);
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

  test('workspace and defaults are not fields of a backend', () => {
    expect(refusal(oss, { bucket: 'acme-b', workspace: 'prod' })).toMatch(/^invalid oss backend .*\n- workspace: got <redacted> for an unknown field, expected one of accessKey, /);
  });

  test('fails on an unknown field close to no field, listing the fields without echoing its value', () => {
    const message = refusal(oss, { bucket: 'acme-b', credentialz: '<SECRET_KEY>' });
    expect(message).toBe(
      `${h}\n- credentialz: got <redacted> for an unknown field, expected one of accessKey, secretKey, securityToken, ecsRoleName, region, ` +
        'stsEndpoint, lockStoreEndpoint, tablestoreEndpoint, endpoint, bucket, prefix, key, lockStoreInstanceName, tablestoreInstanceName, ' +
        'lockStoreTable, tablestoreTable, encrypt, acl, sharedCredentialsFile, profile, assumeRole, assumeRoleRoleArn, assumeRoleSessionName, ' +
        'assumeRolePolicy, assumeRoleSessionExpiration [field/unknown]',
    );
    expect(message).not.toContain('<SECRET_KEY>');
  });

  test('fails on a misspelt secret, suggesting it without echoing the value', () => {
    const message = refusal(oss, { bucket: 'acme-b', secretKye: '<SECRET_KEY>' });
    expect(message).toBe(`${h}\n- secretKye: got <redacted> for an unknown field, did you mean secretKey? [field/unknown]`);
  });

  test.each([
    ['buckt', 'bucket'],
    ['Bucket', 'bucket'],
    ['lock_store_tabel', 'lockStoreTable'],
    ['tablestore_table', 'tablestoreTable'],
    ['tablestoreTabel', 'tablestoreTable'],
    ['asumeRoleRoleArn', 'assumeRoleRoleArn'],
  ])('fails on %s, suggesting %s and showing a value that is no secret', (key, meant) => {
    expect(refusal(oss, { bucket: 'acme-b', [key]: 'locks' })).toBe(`${h}\n- ${key}: got "locks" for an unknown field, did you mean ${meant}? [field/unknown]`);
  });

  test('suggests a member of a nested block by its path', () => {
    expect(refusal(oss, { bucket: 'acme-b', assumeRole: { roleArn: 'acs:ram::1:role/x', sesionName: 'ci' } })).toBe(
      `${h}\n- assumeRole.sesionName: got "ci" for an unknown field, did you mean assumeRole.sessionName? [field/unknown]`,
    );
  });

  test.each([
    ['prefix', 42, '- prefix: got 42, expected a string [field/type]'],
    ['encrypt', 'yes', '- encrypt: got "yes", expected true or false [field/type]'],
    ['assumeRoleSessionExpiration', 1200.5, '- assumeRoleSessionExpiration: got 1200.5, expected a whole number [field/type]'],
    ['assumeRoleSessionExpiration', '1200', '- assumeRoleSessionExpiration: got "1200", expected a whole number [field/type]'],
    ['assumeRoleSessionExpiration', Number.NaN, '- assumeRoleSessionExpiration: got NaN, expected a whole number [field/type]'],
    ['assumeRole', 'acs:ram::1:role/x', '- assumeRole: got "acs:ram::1:role/x", expected an object with roleArn, sessionName, policy, sessionExpiration [field/type]'],
  ])('fails if %s has the wrong type (%p)', (field, value, line) => {
    expect(refusal(oss, { bucket: 'acme-b', [field]: value })).toBe(`${h}\n${line}`);
  });

  test('fails if a list field holds something else than strings', () => {
    const gcs = STORES.find((s) => s.store.backend === 'gcs')!;
    expect(refusal(gcs, { bucket: 'acme-b', impersonateServiceAccountDelegates: ['a', 1] })).toBe(
      `${header('gcs')}\n- impersonateServiceAccountDelegates: got ["a",1], expected a list of strings [field/type]`,
    );
  });

  test('fails if a policy cannot be encoded', () => {
    const cos = STORES.find((s) => s.store.backend === 'cos')!;
    const circular: any = {};
    circular.self = circular;
    expect(refusal(cos, { bucket: 'b-1', region: 'r', assumeRole: { roleArn: 'a', sessionName: 's', policy: circular } })).toBe(
      `${header('cos')}\n- assumeRole.policy: got an object, expected a policy string or a JSON object [field/type]`,
    );
  });

  test('a wrongly typed secret is not echoed', () => {
    expect(refusal(oss, { bucket: 'acme-b', secretKey: ['<SECRET_KEY>'] })).toBe(`${h}\n- secretKey: got <redacted>, expected a string [field/type]`);
  });

  test('spellings that differ are both shown (no secret field has a second spelling)', () => {
    const message = refusal(azurerm, { storageAccountName: 'a', containerName: 'c', key: 'k', useMsi: true, useManagedIdentity: false });
    expect(message).toContain('- useManagedIdentity: useManagedIdentity and useMsi are spellings of one field and were set to different values (false and true), expected one of them');
    const secretsWithAliases = STORES.flatMap((s) => s.store.fields).filter((f) => f.secret && (f.aliases ?? []).length > 0);
    expect(secretsWithAliases).toEqual([]);
  });

  test('errors are the library\'s StateBackendError, an Error that names its rule ids', () => {
    const stack = new TerraformStack(Testing.app(), 's');
    let thrown: unknown;
    try {
      new OssBackend(stack, { bucket: 'acme-b', assumeRoleSessionExpiration: 100 });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).constructor).toBe(StateBackendError);
    expect((thrown as StateBackendError).ruleIds).toEqual(['oss/session-expiration']);
  });
});

describe('what the tools would refuse in a remote state or a backend', () => {
  const cos = STORES.find((s) => s.store.backend === 'cos')!;

  test('fails if a backend policy object holds a token', () => {
    const stack = new TerraformStack(Testing.app(), 'producer');
    const v = new TerraformVariable(stack, 'v', { type: 'string' }).stringValue;
    expect(() => cos.backend(stack, { bucket: 'b-1', region: 'r', assumeRole: { roleArn: 'a', sessionName: 's', policy: { statement: [{ resource: [v] }] } } })).toThrow(
      '- assumeRole.policy: got an object holding a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there',
    );
  });

  test('fails if a remote-state string holds a stray %{, which the tool reads as a template directive', () => {
    expect(refusal(oss, { bucket: 'acme-b', prefix: '50%{x' }, { as: 'remote-state' })).toBe(
      `${header('oss', undefined, 'remote-state')}\n- prefix: got "50%{x", expected no "%{" (the tool reads it as a template directive in a remote state); write "%%{" for a literal "%{" [remote-state/template]`,
    );
    expect(() => refusal(oss, { bucket: 'acme-b', prefix: '50%%{x' }, { as: 'remote-state' })).toThrow('to be refused');
    expect(() => refusal(oss, { bucket: 'acme-b', prefix: '50%{x' })).toThrow('to be refused');
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
});

describe('defaults that cannot be written', () => {
  test('fails on a cycle inside defaults, naming where it closes', () => {
    const o: any = { a: 1, inner: { list: [] as unknown[] } };
    o.inner.list.push(o);
    expect(refusal(oss, { bucket: 'acme-b', defaults: { o } }, { as: 'remote-state' })).toBe(
      `${header('oss', undefined, 'remote-state')}\n- defaults.o.inner.list[0]: refers back to an enclosing value, expected plain values (the output cannot hold a cycle) [config/shape]`,
    );
  });

  test('a Lazy defaults object is written to HCL once it resolves, nulls left out as for literals', async () => {
    const stack = new TerraformStack(Testing.app(), 'producer');
    oss.remoteState(stack, 'rs', { bucket: 'acme-b', defaults: Lazy.anyValue({ produce: () => ({ a: null, b: 'x\\y' }) }) });
    const hcl: any = await parse('main.tf', Testing.synthHcl(stack));
    expect(hcl.data.terraform_remote_state.rs[0].defaults).toEqual({ b: 'x\\y' });
  });
});

describe('tokens', () => {
  function withVariables() {
    const stack = new TerraformStack(appFor(), 'producer');
    return {
      stack,
      str: new TerraformVariable(stack, 'str', { type: 'string' }).stringValue,
      num: new TerraformVariable(stack, 'num', { type: 'number' }).numberValue,
      list: new TerraformVariable(stack, 'list', { type: 'list(string)' }).listValue,
    };
  }

  test('fails if a backend field holds a token or an expression, naming each field', () => {
    const { stack, str, num } = withVariables();
    expect(() => new OssBackend(stack, { bucket: str, assumeRoleSessionExpiration: num, prefix: 'env-${terraform.workspace}', key: Fn.lower('X') })).toThrow(
      [
        h,
        '- bucket: got a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there [field/literal-only]',
        '- prefix: got the expression "env-${terraform.workspace}", expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there [field/literal-only]',
        '- key: got a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there [field/literal-only]',
        '- assumeRoleSessionExpiration: got a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there [field/literal-only]',
      ].join('\n'),
    );
  });

  test('fails if a backend list holds a token, or is one', () => {
    const gcs = STORES.find((s) => s.store.backend === 'gcs')!;
    const { stack, str, list } = withVariables();
    expect(() => gcs.backend(stack, { bucket: 'acme-b', impersonateServiceAccountDelegates: ['a', str] })).toThrow(
      '- impersonateServiceAccountDelegates: got a list holding a reference, expected a literal value: terraform reads backend blocks literally (HCL refuses "Variables not allowed"); opentofu 1.8.0 and later evaluates references there',
    );
    expect(() => gcs.backend(stack, { bucket: 'acme-b', impersonateServiceAccountDelegates: list })).toThrow(
      '- impersonateServiceAccountDelegates: got a reference, expected a literal value',
    );
  });

  test('a remote state accepts tokens, skips their value checks and keeps them in the output', () => {
    // GIVEN references where value rules would otherwise apply
    const { stack, str, num, list } = withVariables();
    const gcs = STORES.find((s) => s.store.backend === 'gcs')!;
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

  test('a remote state still checks availability and types of literal fields next to tokens', () => {
    const { stack, str } = withVariables();
    expect(() => oss.remoteState(stack, 'oss', { bucket: str, acl: 'nope' })).toThrow('- acl: got "nope", expected one of');
  });
});

describe('describe (how values appear in messages)', () => {
  test.each([
    ['a secret string', '<SECRET_KEY>', true, REDACTED],
    ['a secret number', 42, true, REDACTED],
    ['an empty secret', '', true, '""'],
    ['a long value', 'x'.repeat(100), false, `"${'x'.repeat(79)}...`],
    ['undefined', undefined, false, 'nothing'],
    ['a function', () => 1, false, 'a function'],
  ])('%s', (_name, value, secret, shown) => {
    expect(showValue(value, secret)).toBe(shown);
  });
});

describe('decodeBase64', () => {
  test.each([
    ['AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=', 32],
    ['AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\n', 32],
    ['c2hvcnQ=', 5],
    ['', 0],
  ])('%s decodes to %d bytes', (text, bytes) => {
    expect(decodeBase64(text)).toBe(bytes);
  });

  // Go's base64.StdEncoding: standard alphabet, padding required.
  test.each(['abc=d', 'a', 'not base64!', 'abc===', '-_-_', 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8', ' c2hvcnQ='])('%p is not base64', (text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });
});

describe('warnings never carry secrets', () => {
  test('a literal secret is named, not shown', () => {
    const warnings = warningsFor(oss, { bucket: 'acme-b', accessKey: '<ACCESS_KEY>', secretKey: '<SECRET_KEY>', securityToken: '<SECURITY_TOKEN>' });
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).not.toMatch(/<(ACCESS_KEY|SECRET_KEY|SECURITY_TOKEN)>/);
  });
});
