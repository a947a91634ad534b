import { TerraformStack, Testing } from 'cdktf';
import { StateBackendTarget } from '../../src/target';
import { describeFieldOutput } from '../support/field-output';
import { header, refusal, warningsFor } from '../support/refusals';
import { STORES } from '../support/stores';

const sut = STORES.find((s) => s.store.backend === 'gcs')!;

describeFieldOutput(sut);

/** `text` as a literal in a RegExp. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const KEY32 = sut.samples.encryptionKey as string;
/** A 32-byte key whose base64 holds "/" (not at its start). */
const KEY32_SLASH = Buffer.concat([Buffer.from([0x10]), Buffer.alloc(31, 0xff)]).toString('base64');
const LITERAL_KEY_WARNING = 'encryptionKey is a secret set as a literal value, so it is written to cdk.tf.json in clear text; ' +
  'leave it unset and provide GOOGLE_ENCRYPTION_KEY in the environment of the terraform run instead [field/literal-secret]';

const h = header('gcs');

describe('gcs/encryption-key', () => {
  test('fails if encryptionKey does not decode to 32 bytes, without echoing the key', () => {
    expect(refusal(sut, { bucket: 'b', encryptionKey: 'c2hvcnQ=' })).toBe(
      `${h}\n- encryptionKey: got <redacted> (decodes to 5 bytes), expected base64 text that decodes to exactly 32 bytes [gcs/encryption-key]`,
    );
    expect(refusal(sut, { bucket: 'b', encryptionKey: 'not base64!' })).toBe(
      `${h}\n- encryptionKey: got <redacted>, expected standard base64 text (A-Z, a-z, 0-9, + and /, padded with =) that decodes to 32 bytes [gcs/encryption-key]`,
    );
  });

  test('fails if encryptionKey is url-safe or unpadded base64, which go\'s StdEncoding refuses', () => {
    const urlSafe = Buffer.alloc(32, 0xfb).toString('base64url');
    expect(refusal(sut, { bucket: 'b', encryptionKey: urlSafe })).toContain('- encryptionKey: got <redacted>, expected standard base64 text');
    expect(refusal(sut, { bucket: 'b', encryptionKey: KEY32.replace(/=+$/, '') })).toContain('- encryptionKey: got <redacted>, expected standard base64 text');
  });

  // Key text with a "/" in it is a key, not a path: checked, refused where go cannot decode it to
  // 32 bytes (both tools: "Error decoding encryption key" / "not a 32-byte AES-256 key" at init,
  // test/runtime/gcs.test.ts), and never copied in clear text.
  test.each([
    ['a 16-byte key', 'q83vEjRWeJq83vEjRWeJ/w==', 'got <redacted> (decodes to 16 bytes), expected base64 text that decodes to exactly 32 bytes'],
    ['a 32-byte key with trailing spaces', `${KEY32_SLASH}  `, 'got <redacted>, expected standard base64 text'],
    ['an unpadded 32-byte key', KEY32_SLASH.replace(/=+$/, ''), 'got <redacted>, expected standard base64 text'],
  ])('fails if encryptionKey is %s, which holds a "/" but is key text', (_name, key, message) => {
    expect(key).toContain('/');
    const error = refusal(sut, { bucket: 'b', encryptionKey: key });
    expect(error).toContain(`- encryptionKey: ${message}`);
    expect(error).toMatch(/ \[gcs\/encryption-key\]$/);
    expect(error).not.toContain(key.trim());
  });

  test.each([['a 32-byte key', KEY32], ['a 32-byte key with a "/"', KEY32_SLASH]])('accepts %s in standard base64', (_name, key) => {
    // GIVEN a key that decodes to 32 bytes
    // WHEN it is set as a literal
    const warnings = warningsFor(sut, { bucket: 'b', encryptionKey: key });
    // THEN it is taken, with only the warning that a literal secret gets
    expect(warnings).toEqual([LITERAL_KEY_WARNING]);
  });
});

describe('gcs/encryption-key-file', () => {
  test.each(['/secrets/gcs-csek.key', '/run/secrets/key', '/Users/Jane Doe/keys/gcs', 'secrets/gcs.key', 'keys/state', 'keys/gcs', 'secrets/gcskey00', '~/keys/state', './k', 'C:\\keys\\gcs'])(
    'warns if encryptionKey is a file path (%s), even one that is also base64: the file must hold the key',
    (file) => {
      expect(warningsFor(sut, { bucket: 'b', encryptionKey: file })).toEqual([
        LITERAL_KEY_WARNING,
        'encryptionKey looks like a file path; the file must exist where the terraform run happens and hold the base64 text of a 32-byte key, or init fails [gcs/encryption-key-file]',
      ]);
    },
  );

  test('does not warn if encryptionKey is key text, even with a "/" in it', () => {
    // GIVEN key text whose base64 holds a "/" (not at its start)
    expect(KEY32_SLASH.slice(1)).toContain('/');
    // THEN it is read as the key, not as a file
    expect(warningsFor(sut, { bucket: 'b', encryptionKey: KEY32_SLASH }).join('\n')).not.toContain('[gcs/encryption-key-file]');
  });
});

