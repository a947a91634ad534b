/**
 * The reader (src/private/kit/reader.ts) beyond the checks it applies, which are tested one describe
 * block per id in checks.test.ts: the errors it throws, tokens next to literals, how values appear
 * in messages, and base64 keys.
 */
import { parse } from '@cdktf/hcl2json';
import { Lazy, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { OssBackend } from '../../../../src';
import { StateBackendError } from '../../../../src/private/errors/errors';
import { decodeBase64 } from '../../../../src/private/kit/key-text';
import { REDACTED, showValue } from '../../../../src/private/kit/messages';
import { STORES, appFor } from '../../../support/stores';

const oss = STORES.find((s) => s.store.backend === 'oss')!;

describe('the reader', () => {
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

  test('a remote state still checks availability and types of literal fields next to tokens', () => {
    const stack = new TerraformStack(appFor(), 'producer');
    const str = new TerraformVariable(stack, 'str', { type: 'string' }).stringValue;
    expect(() => oss.remoteState(stack, 'oss', { bucket: str, acl: 'nope' })).toThrow('- acl: got "nope", expected one of');
  });

  test('a Lazy defaults object is written to HCL once it resolves, nulls left out as for literals', async () => {
    const stack = new TerraformStack(Testing.app(), 'producer');
    oss.remoteState(stack, 'rs', { bucket: 'acme-b', defaults: Lazy.anyValue({ produce: () => ({ a: null, b: 'x\\y' }) }) });
    const hcl: any = await parse('main.tf', Testing.synthHcl(stack));
    expect(hcl.data.terraform_remote_state.rs[0].defaults).toEqual({ b: 'x\\y' });
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
