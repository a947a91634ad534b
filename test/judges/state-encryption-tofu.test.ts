/**
 * OpenTofu is the judge of StateEncryption. `tofu validate` does not look at the encryption block,
 * but `tofu init`, `plan` and `apply` build every key provider and method they use, so these
 * tests run them, offline, on stacks with a local backend and no providers:
 * - end to end: an encrypted producer state, a consumer that decrypts it through a remote state,
 *   a consumer without the key, a wrong passphrase;
 * - migrations: unencrypted to encrypted with a fallback, and `enforced`;
 * - every argument of every key provider and method, in the JSON and the HCL output;
 * - every error rule: OpenTofu refuses the same configuration.
 */
import * as fs from 'fs';
import * as path from 'path';
import { DataTerraformRemoteStateLocal, LocalBackend, TerraformOutput, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { EncryptionKeyProvider, EncryptionMethod, StateEncryption, StateEncryptionProps } from '../../src';
import { EncryptionInputs, readModel } from '../../src/private/encryption/model';
import { encryptionHcl, encryptionJson } from '../../src/private/encryption/render';
import { ENCRYPTION_RULES } from '../../src/private/encryption/rules';
import { KEY_PROVIDERS } from '../../src/private/encryption/schema';
import { Violation } from '../../src/private/kit/messages';
import { keyFor } from '../../src/private/kit/schema';
import { compareVersions, parseTarget } from '../../src/private/target/target';
import { REFUSALS } from '../support/encryption-cases';
import { ALL_KINDS, PASSPHRASE, externalCommand, sampleKeyProvider, sampleMethod, tofuApp } from '../support/encryption-samples';
import { describeEachJudge, terraformJudges, validate, judgesOff } from '../support/judges';
import { TOFU_VERSION, TofuResult, encryptionJudges, errorsOf, freshInit, freshRun, initAnd, networkIsolated, requireTofu, tofu, tofuPath, workDir } from '../support/tofu-run';

const bin = requireTofu();
const suite = bin ? describe : describe.skip;

/** Prints a run for the record: its errors, or its last lines (the closing note of issue 13 quotes these). */
function show(r: TofuResult, lines = 6): void {
  const errors = errorsOf(r);
  const text = errors.length > 0 ? errors : r.output.split('\n').filter((l) => l.trim() !== '').slice(-lines);
  // eslint-disable-next-line no-console
  console.log(`$ ${r.command}   (exit ${r.status})\n  ${text.join('\n  ')}`);
}

const PASS_ENV = { TF_VAR_passphrase: PASSPHRASE };

/** A stack with a local backend at `stateFile` and an encryption whose passphrase is `var.passphrase`. */
function encryptedProducer(stateFile: string, extra: (stack: TerraformStack, aes: EncryptionMethod) => StateEncryptionProps): TerraformStack {
  const stack = new TerraformStack(tofuApp(), 'producer');
  new LocalBackend(stack, { path: stateFile });
  const passphrase = new TerraformVariable(stack, 'passphrase', { type: 'string', sensitive: true });
  const key = EncryptionKeyProvider.pbkdf2('main', { passphrase: passphrase.stringValue });
  const aes = EncryptionMethod.aesGcm('main', { keys: key });
  new StateEncryption(stack, extra(stack, aes));
  new TerraformOutput(stack, 'secret_value', { value: 'hello-encrypted-world' });
  return stack;
}

/** What `props` would emit if the construct did not check it (for refusal cases). */
function unchecked(props: EncryptionInputs, form: 'json' | 'hcl' = 'json'): string {
  const errors: Violation[] = [];
  const model = readModel(props, parseTarget(`opentofu@${TOFU_VERSION}`) as any, 'producer', errors);
  if (errors.length > 0) throw new Error(`unreadable props: ${JSON.stringify(errors)}`);
  const json = encryptionJson(model);
  return form === 'json' ? JSON.stringify({ terraform: { encryption: json } }, null, 1) : encryptionHcl(json);
}

suite(`OpenTofu ${bin ? TOFU_VERSION : '(missing)'} judges StateEncryption`, () => {
  beforeAll(() => {
    // eslint-disable-next-line no-console
    console.log(`tofu runs ${networkIsolated() ? 'inside unshare -n (no network)' : 'without a network namespace (not root, or unshare refused)'}`);
  });

  describe('end to end', () => {
    const producerDir = workDir({});
    const stateFile = path.join(producerDir, 'producer.tfstate');
    let applied: TofuResult;

    beforeAll(() => {
      const producer = encryptedProducer(stateFile, (_s, aes) => ({ state: { method: aes, enforced: true }, plan: { method: aes } }));
      fs.writeFileSync(path.join(producerDir, 'main.tf.json'), Testing.synth(producer));
      applied = initAnd(producerDir, 'apply', PASS_ENV);
      show(applied);
    });

    test('the producer applies, and its state file holds no output value in clear text', () => {
      expect(applied.status).toBe(0);
      const state = fs.readFileSync(stateFile, 'utf8');
      expect(JSON.parse(state)).toEqual(expect.objectContaining({ encrypted_data: expect.any(String), encryption_version: 'v0' }));
      expect(state).not.toContain('hello-encrypted-world');
      expect(state).not.toContain(PASSPHRASE);
      // eslint-disable-next-line no-console
      console.log(`producer.tfstate keys: ${Object.keys(JSON.parse(state)).join(', ')}; contains "hello-encrypted-world": ${state.includes('hello-encrypted-world')}`);
    });

    function consumer(withKey: boolean): { dir: string; result: TofuResult } {
      const stack = new TerraformStack(tofuApp(), 'consumer');
      new LocalBackend(stack, { path: 'consumer.tfstate' });
      const remote = new DataTerraformRemoteStateLocal(stack, 'producer', { path: stateFile });
      if (withKey) {
        const passphrase = new TerraformVariable(stack, 'passphrase', { type: 'string', sensitive: true });
        const key = EncryptionKeyProvider.pbkdf2('main', { passphrase: passphrase.stringValue });
        const aes = EncryptionMethod.aesGcm('main', { keys: key });
        new StateEncryption(stack, { state: { method: aes }, remoteStates: [{ remoteState: remote, method: aes }] });
      }
      new TerraformOutput(stack, 'from_producer', { value: remote.getString('secret_value') });
      const dir = workDir({ 'main.tf.json': Testing.synth(stack) });
      return { dir, result: initAnd(dir, 'apply', withKey ? PASS_ENV : {}) };
    }

    test('a consumer with the matching remote_state_data_source entry reads the value', () => {
      const { dir, result } = consumer(true);
      show(result, 3);
      expect(result.status).toBe(0);
      const out = tofu(dir, ['output', '-json', 'from_producer'], PASS_ENV);
      show(out, 1);
      expect(JSON.parse(out.stdout)).toBe('hello-encrypted-world');
      expect(fs.readFileSync(path.join(dir, 'consumer.tfstate'), 'utf8')).not.toContain('hello-encrypted-world');
    });

    test('a consumer without the key fails with OpenTofu\'s error', () => {
      const { result } = consumer(false);
      show(result, 4);
      expect(result.status).not.toBe(0);
      expect(errorsOf(result).join('\n')).toMatch(/This state file is encrypted and can not be read without an encryption configuration/);
      expect(errorsOf(result).join('\n')).toMatch(/data\.terraform_remote_state\.producer: Unable to read remote state/);
    });

    test('a wrong passphrase cannot read the state', () => {
      const r = tofu(producerDir, ['plan', '-input=false', '-no-color'], { TF_VAR_passphrase: 'not-the-right-passphrase' });
      show(r, 3);
      expect(r.status).not.toBe(0);
      expect(errorsOf(r).join('\n')).toMatch(/decryption failed for all provided methods/);
    });

    test('the HCL output is read the same way', () => {
      const producer = encryptedProducer('producer.tfstate', (_s, aes) => ({ state: { method: aes } }));
      const dir = workDir({ 'main.tf': Testing.synthHcl(producer) });
      const r = initAnd(dir, 'apply', PASS_ENV);
      expect(r.status).toBe(0);
      expect(fs.readFileSync(path.join(dir, 'producer.tfstate'), 'utf8')).toContain('"encrypted_data"');
    });
  });

  describe('migration', () => {
    test('unencrypted state is encrypted with an unencrypted fallback, then read without it; enforced refuses the fallback', () => {
      // GIVEN a state written without encryption
      const dir = workDir({});
      const plain = new TerraformStack(tofuApp(), 'producer');
      new LocalBackend(plain, { path: 'producer.tfstate' });
      new TerraformOutput(plain, 'secret_value', { value: 'hello-encrypted-world' });
      fs.writeFileSync(path.join(dir, 'main.tf.json'), Testing.synth(plain));
      expect(initAnd(dir, 'apply').status).toBe(0);
      expect(fs.readFileSync(path.join(dir, 'producer.tfstate'), 'utf8')).toContain('hello-encrypted-world');

      // WHEN encryption is added without the fallback, THEN OpenTofu refuses to read the old state
      const write = (props: (aes: EncryptionMethod) => StateEncryptionProps) =>
        fs.writeFileSync(path.join(dir, 'main.tf.json'), Testing.synth(encryptedProducer('producer.tfstate', (_s, aes) => props(aes))));
      write((aes) => ({ state: { method: aes } }));
      const refused = tofu(dir, ['apply', '-input=false', '-auto-approve', '-no-color'], PASS_ENV);
      show(refused, 3);
      expect(refused.status).not.toBe(0);
      expect(errorsOf(refused).join('\n')).toMatch(/encountered unencrypted payload without unencrypted method configured/);

      // WHEN enforced is combined with the unencrypted fallback (built unchecked: the construct refuses it)
      const base = JSON.parse(Testing.synth(encryptedProducer('producer.tfstate', () => ({}))));
      const aesOnly = EncryptionMethod.aesGcm('main', { keys: EncryptionKeyProvider.pbkdf2('main', { passphrase: '${var.passphrase}' }) });
      base.terraform.encryption = JSON.parse(unchecked({ state: { method: aesOnly, fallbacks: [EncryptionMethod.unencrypted('migrate')], enforced: true } })).terraform.encryption;
      const enforcedDir = workDir({
        'main.tf.json': JSON.stringify(base, null, 2),
        'producer.tfstate': fs.readFileSync(path.join(dir, 'producer.tfstate'), 'utf8'),
      });
      const forbidden = initAnd(enforcedDir, 'apply', PASS_ENV);
      show(forbidden, 3);
      expect(errorsOf(forbidden).join('\n')).toMatch(/Unencrypted method is forbidden/);

      // WHEN the unencrypted fallback is added, THEN apply migrates the state
      write((aes) => ({ state: { method: aes, fallbacks: [EncryptionMethod.unencrypted('migrate')] } }));
      const migrated = tofu(dir, ['apply', '-input=false', '-auto-approve', '-no-color'], PASS_ENV);
      show(migrated, 2);
      expect(migrated.status).toBe(0);
      const state = fs.readFileSync(path.join(dir, 'producer.tfstate'), 'utf8');
      expect(state).toContain('"encrypted_data"');
      expect(state).not.toContain('hello-encrypted-world');

      // THEN the fallback can go and enforced can be set
      write((aes) => ({ state: { method: aes, enforced: true } }));
      const enforced = tofu(dir, ['plan', '-input=false', '-no-color'], PASS_ENV);
      expect(enforced.status).toBe(0);
    });
  });

  describe('every argument of every key provider and method', () => {
    // Key providers that need no network are planned; the KMS ones must fail only on credentials
    // or on reaching their service, after OpenTofu decoded every argument.
    const offline = ALL_KINDS.filter((k) => !k.kms);
    const kms = KEY_PROVIDERS.filter((k) => k.kms);
    const build = (kindIndex: number, withPlan = true, alternative = false) => {
      const kind = ALL_KINDS[kindIndex];
      const stack = new TerraformStack(tofuApp(), 'producer');
      new LocalBackend(stack, { path: 'producer.tfstate' });
      const method = kind.block === 'key_provider' ? EncryptionMethod.aesGcm('main', { keys: sampleKeyProvider(kind, 'main', alternative) }) : sampleMethod(kind);
      new StateEncryption(stack, withPlan ? { state: { method }, plan: { method } } : { state: { method } });
      new TerraformOutput(stack, 'secret_value', { value: 'hello-encrypted-world' });
      return stack;
    };

    test.each(offline.flatMap((k) => (['json', 'hcl'] as const).map((form) => [`${k.block} ${k.type}`, form, ALL_KINDS.indexOf(k)] as const)))(
      '%s (%s) is planned and applied',
      (_name, form, index) => {
        const stack = build(index);
        const dir = workDir(form === 'json' ? { 'main.tf.json': Testing.synth(stack) } : { 'main.tf': Testing.synthHcl(stack) });
        const r = initAnd(dir, 'apply');
        expect(errorsOf(r)).toEqual([]);
        expect(r.status).toBe(0);
        if (ALL_KINDS[index].type !== 'unencrypted') {
          expect(fs.readFileSync(path.join(dir, 'producer.tfstate'), 'utf8')).not.toContain('hello-encrypted-world');
        }
      },
    );

    const CONFIG_ERRORS = /Unsupported argument|Missing required argument|Unsuitable value|Invalid .*configuration|Incorrect attribute value type|must be|expected one of/;
    const REACH_OR_CREDENTIALS = /network is unreachable|connection refused|no such host|context deadline exceeded|dial tcp|credentials|shared config profile|token/i;

    // The KMS runs mostly wait (the GCP client retries for a minute), so they run side by side.
    const kmsRuns: Record<string, Promise<TofuResult>> = {};
    // Fields that exclude sampled ones (forbiddenAccountIds, webIdentityToken) run as a second aws_kms sample.
    const kmsCases = [...kms.map((k) => [k.type, k] as const), ['aws_kms, alternative sample', kms.find((k) => k.type === 'aws_kms')!] as const]
      .flatMap(([label, k]) => (['json', 'hcl'] as const).map((form) => [label, form, ALL_KINDS.indexOf(k)] as const));
    beforeAll(() => {
      for (const [type, form, index] of kmsCases) {
        const stack = build(index, false, type.includes('alternative'));
        kmsRuns[`${type} ${form}`] = freshInit(form === 'json' ? { 'main.tf.json': Testing.synth(stack) } : { 'main.tf': Testing.synthHcl(stack) });
      }
    });

    test.each(kmsCases)('%s (%s): OpenTofu fails only on credentials or on reaching the service', async (type, form) => {
      const r = await kmsRuns[`${type} ${form}`];
      const errors = errorsOf(r).join('\n');
      expect(r.status).not.toBe(0);
      expect(errors).toMatch(/Unable to (build|fetch) encryption key data/);
      expect(errors).toMatch(REACH_OR_CREDENTIALS);
      expect(errors).not.toMatch(CONFIG_ERRORS);
    }, 180_000);

    test('pbkdf2 chained from an external key provider', () => {
      const external = EncryptionKeyProvider.external('passphrase', { command: externalCommand('key') });
      const key = EncryptionKeyProvider.pbkdf2('derived', { chain: external });
      const stack = new TerraformStack(tofuApp(), 'producer');
      new LocalBackend(stack, { path: 'producer.tfstate' });
      const aes = EncryptionMethod.aesGcm('main', { keys: key });
      new StateEncryption(stack, { state: { method: aes } });
      const forms: Array<Record<string, string>> = [{ 'main.tf.json': Testing.synth(stack) }, { 'main.tf': Testing.synthHcl(stack) }];
      for (const files of forms) {
        const r = freshRun(files, 'apply');
        expect(errorsOf(r)).toEqual([]);
      }
    });
  });

  describe('strings are templates (encryption/template, issue 18 items 3 and 7)', () => {
    const withPassphrase = (passphrase: string) => ({ state: { method: EncryptionMethod.aesGcm('main', { keys: EncryptionKeyProvider.pbkdf2('main', { passphrase }) }) } });

    test.each([`${PASSPHRASE}%{x`, `${PASSPHRASE}\${x`])('%s: refused by the construct; the JSON crashes tofu init, the HCL does not parse', (passphrase) => {
      const stack = new TerraformStack(tofuApp(), 'producer');
      expect(() => new StateEncryption(stack, withPassphrase(passphrase))).toThrow('write %%{ / $${ for a literal [encryption/template]');
      const json = freshRun({ 'main.tf.json': unchecked(withPassphrase(passphrase)) }, 'plan');
      show(json, 3);
      expect(json.status).not.toBe(0);
      expect(json.output).toMatch(/OPENTOFU CRASH/);
      const hcl = freshRun({ 'main.tf': unchecked(withPassphrase(passphrase), 'hcl') }, 'plan');
      show(hcl, 3);
      expect(hcl.status).not.toBe(0);
      expect(errorsOf(hcl).join('\n')).toMatch(/Invalid template control keyword|Invalid multi-line string|Unterminated template string/);
    });

    test.each([`${PASSPHRASE}%%{x`, `${PASSPHRASE}$\${x`])('%s: the escaped form is accepted, in JSON and HCL', (passphrase) => {
      const stack = new TerraformStack(tofuApp(), 'producer');
      new LocalBackend(stack, { path: 'producer.tfstate' });
      new StateEncryption(stack, withPassphrase(passphrase));
      const forms: Array<Record<string, string>> = [{ 'main.tf.json': Testing.synth(stack) }, { 'main.tf': Testing.synthHcl(stack) }];
      for (const files of forms) {
        const r = freshRun(files, 'apply');
        expect(errorsOf(r)).toEqual([]);
        expect(r.status).toBe(0);
      }
    });
  });

  test('names: "_" first is an identifier; a name with a digit first is accepted where nothing refers to it (issue 18 item 5)', () => {
    const stack = new TerraformStack(tofuApp(), 'producer');
    new LocalBackend(stack, { path: 'producer.tfstate' });
    new StateEncryption(stack, {
      keyProviders: [EncryptionKeyProvider.pbkdf2('1spare', { passphrase: PASSPHRASE })],
      state: { method: EncryptionMethod.aesGcm('_main', { keys: EncryptionKeyProvider.pbkdf2('_main', { passphrase: PASSPHRASE }) }) },
    });
    const forms: Array<Record<string, string>> = [{ 'main.tf.json': Testing.synth(stack) }, { 'main.tf': Testing.synthHcl(stack) }];
    for (const files of forms) {
      const r = freshRun(files, 'apply');
      show(r, 1);
      expect(errorsOf(r)).toEqual([]);
      expect(r.status).toBe(0);
    }
  });

  test('a key provider and method declared twice with the same settings: one block, applied (issue 18 item 9)', () => {
    const stack = new TerraformStack(tofuApp(), 'producer');
    new LocalBackend(stack, { path: 'producer.tfstate' });
    const factory = () => EncryptionMethod.aesGcm('main', { keys: EncryptionKeyProvider.pbkdf2('main', { passphrase: PASSPHRASE }) });
    new StateEncryption(stack, { state: { method: factory() }, plan: { method: factory() } });
    const forms: Array<Record<string, string>> = [{ 'main.tf.json': Testing.synth(stack) }, { 'main.tf': Testing.synthHcl(stack) }];
    for (const files of forms) {
      const r = freshRun(files, 'apply');
      show(r, 1);
      expect(errorsOf(r)).toEqual([]);
      expect(r.status).toBe(0);
    }
  });

  test.each([
    ['openbao keyName', (v: string) => EncryptionKeyProvider.openBao('main', { keyName: v }), /no key name found/],
    ['aws_kms kmsKeyId', (v: string) => EncryptionKeyProvider.awsKms('main', { kmsKeyId: v, keySpec: 'AES_256' as any, region: 'eu-west-1' }), /no kms_key_id provided/],
    ['gcp_kms kmsEncryptionKey', (v: string) => EncryptionKeyProvider.gcpKms('main', { kmsEncryptionKey: v, keyLength: 32, accessToken: 'x' }), /kms_key_name must be provided/],
    ['azure_vault vaultUri', (v: string) => EncryptionKeyProvider.azureVault('main', { vaultUri: v, vaultKeyName: 'k', keyLength: 32 }), /vault_uri must be provided/],
    ['external command', (v: string) => EncryptionKeyProvider.external('main', { command: v ? [v] : [] }), /the command option is required|exec: no command/],
  ] as const)('field/required: an empty %s is refused, and so does OpenTofu whatever the environment', (_name, make, says) => {
    const props = (v: string) => ({ state: { method: EncryptionMethod.aesGcm('main', { keys: make(v) }) } });
    expect(() => new StateEncryption(new TerraformStack(tofuApp(), 'producer'), props(''))).toThrow(/\(the field is required\) \[field\/required\]/);
    // What the construct would write without the check: the empty value in place of a placeholder.
    const doc = unchecked(props('EMPTY-PLACEHOLDER')).replace('["EMPTY-PLACEHOLDER"]', '[]').replace('"EMPTY-PLACEHOLDER"', '""');
    const r = freshRun({ 'main.tf.json': doc }, 'plan');
    show(r, 2);
    expect(r.status).not.toBe(0);
    expect(errorsOf(r).join('\n')).toMatch(says);
  });

  describe('every error rule is a refusal of OpenTofu', () => {
    test.each(REFUSALS.map((c) => [c.id, c] as const))('%s', (id, c) => {
      const r = refusalRun(c);
      show(r, 2);
      // THEN it refuses it too
      expect(r.status).not.toBe(0);
      expect(errorsOf(r).join('\n')).toMatch(c.tofu);
      expect(ENCRYPTION_RULES.find((rule) => rule.id === id)?.severity).toBe('error');
    });

    test('every error rule has a refusal case (target and availability need other releases)', () => {
      const covered = new Set(REFUSALS.map((c) => c.id));
      const missing = ENCRYPTION_RULES.filter((r) => r.severity === 'error' && !covered.has(r.id)).map((r) => r.id);
      expect(missing).toEqual(['encryption/target', 'encryption/availability']);
    });
  });
});

/**
 * A refusal case's run: the configuration the construct refuses (test/unit/state-encryption.test.ts
 * checks the message), as the construct would have written it (or its HCL twin), given to OpenTofu
 * `version`'s init and plan.
 */
function refusalRun(c: (typeof REFUSALS)[number], version = TOFU_VERSION): TofuResult {
  const stack = new TerraformStack(tofuApp(), 'producer');
  const props = c.props(stack);
  let doc: string;
  if (c.atSynth) {
    new StateEncryption(stack, props as StateEncryptionProps);
    expect(() => Testing.synth(stack, true)).toThrow(`- ${c.ours} [${c.id}]`);
    doc = Testing.synth(stack);
  } else {
    expect(() => new StateEncryption(stack, props as StateEncryptionProps)).toThrow(`- ${c.ours} [${c.id}]`);
    doc = unchecked(props);
  }
  return freshRun(c.hcl ? { 'main.tf': c.hcl } : { 'main.tf.json': doc }, 'plan', {}, version);
}

/** The arguments OpenTofu 1.13.0 adds to the KMS key providers, each with a valid sample. */
const NEW_ARGUMENTS = [
  ['aws_kms', 'encryptionContext', (extra: object) => EncryptionKeyProvider.awsKms('main', { kmsKeyId: 'alias/k', keySpec: 'AES_256' as any, region: 'eu-west-1', encryptionContext: { stack: 'producer' }, ...extra })],
  ['gcp_kms', 'additionalAuthenticatedData', (extra: object) => EncryptionKeyProvider.gcpKms('main', { kmsEncryptionKey: 'projects/p/locations/l/keyRings/r/cryptoKeys/k', keyLength: 32, accessToken: 'x', additionalAuthenticatedData: 'cHJvZHVjZXI=', ...extra })],
  ['openbao', 'associatedData', (extra: object) => EncryptionKeyProvider.openBao('main', { keyName: 'k', associatedData: 'cHJvZHVjZXI=', ...extra })],
] as const;

/** The release an argument of a key provider first appears in, from its row. */
function sinceOf(type: string, name: string): string {
  return KEY_PROVIDERS.find((k) => k.type === type)!.table.spec(name)!.since.opentofu!;
}

/** The synthesized document of a key provider with one of the arguments 1.13.0 adds, for a target that has it. */
function newArgumentDocument(type: string, name: string, make: (extra: object) => EncryptionKeyProvider): string {
  const stack = new TerraformStack(tofuApp(`opentofu@${sinceOf(type, name)}`), 'producer');
  new LocalBackend(stack, { path: 'producer.tfstate' });
  new StateEncryption(stack, { state: { method: EncryptionMethod.aesGcm('main', { keys: make({}) }) } });
  return Testing.synth(stack);
}

/**
 * Every encryption judge's init of each new argument, started at once: a KMS key provider the
 * release accepts then waits for its service (gcp_kms for a minute), and the runs wait side by side.
 */
const argumentRuns = new Map<string, Promise<TofuResult>>();
beforeAll(() => {
  for (const version of encryptionJudges().filter((v) => !judgesOff() && fs.existsSync(tofuPath(v)))) {
    for (const [type, name, make] of NEW_ARGUMENTS) {
      argumentRuns.set(`${version} ${type}`, freshInit({ 'main.tf.json': newArgumentDocument(type, name, make) }, {}, version));
    }
  }
});

// Every OpenTofu judge with state encryption (the one above included): the arguments of its release;
// the others also refuse what every error rule refuses.
describe.each(encryptionJudges())('OpenTofu %s: the arguments of its release, and every error rule', (version) => {
  const judged = requireTofu(version);

  (judged ? test.each : test.skip.each)(NEW_ARGUMENTS.map(([type, name]) => [type, name] as const))(
    'field/availability: %s %s is taken from its first release on, and refused before it',
    async (type, name) => {
      // GIVEN what the construct writes for a target that has the argument, WHEN this release inits it
      const r = await argumentRuns.get(`${version} ${type}`)!;
      show(r, 2);
      const key = keyFor(KEY_PROVIDERS.find((k) => k.type === type)!.table.spec(name)!, 'opentofu')!;
      const unknown = new RegExp(`Extraneous JSON object property.*No argument or block type is named "${key}"`);
      // THEN a release before the argument's refuses it, as the construct does for that target; a later one takes it
      // (and fails, if at all, only on reaching its service)
      if (compareVersions(version, sinceOf(type, name)) < 0) {
        expect(r.status).not.toBe(0);
        expect(errorsOf(r).join('\n')).toMatch(unknown);
      } else {
        expect(errorsOf(r).join('\n')).not.toMatch(unknown);
      }
    },
    180_000,
  );

  // encryption/base64-data stays a warning while only a pre-release judges it (docs/FIELDS.md).
  const base64Cases = ([
    ['gcp_kms', 'additionalAuthenticatedData', /additional_authenticated_data must be valid standard base64/],
    ['openbao', 'associatedData', /associated data is not valid base64/],
  ] as const).filter(([type, name]) => compareVersions(version, sinceOf(type, name)) >= 0);
  if (base64Cases.length > 0) {
    (judged ? test.each : test.skip.each)(base64Cases)('encryption/base64-data: %s %s that is not base64 is refused offline', (type, name, says) => {
      const make = NEW_ARGUMENTS.find(([t]) => t === type)![2];
      // GIVEN what the construct writes (it warns: encryption/base64-data)
      const stack = new TerraformStack(tofuApp(`opentofu@${sinceOf(type, name)}`), 'producer');
      new LocalBackend(stack, { path: 'producer.tfstate' });
      new StateEncryption(stack, { state: { method: EncryptionMethod.aesGcm('main', { keys: make({ [name]: 'not base64!' }) }) } });
      // WHEN this release plans it offline, THEN it refuses the key provider before reaching its service
      const r = freshRun({ 'main.tf.json': Testing.synth(stack) }, 'plan', {}, version);
      show(r, 2);
      expect(r.status).not.toBe(0);
      expect(errorsOf(r).join('\n')).toMatch(says);
    });
  }

  if (version !== TOFU_VERSION) {
    (judged ? test.each : test.skip.each)(REFUSALS.map((c) => [c.id, c] as const))('every error rule is a refusal of OpenTofu: %s', (_id, c) => {
      const r = refusalRun(c, version);
      show(r, 2);
      expect(r.status).not.toBe(0);
      expect(errorsOf(r).join('\n')).toMatch(c.tofu);
    });
  }
});

describeEachJudge('refuses the encryption block', terraformJudges(), (terraform) => {
  test('encryption/target: terraform says the block is unsupported', () => {
    const aes = EncryptionMethod.aesGcm('main', { keys: EncryptionKeyProvider.pbkdf2('main', { passphrase: PASSPHRASE }) });
    let message: string;
    try {
      const r = validate(terraform, { 'main.tf.json': unchecked({ state: { method: aes } }) });
      message = JSON.stringify(r.diagnostics);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/No argument or block type is named \\?"encryption\\?"/);
  });
});