describe('gcs/bucket-blank', () => {
  test('fails if bucket is only spaces', () => {
    // GIVEN a bucket of spaces, which validate accepts and no bucket is named
    // THEN it is refused, showing the value
    expect(refusal(sut, { bucket: '   ' })).toBe(`${h}\n- bucket: got "   ", expected a bucket name (init fails: no bucket is named with spaces) [gcs/bucket-blank]`);
  });

  test('accepts a bucket name, and leaves "" to field/empty-refused', () => {
    expect(warningsFor(sut, { bucket: 'acme-tfstate' })).toEqual([]);
    expect(refusal(sut, { bucket: '' })).not.toContain('[gcs/bucket-blank]');
  });
});

describe('gcs/kms-key-form', () => {
  test('warns if kmsEncryptionKey is not a key resource name (neither tool nor the emulator checks it)', () => {
    expect(warningsFor(sut, { bucket: 'b', kmsEncryptionKey: 'projects/acme/keyRings/tf' })).toEqual([
      'kmsEncryptionKey is "projects/acme/keyRings/tf", not projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{name}; ' +
        'Cloud Storage refuses other names when the run writes the state [gcs/kms-key-form]',
    ]);
  });

  test('warns if kmsEncryptionKey is "": no key, and terraform reads its env var instead', () => {
    expect(warningsFor(sut, { bucket: 'b', kmsEncryptionKey: '' })).toEqual([
      'kmsEncryptionKey is "", which the tool takes as no KMS key (the terraform run then reads GOOGLE_KMS_ENCRYPTION_KEY); leave it unset, or name the key [gcs/kms-key-form]',
    ]);
    expect(warningsFor(sut, { bucket: 'b', kmsEncryptionKey: '' }, { target: 'opentofu@1.12.6' })).toEqual([
      'kmsEncryptionKey is "", which the tool takes as no KMS key; leave it unset, or name the key [gcs/kms-key-form]',
    ]);
  });

  test('does not warn if kmsEncryptionKey names a key', () => {
    expect(warningsFor(sut, { bucket: 'b', kmsEncryptionKey: 'projects/acme/locations/global/keyRings/tf/cryptoKeys/state' })).toEqual([]);
  });
});

describe('gcs/custom-endpoint-form', () => {
  test('fails if the custom endpoint is not protocol + host + /storage/v1/ or /storage/v1/b, in the spelling used', () => {
    const expected = 'expected a url made of a protocol, a host and the path /storage/v1/ or /storage/v1/b (no slash after the b), e.g. "https://storage-example.p.googleapis.com/storage/v1/" [gcs/custom-endpoint-form]';
    expect(refusal(sut, { bucket: 'b', storeageCustomEndpoint: 'storage-acme.p.googleapis.com' })).toBe(
      `${h}\n- storeageCustomEndpoint: got "storage-acme.p.googleapis.com", ${expected}`,
    );
    expect(refusal(sut, { bucket: 'b', storageCustomEndpoint: 'https://storage-acme.p.googleapis.com/storage/v1' })).toBe(
      `${h}\n- storageCustomEndpoint: got "https://storage-acme.p.googleapis.com/storage/v1", ${expected}`,
    );
    // The storage client asks for /storage/v1/b/b/<bucket>/o (test/runtime/gcs.test.ts).
    expect(refusal(sut, { bucket: 'b', storeageCustomEndpoint: 'https://storage-acme.p.googleapis.com/storage/v1/b/' })).toMatch(
      new RegExp(`^${escape(h)}\\n- storeageCustomEndpoint: got "https://storage-acme.p.googleapis.com/storage/v1/b/", ${escape(expected)}`),
    );
  });

  test.each(['https://storage-acme.p.googleapis.com/storage/v1/', 'https://storage-acme.p.googleapis.com/storage/v1/b', 'http://127.0.0.1:4443/storage/v1/'])(
    'accepts the custom endpoint %s, which both tools use (test/runtime/gcs.test.ts)',
    (endpoint) => {
      expect(warningsFor(sut, { bucket: 'b', storeageCustomEndpoint: endpoint })).toEqual([]);
    },
  );
});

describe('gcs/one-encryption', () => {
  test('fails if encryptionKey and kmsEncryptionKey are both set', () => {
    expect(refusal(sut, { bucket: 'b', encryptionKey: KEY32, kmsEncryptionKey: sut.samples.kmsEncryptionKey })).toBe(
      `${h}\n- encryptionKey: set together with kmsEncryptionKey, expected only one of encryptionKey, kmsEncryptionKey [gcs/one-encryption]`,
    );
  });

  test('accepts either key alone', () => {
    expect(warningsFor(sut, { bucket: 'b', encryptionKey: KEY32 })).toEqual([LITERAL_KEY_WARNING]);
    expect(warningsFor(sut, { bucket: 'b', kmsEncryptionKey: sut.samples.kmsEncryptionKey })).toEqual([]);
  });
});

