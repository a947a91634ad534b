/**
 * Run-time judge, GCS: terraform and OpenTofu store, lock and read state on fake-gcs-server with the
 * backend and remote state the library emits, inside a namespace with only loopback. Every step is
 * checked from the stored objects (serial, lineage, outputs), never from exit codes alone: an
 * emulator answering 404 to state reads makes the tools see "no state" and lose it silently.
 */
import * as fs from 'fs';
import { GcsBackend, DataTerraformRemoteStateGcs } from '../../src/gcs-backend';
import { compareVersions } from '../../src/private/target/target';
import { FAKE_GCS, FAKE_GCS_VERSION, Sandbox, StoredState, gcsObject, gcsObjects, gcsState, startFakeGcs, parseState, requireRuntime, workDir, RunResult } from '../support/emulators';
import { requireJudges, judgeEnv, describeEachJudge } from '../support/judges';
import { consumer, crossStack, producer, scenario } from '../support/runtime-stacks';

const JUDGES = requireRuntime('fake-gcs-server') ? requireJudges('runtime') : [];
const ENDPOINT = FAKE_GCS.endpoint;
const BUCKET = 'runtime-state';
const ENV = { GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' };

describeEachJudge(`on fake-gcs-server ${FAKE_GCS_VERSION}`, JUDGES, (judge) => {
  let ns: Sandbox;

  beforeAll(() => {
    ns = startFakeGcs([BUCKET, 'endpoints']);
  });
  afterAll(() => ns?.stop());

  const run = (dir: string, args: string[], env: Record<string, string> = {}) =>
    ns.run(judge.binary, args, { cwd: dir, env: judgeEnv({ ...ENV, ...env }) });
  const runAsync = (dir: string, args: string[]) => ns.runAsync(judge.binary, args, { cwd: dir, env: judgeEnv(ENV) });
  const ok = (r: RunResult) => {
    if (r.status !== 0) throw new Error(`${judge.name} failed:\n${r.output}`);
    return r;
  };
  const list = (bucket: string, prefix: string): string[] => gcsObjects(ns, bucket, prefix);
  const stored = (name: string): StoredState => gcsState(ns, BUCKET, name);
  const backend = (prefix: string, endpoint = ENDPOINT) => (scope: any) =>
    new GcsBackend(scope, { bucket: BUCKET, prefix, storeageCustomEndpoint: endpoint });

  test('nothing but loopback is reachable from the namespace: init of a config that needs a provider fails', () => {
    // GIVEN a configuration whose init must download a provider from the registry
    const dir = workDir('runtime-offline-', { 'main.tf': 'terraform {\n  required_providers {\n    null = { source = "hashicorp/null" }\n  }\n}\n' });
    // WHEN the judge initialises it in the namespace the emulator serves in
    const r = run(dir, ['init', '-input=false', '-no-color']);
    // THEN it fails because the network is unreachable
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/network\s+is\s+unreachable/);
  });

  test(scenario('gcs-round-trip', 'init, apply and a named workspace store <prefix>/default.tfstate and <prefix>/blue.tfstate'), () => {
    // GIVEN a producer whose backend is the library's GcsBackend
    const prefix = `round-trip/${judge.tool}`;
    const dir = producer(judge.target, backend(prefix));

    // WHEN it is applied in the default workspace, then in a new workspace "blue"
    ok(run(dir, ['init', '-input=false', '-no-color']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=1']));
    const first = stored(`${prefix}/default.tfstate`);
    ok(run(dir, ['workspace', 'new', '-no-color', 'blue']));
    // THEN creating the workspace left the default state as it was (a failed read would empty it)
    expect(stored(`${prefix}/default.tfstate`)).toEqual(first);
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=2']));

    // THEN each workspace has its own object, with its serial, lineage and outputs
    expect(list(BUCKET, `${prefix}/`)).toEqual([`${prefix}/blue.tfstate`, `${prefix}/default.tfstate`]);
    expect(first.outputs).toEqual({ n: '1', ws: 'default' });
    expect(first.serial).toBeGreaterThanOrEqual(1);
    const blue = stored(`${prefix}/blue.tfstate`);
    expect(blue.outputs).toEqual({ n: '2', ws: 'blue' });
    expect(blue.lineage).not.toBe(first.lineage);
    expect(stored(`${prefix}/default.tfstate`)).toEqual(first);
    expect(ok(run(dir, ['workspace', 'list', '-no-color'])).stdout).toMatch(/default[\s\S]*\* blue/);
  });

  describe(scenario('gcs-endpoint-forms', 'storeageCustomEndpoint (gcs/custom-endpoint-form)'), () => {
    // The storage client resolves "b/<bucket>/o" against the endpoint as a relative URL.
    test.each([
      ['/storage/v1/b', true],
      ['/storage/v1/', true],
      ['/storage/v1/b/', false],
      ['/storage/v1', false],
    ])(`init with ${FAKE_GCS.base}%s: works = %s`, (suffix, works) => {
      // GIVEN a raw backend block (the library refuses the forms that fail)
      const prefix = `endpoint${suffix.replace(/\//g, '_')}/${judge.tool}`;
      const dir = workDir('runtime-endpoint-', {
        'main.tf.json': JSON.stringify({
          terraform: { backend: { gcs: { bucket: 'endpoints', prefix, storage_custom_endpoint: `${FAKE_GCS.base}${suffix}` } } },
          output: { n: { value: 'x' } },
        }),
      });
      // WHEN the tool initialises it and applies
      const init = run(dir, ['init', '-input=false', '-no-color']);
      if (works) {
        ok(init);
        ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color']));
        // THEN the state is stored where the documented name says
        expect(list('endpoints', `${prefix}/`)).toEqual([`${prefix}/default.tfstate`]);
      } else {
        // THEN init fails because the client asks for the wrong path
        expect(init.status).not.toBe(0);
        expect(init.output.replace(/\s+/g, ' ')).toMatch(/Failed to get existing workspaces: querying Cloud Storage failed: storage: bucket doesn't exist/);
        expect(list('endpoints', `${prefix}/`)).toEqual([]);
      }
    });
  });

  test(scenario('gcs-empty-required', 'init with bucket = "" (raw backend block)'), () => {
    const dir = workDir('runtime-empty-', {
      'main.tf.json': JSON.stringify({ terraform: { backend: { gcs: { bucket: '', storage_custom_endpoint: ENDPOINT } } } }),
    });
    const init = run(dir, ['init', '-input=false', '-no-color']);
    // eslint-disable-next-line no-console
    console.log(`${judge.name}, gcs bucket = "": exit ${init.status}\n${init.output.trim()}`);
    // THEN init fails (no tool checks the name; the storage client asks for bucket "" and is told
    // there is none), as the library's refusal at synth says
    expect(init.status).not.toBe(0);
    expect(init.output.replace(/\s+/g, ' ')).toMatch(/Failed to get existing workspaces: querying Cloud Storage failed: storage: bucket doesn't exist/);
  });

  test(scenario('gcs-blank-bucket', 'init with bucket = "  " (raw backend block) (gcs/bucket-blank)'), () => {
    const dir = workDir('runtime-blank-', {
      'main.tf.json': JSON.stringify({ terraform: { backend: { gcs: { bucket: '  ', storage_custom_endpoint: ENDPOINT } } } }),
    });
    const init = run(dir, ['init', '-input=false', '-no-color']);
    // THEN init fails: the storage client asks for bucket "  " and is told there is none
    expect(init.status).not.toBe(0);
    expect(init.output.replace(/\s+/g, ' ')).toMatch(/Failed to get existing workspaces: querying Cloud Storage failed: storage: bucket doesn't exist/);
  });

  test(scenario('gcs-locking', 'the lock object exists during a slow apply; a second apply fails on it, a third waits'), async () => {
    // GIVEN a producer whose apply takes 3 seconds
    const prefix = `locking/${judge.tool}`;
    const dir = producer(judge.target, backend(prefix), { sleep: 3 });
    ok(run(dir, ['init', '-input=false', '-no-color']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=1']));
    const before = stored(`${prefix}/default.tfstate`);
    expect(list(BUCKET, `${prefix}/`)).toEqual([`${prefix}/default.tfstate`]);

    // WHEN a slow apply runs
    const slow = runAsync(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=2']);
    // THEN its lock object appears
    ns.waitFor('the lock object', () => list(BUCKET, `${prefix}/`).includes(`${prefix}/default.tflock`));
    // WHEN a second apply runs meanwhile without -lock-timeout, and a third with it
    const refused = await runAsync(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=3']);
    const waiting = runAsync(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=4', '-lock-timeout=120s']);
    // THEN the second fails on the lock and changes nothing
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/Error acquiring the state lock/);
    const [a, c] = await Promise.all([slow, waiting]);
    ok(a);
    ok(c);
    // THEN the third waited and applied after the first: nothing lost, serial +2, lock gone
    const after = stored(`${prefix}/default.tfstate`);
    expect(after.lineage).toBe(before.lineage);
    expect(after.outputs).toEqual({ n: '4', ws: 'default' });
    expect(after.serial).toBe(before.serial + 2);
    expect(list(BUCKET, `${prefix}/`)).toEqual([`${prefix}/default.tfstate`]);
    // eslint-disable-next-line no-console
    console.log(`${judge.name} gcs locking: serial ${before.serial} -> ${after.serial}, lock seen, second apply refused, third waited`);
  });

  test(scenario('gcs-remote-state', 'a consumer reads each workspace through DataTerraformRemoteStateGcs'), () => {
    // GIVEN a producer applied in two workspaces
    const prefix = `remote/${judge.tool}`;
    const dir = producer(judge.target, backend(prefix));
    ok(run(dir, ['init', '-input=false', '-no-color']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=10']));
    ok(run(dir, ['workspace', 'new', '-no-color', 'green']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=20']));

    // WHEN a consumer reads both through the library's remote state (the endpoint, no credentials)
    const remote = (workspace?: string) => (scope: any, id: string) =>
      new DataTerraformRemoteStateGcs(scope, id, { bucket: BUCKET, prefix, storeageCustomEndpoint: ENDPOINT, workspace });
    const { dir: cdir } = consumer(judge.target, { dflt: remote(), green: remote('green') });
    ok(run(cdir, ['init', '-input=false', '-no-color']));
    ok(run(cdir, ['apply', '-auto-approve', '-input=false', '-no-color']));

    // THEN it sees each workspace's outputs
    const out = JSON.parse(ok(run(cdir, ['output', '-json'])).stdout);
    expect(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, (v as any).value]))).toEqual({
      dflt_n: '10', dflt_ws: 'default', green_n: '20', green_ws: 'green',
    });
    // AND the consumer's config holds no credential (the token comes from GOOGLE_OAUTH_ACCESS_TOKEN)
    expect(fs.readFileSync(`${cdir}/cdk.tf.json`, 'utf8')).not.toContain(ENV.GOOGLE_OAUTH_ACCESS_TOKEN);
  });

  /** A raw gcs backend block (no library check between the value and the tool), its init and apply. */
  const rawRun = (name: string, change: Record<string, unknown>) => {
    const prefix = `rule-${name}/${judge.tool}-${judge.version}`;
    const dir = workDir('runtime-rule-', {
      'main.tf.json': JSON.stringify({
        terraform: { backend: { gcs: { bucket: BUCKET, prefix, storage_custom_endpoint: ENDPOINT, ...change } } },
        output: { n: { value: 'x' } },
      }),
    });
    const init = ns.run(judge.binary, ['init', '-input=false', '-no-color'], { cwd: dir, env: judgeEnv(ENV), timeout: 60_000 });
    const apply = init.status === 0 ? ns.run(judge.binary, ['apply', '-auto-approve', '-input=false', '-no-color'], { cwd: dir, env: judgeEnv(ENV), timeout: 60_000 }) : undefined;
    // eslint-disable-next-line no-console
    console.log(`${judge.name}, rule ${name}: init exit ${init.status}${apply ? `, apply exit ${apply.status}` : ''}\n${(apply ?? init).output.trim()}`);
    return { init, apply, objects: list(BUCKET, `${prefix}/`) };
  };

  test(scenario('gcs-encryption-key', 'init fails with an encryption_key that is not base64, or not 32 bytes (gcs/encryption-key)'), () => {
    // GIVEN keys the library refuses, WHEN the tool initialises with them, THEN init fails and nothing is stored
    const text = rawRun('key-text', { encryption_key: 'not base64!' });
    expect(text.init.status).not.toBe(0);
    expect(text.init.output).toMatch(/Error decoding encryption key: illegal base64 data/);
    expect(text.objects).toEqual([]);
    // The storage client itself refuses the length (so real Cloud Storage is never asked).
    const short = rawRun('key-16', { encryption_key: Buffer.alloc(16, 7).toString('base64') });
    expect(short.init.status).not.toBe(0);
    expect(short.init.output.replace(/\s+/g, ' ')).toMatch(/storage: not a 32-byte AES-256 key/);
    expect(short.objects).toEqual([]);
    // AND a 32-byte key works (the emulator does not check it: this shows it is passed, not that it is right)
    const good = rawRun('key-32', { encryption_key: Buffer.alloc(32, 7).toString('base64') });
    ok(good.apply!);
    expect(good.objects).toHaveLength(1);
  });

  test(scenario('gcs-one-encryption', 'init fails with encryption_key and kms_encryption_key together (gcs/one-encryption)'), () => {
    const both = rawRun('both', { encryption_key: Buffer.alloc(32, 7).toString('base64'), kms_encryption_key: 'projects/p/locations/l/keyRings/r/cryptoKeys/k' });
    expect(both.init.status).not.toBe(0);
    expect(both.init.output).toMatch(/can't set both encryption_key and kms_encryption_key|"encryption_key": conflicts with kms_encryption_key/);
    expect(both.objects).toEqual([]);
  });

  // State encryption is OpenTofu 1.7+.
  (judge.tool === 'opentofu' && compareVersions(judge.version, '1.7.0') >= 0 ? test : test.skip)(
    scenario('gcs-encryption', 'an encrypted state is stored without plaintext; a consumer reads it with the key and fails without'),
    () => {
      // GIVEN a producer whose state is encrypted with a passphrase from the run
      const prefix = `encrypted/${judge.version}`;
      const secret = { TF_VAR_state_passphrase: 'correct horse battery staple' };
      const dir = producer(judge.target, backend(prefix), { encrypt: true });
      ok(run(dir, ['init', '-input=false', '-no-color'], secret));
      ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=plaintext-marker-7'], secret));

      // THEN the stored object holds no plaintext output, and is OpenTofu's encrypted form
      const body = gcsObject(ns, BUCKET, `${prefix}/default.tfstate`);
      expect(body).toBeDefined();
      expect(body).not.toContain('plaintext-marker-7');
      expect(JSON.parse(body!)).toHaveProperty('encrypted_data');
      // (OpenTofu keeps serial and lineage in clear beside the encrypted data, and no outputs)
      const st = parseState(body!);
      expect(st.serial).toBeGreaterThanOrEqual(1);
      expect(st.outputs).toEqual({});

      // WHEN a consumer with the remote_state_data_sources entry reads it
      const remote = (scope: any, id: string) =>
        new DataTerraformRemoteStateGcs(scope, id, { bucket: BUCKET, prefix, storeageCustomEndpoint: ENDPOINT });
      const { dir: withKey } = consumer(judge.target, { enc: remote }, { decrypt: true });
      ok(run(withKey, ['init', '-input=false', '-no-color'], secret));
      ok(run(withKey, ['apply', '-auto-approve', '-input=false', '-no-color'], secret));
      // THEN it sees the outputs
      expect(JSON.parse(ok(run(withKey, ['output', '-json'], secret)).stdout).enc_n.value).toBe('plaintext-marker-7');

      // WHEN a consumer without it reads it, THEN it fails with OpenTofu's message
      const { dir: without } = consumer(judge.target, { enc: remote });
      ok(run(without, ['init', '-input=false', '-no-color']));
      const refused = run(without, ['apply', '-auto-approve', '-input=false', '-no-color']);
      // eslint-disable-next-line no-console
      console.log(`${judge.name}, encrypted remote state without the key:\n${refused.output.trim()}`);
      expect(refused.status).not.toBe(0);
      expect(refused.output.replace(/\s+/g, ' ')).toMatch(/This state file is encrypted and can not be read without an encryption configuration/);
    },
  );

  describe(scenario('gcs-cross-stack', 'a cdktf cross-stack reference reads the producer through getRemoteStateDataSource'), () => {
    test.each([['JSON', false], ['HCL', true]])('synthesized as %s', (_format, hcl) => {
      // GIVEN two stacks of one app whose backends are the library's, one referring to the other
      const prefix = `cross-${hcl ? 'hcl' : 'json'}/${judge.tool}-${judge.version}`;
      const { producer: p, consumer: c } = crossStack(judge.target, (scope, stack) =>
        new GcsBackend(scope, { bucket: BUCKET, prefix: `${prefix}/${stack}`, storeageCustomEndpoint: ENDPOINT }), hcl as boolean);
      // WHEN the producer is applied, then the consumer
      ok(run(p, ['init', '-input=false', '-no-color']));
      ok(run(p, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=cross-42']));
      ok(run(c, ['init', '-input=false', '-no-color']));
      ok(run(c, ['apply', '-auto-approve', '-input=false', '-no-color']));
      // AND both again in a workspace "green" (the generated remote state reads terraform.workspace)
      ok(run(p, ['workspace', 'new', '-no-color', 'green']));
      ok(run(p, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=cross-43']));
      ok(run(c, ['workspace', 'new', '-no-color', 'green']));
      ok(run(c, ['apply', '-auto-approve', '-input=false', '-no-color']));
      // THEN each consumer state holds the value of its workspace, read from the producer's stored state
      expect(stored(`${prefix}/consumer/default.tfstate`).outputs).toEqual({ n: 'cross-42' });
      expect(stored(`${prefix}/consumer/green.tfstate`).outputs).toEqual({ n: 'cross-43' });
      expect(list(BUCKET, `${prefix}/`)).toEqual([
        `${prefix}/consumer/default.tfstate`, `${prefix}/consumer/green.tfstate`, `${prefix}/producer/default.tfstate`, `${prefix}/producer/green.tfstate`,
      ]);
    });
  });
});