describe('gcs/delegates-need-impersonation', () => {
  test('warns if impersonateServiceAccountDelegates is set without impersonateServiceAccount', () => {
    expect(warningsFor(sut, { bucket: 'b', impersonateServiceAccountDelegates: ['a@x.iam.gserviceaccount.com'] })).toEqual([
      'impersonateServiceAccountDelegates is set but impersonateServiceAccount is not; the terraform run must provide ' +
        'GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT or GOOGLE_IMPERSONATE_SERVICE_ACCOUNT in its environment, or the delegation chain has no effect [gcs/delegates-need-impersonation]',
    ]);
  });

  test('does not warn if the delegates come with the account they impersonate', () => {
    expect(warningsFor(sut, {
      bucket: 'b',
      impersonateServiceAccount: 'tf@acme.iam.gserviceaccount.com',
      impersonateServiceAccountDelegates: ['a@x.iam.gserviceaccount.com'],
    })).toEqual([]);
  });
});

describe('gcs/access-token-wins', () => {
  test('warns if accessToken and credentials are both set: the tool uses accessToken', () => {
    expect(warningsFor(sut, { bucket: 'b', accessToken: '<ACCESS_TOKEN>', credentials: '/k.json' }, { as: 'remote-state' })).toContain(
      'accessToken and credentials are both set; the tool uses accessToken and ignores credentials [gcs/access-token-wins]',
    );
  });

  test('does not warn for credentials alone', () => {
    expect(warningsFor(sut, { bucket: 'b', credentials: '/k.json' }, { as: 'remote-state' })).toEqual([]);
  });
});

describe('gcs: every problem at once', () => {
  test('lists every violation in one error', () => {
    expect(refusal(sut, { bucket: '', kmsEncryptionKey: 'x', storeageCustomEndpoint: 'y' })).toBe(
      [
        h,
        '- bucket: got "", expected a non-empty string (init fails on it: "storage: bucket doesn\'t exist") [field/empty-refused]',
        '- storeageCustomEndpoint: got "y", expected a url made of a protocol, a host and the path /storage/v1/ or /storage/v1/b (no slash after the b), e.g. "https://storage-example.p.googleapis.com/storage/v1/" [gcs/custom-endpoint-form]',
      ].join('\n'),
    );
  });
});

describe('gcs secrets and credentials', () => {
  test.each([
    ['a 32-byte key with a "/"', KEY32_SLASH],
    ['a path', '/run/secrets/key'],
    ['a relative path', 'secrets/gcs.key'],
  ])('encryptionKey as %s is secret: never copied into a consuming stack', (_name, key) => {
    const app = Testing.app({ context: { [StateBackendTarget.CONTEXT_KEY]: 'opentofu@1.12.6' } });
    const producer = new TerraformStack(app, 'producer');
    const backend = sut.backend(producer, { bucket: 'b', encryptionKey: key });
    const consumer = new TerraformStack(app, 'consumer');
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    const synthesized = Testing.synth(consumer);
    expect(JSON.parse(synthesized).data.terraform_remote_state.upstream.config).toEqual({ bucket: 'b' });
    expect(synthesized).not.toContain(key);
  });

  test('a key file path is not warned about and reaches other stacks', () => {
    expect(warningsFor(sut, { bucket: 'b', credentials: '/secrets/key.json' })).toEqual([]);
    const app = Testing.app();
    const backend = sut.backend(new TerraformStack(app, 'producer'), { bucket: 'b', credentials: '/secrets/key.json' });
    const consumer = new TerraformStack(app, 'consumer');
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state.upstream.config.credentials).toBe('/secrets/key.json');
  });

  test('the key itself does not reach other stacks', () => {
    const app = Testing.app();
    const backend = sut.backend(new TerraformStack(app, 'producer'), { bucket: 'b', credentials: '{"type":"service_account"}' });
    const consumer = new TerraformStack(app, 'consumer');
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state.upstream.config).toEqual({ bucket: 'b' });
  });

  test('the key itself is warned about, never shown, and left out of other stacks', () => {
    const key = '{"type":"service_account","private_key":"<PRIVATE_KEY>"}';
    expect(warningsFor(sut, { bucket: 'b', credentials: key })).toEqual([
      'credentials is a secret set as a literal value, so it is written to cdk.tf.json in clear text; ' +
        'leave it unset and provide GOOGLE_BACKEND_CREDENTIALS or GOOGLE_CREDENTIALS in the environment of the terraform run instead [field/literal-secret]',
    ]);
    expect(refusal(sut, { bucket: 'b', credentials: key, prefix: 7 })).not.toContain('<PRIVATE_KEY>');
    expect(refusal(sut, { bucket: 'b', credentials: 7 })).toBe(`${header('gcs')}\n- credentials: got <redacted>, expected a string [field/type]`);
  });
});
