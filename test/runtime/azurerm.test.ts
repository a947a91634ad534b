/**
 * Run-time judge, AzureRM: terraform and OpenTofu store, lock and read state on Azurite with the
 * backend and remote state the library emits, inside a namespace with only loopback where
 * `<account>.blob.core.windows.net` is Azurite. Every step is checked from the stored blobs
 * (serial, lineage, outputs, lease), never from exit codes alone.
 */
import * as fs from 'fs';
import { AzurermBackend, DataTerraformRemoteStateAzurerm } from '../../src/azurerm-backend';
import { appliesAt } from '../../src/private/kit/rule-row';
import { AZURERM_RULES } from '../../src/private/stores/azurerm-rules';
import { compareVersions } from '../../src/private/target/target';
import { AzuriteServer, ACCOUNT, blobPath, blobRequest, listBlobs, readBlob, startAzurite, cleanUp } from '../support/azurite';
import { RunResult, StoredState, parseState, requireRuntime, workDir } from '../support/emulators';
import { describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { consumer, crossStack, producer, scenario } from '../support/runtime-stacks';

const JUDGES = requireRuntime('azurite') ? requireJudges('runtime') : [];
const CONTAINER = 'tfstate';

describeEachJudge('on Azurite', JUDGES, (judge) => {
  let az: AzuriteServer;

  beforeAll(() => {
    az = startAzurite([CONTAINER]);
  });
  afterAll(() => cleanUp(az));

  const env = (extra: Record<string, string> = {}) => judgeEnv({ ARM_ACCESS_KEY: az.key, SSL_CERT_FILE: az.caFile, ...extra });
  const run = (dir: string, args: string[], extra: Record<string, string> = {}) => az.ns.run(judge.binary, args, { cwd: dir, env: env(extra) });
  const runAsync = (dir: string, args: string[]) => az.ns.runAsync(judge.binary, args, { cwd: dir, env: env() });
  const ok = (r: RunResult) => {
    if (r.status !== 0) throw new Error(`${judge.name} failed:\n${r.output}`);
    return r;
  };
  const stored = (name: string): StoredState => {
    const body = readBlob(az, CONTAINER, name);
    if (body === undefined) throw new Error(`no blob ${name}`);
    return parseState(body);
  };
  const names = (prefix: string) => listBlobs(az, CONTAINER, prefix).map((b) => b.name);
  const backend = (key: string) => (scope: any) => new AzurermBackend(scope, { storageAccountName: ACCOUNT, containerName: CONTAINER, key });

  test(scenario('azurerm-round-trip', 'init, apply and a named workspace store <key> and <key>env:blue'), () => {
    // GIVEN a producer whose backend is the library's AzurermBackend (the key comes from ARM_ACCESS_KEY)
    const key = `${judge.tool}-${judge.version}/round-trip.tfstate`;
    const dir = producer(judge.target, backend(key));

    // WHEN it is applied in the default workspace, then in a new workspace "blue"
    ok(run(dir, ['init', '-input=false', '-no-color']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=1']));
    const first = stored(key);
    ok(run(dir, ['workspace', 'new', '-no-color', 'blue']));
    expect(stored(key)).toEqual(first);
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=2']));

    // THEN each workspace has its own blob, with its serial, lineage and outputs
    expect(names(`${judge.tool}-${judge.version}/`)).toEqual([key, `${key}env:blue`]);
    expect(first.outputs).toEqual({ n: '1', ws: 'default' });
    const blue = stored(`${key}env:blue`);
    expect(blue.outputs).toEqual({ n: '2', ws: 'blue' });
    expect(blue.lineage).not.toBe(first.lineage);
    expect(stored(key)).toEqual(first);
    expect(ok(run(dir, ['workspace', 'list', '-no-color'])).stdout).toMatch(/default[\s\S]*\* blue/);
  });

  test('nothing but loopback is reachable from the namespace: init of a config that needs a provider fails', () => {
    const dir = workDir('runtime-offline-', { 'main.tf': 'terraform {\n  required_providers {\n    null = { source = "hashicorp/null" }\n  }\n}\n' });
    const r = run(dir, ['init', '-input=false', '-no-color']);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/network\s+is\s+unreachable/);
  });

  test(scenario('azurerm-locking', 'the blob is leased during a slow apply; a second apply fails on it, a third waits'), async () => {
    // GIVEN a producer whose apply takes 3 seconds
    const key = `${judge.tool}-${judge.version}/locking.tfstate`;
    const dir = producer(judge.target, backend(key), { sleep: 3 });
    ok(run(dir, ['init', '-input=false', '-no-color']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=1']));
    const before = stored(key);
    expect(listBlobs(az, CONTAINER, key)).toEqual([{ name: key, lease: 'available' }]);

    // WHEN a slow apply runs
    const slow = runAsync(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=2']);
    // THEN the state blob is leased (the AzureRM lock)
    az.ns.waitFor('the lease', () => listBlobs(az, CONTAINER, key).some((b) => b.lease === 'leased'));
    // WHEN a second apply runs meanwhile without -lock-timeout, and a third with it
    const refused = await runAsync(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=3']);
    const waiting = runAsync(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=4', '-lock-timeout=120s']);
    // THEN the second fails on the lock
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/Error acquiring the state lock/);
    const [a, c] = await Promise.all([slow, waiting]);
    ok(a);
    ok(c);
    // THEN the third waited and applied after the first: nothing lost, serial +2, lease released
    const after = stored(key);
    expect(after.lineage).toBe(before.lineage);
    expect(after.outputs).toEqual({ n: '4', ws: 'default' });
    expect(after.serial).toBe(before.serial + 2);
    expect(listBlobs(az, CONTAINER, key)).toEqual([{ name: key, lease: 'available' }]);
    // eslint-disable-next-line no-console
    console.log(`${judge.name} azurerm locking: serial ${before.serial} -> ${after.serial}, lease seen, second apply refused, third waited`);
  });

  test(scenario('azurerm-remote-state', 'a consumer reads each workspace through DataTerraformRemoteStateAzurerm'), () => {
    // GIVEN a producer applied in two workspaces
    const key = `${judge.tool}-${judge.version}/remote.tfstate`;
    const dir = producer(judge.target, backend(key));
    ok(run(dir, ['init', '-input=false', '-no-color']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=10']));
    ok(run(dir, ['workspace', 'new', '-no-color', 'green']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=20']));

    // WHEN a consumer reads both through the library's remote state, its key from ARM_ACCESS_KEY
    const remote = (workspace?: string) => (scope: any, id: string) =>
      new DataTerraformRemoteStateAzurerm(scope, id, { storageAccountName: ACCOUNT, containerName: CONTAINER, key, workspace });
    const { dir: cdir, warnings } = consumer(judge.target, { dflt: remote(), green: remote('green') });
    ok(run(cdir, ['init', '-input=false', '-no-color']));
    ok(run(cdir, ['apply', '-auto-approve', '-input=false', '-no-color']));

    // THEN it sees each workspace's outputs, and its configuration holds no key
    const out = JSON.parse(ok(run(cdir, ['output', '-json'])).stdout);
    expect(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, (v as any).value]))).toEqual({
      dflt_n: '10', dflt_ws: 'default', green_n: '20', green_ws: 'green',
    });
    expect(fs.readFileSync(`${cdir}/cdk.tf.json`, 'utf8')).not.toContain(az.key);
    // AND the library told the author where the key must come from
    expect(warnings).toEqual(expect.arrayContaining([expect.stringMatching(/must provide ARM_ACCESS_KEY, ARM_SAS_TOKEN or ARM_USE_AZUREAD=true.*\[azurerm\/data-plane-auth-from-env\]/)]));
  });

  describe(scenario('azurerm-empty-required', 'raw backend blocks with a required field given as ""'), () => {
    // With every run-time judge: an empty key or container fails init with every tool; an empty
    // environment fails terraform before 1.13 and opentofu before 1.11, while opentofu 1.11+ and
    // terraform 1.13+ take it as unset (the public cloud) and work.
    const emptyEnvironmentWorks = compareVersions(judge.version, judge.tool === 'opentofu' ? '1.11.0' : '1.13.0') >= 0;
    test.each([
      ['key', { key: '' }, /`blobName` cannot be an empty string|error downloading azure blob: GET\s+https:\/\/runtimeacct\.blob\.core\.windows\.net\/tfstate\/\s/],
      ['container_name', { container_name: '' }, /`containerName` cannot be an empty string|invalid storage container name/],
      ['environment', { environment: '' }, emptyEnvironmentWorks ? undefined : /no environment was found with the name ""|unable to locate metadata for environment ""/],
    ] as const)('init with %s = ""', (field, change, refusal) => {
      // GIVEN a raw backend block (the library refuses each where the judge does)
      const key = `empty-${field}.tfstate`;
      const dir = workDir('runtime-empty-', {
        'main.tf.json': JSON.stringify({
          terraform: { backend: { azurerm: { storage_account_name: ACCOUNT, container_name: CONTAINER, key, ...change } } },
          output: { n: { value: 'x' } },
        }),
      });
      // WHEN the tool initialises and applies it
      const init = run(dir, ['init', '-input=false', '-no-color']);
      const apply = init.status === 0 ? run(dir, ['apply', '-auto-approve', '-input=false', '-no-color']) : undefined;
      // eslint-disable-next-line no-console
      console.log(`${judge.name}, azurerm ${field} = "": init exit ${init.status}${apply ? `, apply exit ${apply.status}` : ''}\n${(apply ?? init).output.trim()}`);
      if (refusal) {
        // THEN init fails with the tool's message, and nothing is stored
        expect(init.status).not.toBe(0);
        expect(init.output).toMatch(refusal);
        expect(names(key)).toEqual([]);
      } else {
        // THEN the tool works and stores the state at the key
        ok(apply!);
        expect(stored(key).outputs).toEqual({ n: 'x' });
      }
    });
  });

  /** A raw azurerm backend block (no library check between the value and the tool) and its init. */
  const rawInit = (name: string, change: Record<string, unknown>) => {
    const dir = workDir('runtime-rule-', {
      'main.tf.json': JSON.stringify({
        terraform: { backend: { azurerm: { storage_account_name: ACCOUNT, container_name: CONTAINER, key: `rule-${name}.tfstate`, ...change } } },
        output: { n: { value: 'x' } },
      }),
    });
    const r = run(dir, ['init', '-input=false', '-no-color']);
    // eslint-disable-next-line no-console
    console.log(`${judge.name}, rule ${name}: init exit ${r.status}\n${r.output.trim()}`);
    return r;
  };

  // Error rules judged here: each refusal the library makes is one the tool makes at init.
  const applies = (id: string) => {
    const rule = AZURERM_RULES.find((r) => r.id === id)!;
    return appliesAt(rule, judge.target);
  };

  test(scenario('azurerm-environment', 'init fails with an environment the tool does not know (azurerm/environment)'), () => {
    const r = rawInit('environment', { environment: 'nope' });
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/no environment was found with the name "nope"|unknown environment identifier: nope|unable to locate metadata for environment "nope"/);
  });

  (applies('azurerm/timeout-zero') && judge.tool === 'opentofu' && compareVersions(judge.version, '1.9.0') >= 0 ? test : test.skip)(
    scenario('azurerm-timeout-zero', 'init fails with timeout_seconds = 0 or past the range of a Go duration, and works with 10 and 9223372036 (azurerm/timeout-zero)'),
    () => {
      const zero = rawInit('timeout-zero', { timeout_seconds: 0 });
      expect(zero.status).not.toBe(0);
      expect(zero.output.replace(/\s+/g, ' ')).toMatch(/context deadline exceeded/);
      const ten = rawInit('timeout-ten', { timeout_seconds: 10 });
      expect(ten.status).toBe(0);
      // Past Go's time.Duration the seconds overflow to a deadline already passed, as 0 is.
      const past = rawInit('timeout-past', { timeout_seconds: 9223372037 });
      expect(past.status).not.toBe(0);
      expect(past.output.replace(/\s+/g, ' ')).toMatch(/context deadline exceeded/);
      expect(rawInit('timeout-most', { timeout_seconds: 9223372036 }).status).toBe(0);
    },
  );

  // lookup_blob_endpoint is a terraform 1.11.2+ argument; OpenTofu has none.
  (judge.tool === 'terraform' ? test : test.skip)(
    scenario('azurerm-dns-lookup', 'init fails with lookupBlobEndpoint and no resourceGroupName (azurerm/dns-lookup-needs-resource-group)'),
    () => {
      const r = rawInit('dns', { lookup_blob_endpoint: true });
      expect(r.status).not.toBe(0);
      expect(r.output).toMatch(/`resource_group_name` is required when `lookup_blob_endpoint` is set/);
    },
  );

  // Only OpenTofu 1.11+ checks the names before it calls the service (other tools would ask DNS,
  // which is not reachable here, and hang on retries).
  (applies('azurerm/storage-account-name') ? test : test.skip)(
    scenario('azurerm-account-name', 'init fails with an invalid storage account name (azurerm/storage-account-name)'),
    () => {
      const r = rawInit('account', { storage_account_name: 'Bad_Acct' });
      expect(r.status).not.toBe(0);
      expect(r.output).toMatch(/invalid storage account name/);
    },
  );

  (applies('azurerm/container-name') ? test : test.skip)(
    scenario('azurerm-container-name', 'init fails with an invalid container name (azurerm/container-name)'),
    () => {
      const r = rawInit('container', { container_name: 'Bad_Container' });
      expect(r.status).not.toBe(0);
      expect(r.output).toMatch(/invalid storage container name/);
    },
  );

  // Terraform 1.11+ parses the key as a URL path; the others escape it (src/private/stores/azurerm-key.ts).
  test(scenario('azurerm-key-url', 'a key terraform 1.11+ reads as URL syntax: an invalid escape or a control character fails init, "?" cuts the blob name in every workspace, escapes are decoded, as azurerm/key-url warns (azurerm/key-url-invalid)'), () => {
    const urlPath = appliesAt(AZURERM_RULES.find((r) => r.id === 'azurerm/key-url-invalid')!, judge.target);
    const base = `${judge.tool}-${judge.version}/key-url`;
    // WHEN the key holds a "%" outside an escape, or a tab
    for (const key of [`${base}/100%.tfstate`, `${base}/a\tb.tfstate`]) {
      const r = rawInit('key-url', { key });
      // THEN terraform 1.11+ fails at init, before it writes anything; the others store the key as written
      if (urlPath) {
        expect(r.status).not.toBe(0);
        expect(r.output).toMatch(/invalid URL escape "%\.t"|net\/url: invalid control character in URL/);
      } else {
        ok(r);
      }
      expect(names(`${base}/`)).toEqual(urlPath ? [] : [key]);
      if (!urlPath) blobRequest(az, 'DELETE', blobPath(CONTAINER, key));
    }
    // WHEN the key holds "?" and an escape, in the default workspace and in "blue"
    const key = `${base}/app%2Bdb.tfstate?network`;
    const dir = producer(judge.target, (scope) => new AzurermBackend(scope, { storageAccountName: ACCOUNT, containerName: CONTAINER, key }));
    ok(run(dir, ['init', '-input=false', '-no-color']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=1']));
    ok(run(dir, ['workspace', 'new', '-no-color', 'blue']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=2']));
    // THEN terraform 1.11+ keeps both workspaces in the blob before "?", decoded: blue's state replaced default's
    if (urlPath) {
      expect(names(`${base}/`)).toEqual([`${base}/app+db.tfstate`]);
      expect(stored(`${base}/app+db.tfstate`).outputs).toEqual({ n: '2', ws: 'blue' });
    } else {
      expect(names(`${base}/`)).toEqual([key, `${key}env:blue`]);
      expect(stored(key).outputs).toEqual({ n: '1', ws: 'default' });
    }
  });

  describe(scenario('azurerm-cross-stack', 'a cdktf cross-stack reference reads the producer through getRemoteStateDataSource'), () => {
    test.each([['JSON', false], ['HCL', true]])('synthesized as %s', (format, hcl) => {
      // GIVEN two stacks of one app whose backends are the library's, one referring to the other
      const base = `${judge.tool}-${judge.version}/cross-${format}`;
      const { producer: p, consumer: c } = crossStack(judge.target, (scope, stack) =>
        new AzurermBackend(scope, { storageAccountName: ACCOUNT, containerName: CONTAINER, key: `${base}/${stack}.tfstate` }), hcl as boolean);
      // WHEN the producer is applied, then the consumer, in the default workspace and in "green"
      for (const [ws, n] of [['default', 'cross-42'], ['green', 'cross-43']]) {
        if (ws !== 'default') {
          ok(run(p, ['workspace', 'new', '-no-color', ws]));
          ok(run(c, ['workspace', 'new', '-no-color', ws]));
        } else {
          ok(run(p, ['init', '-input=false', '-no-color']));
          ok(run(c, ['init', '-input=false', '-no-color']));
        }
        ok(run(p, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', `n=${n}`]));
        ok(run(c, ['apply', '-auto-approve', '-input=false', '-no-color']));
      }
      // THEN each consumer blob holds the value of its workspace; no key is in either configuration
      expect(stored(`${base}/consumer.tfstate`).outputs).toEqual({ n: 'cross-42' });
      expect(stored(`${base}/consumer.tfstateenv:green`).outputs).toEqual({ n: 'cross-43' });
      expect(names(`${base}/`)).toEqual([`${base}/consumer.tfstate`, `${base}/consumer.tfstateenv:green`, `${base}/producer.tfstate`, `${base}/producer.tfstateenv:green`]);
      for (const d of [p, c]) expect(fs.readFileSync(`${d}/${hcl ? 'cdk.tf' : 'cdk.tf.json'}`, 'utf8')).not.toContain(az.key);
    });
  });

  // State encryption is OpenTofu 1.7+.
  (judge.tool === 'opentofu' && compareVersions(judge.version, '1.7.0') >= 0 ? test : test.skip)(
    scenario('azurerm-encryption', 'an encrypted state is stored without plaintext; a consumer reads it with the key and fails without'),
    () => {
      // GIVEN a producer whose state is encrypted with a passphrase from the run
      const key = `${judge.tool}-${judge.version}/encrypted.tfstate`;
      const secret = { TF_VAR_state_passphrase: 'correct horse battery staple' };
      const dir = producer(judge.target, backend(key), { encrypt: true });
      ok(run(dir, ['init', '-input=false', '-no-color'], secret));
      ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', 'n=plaintext-marker-7'], secret));

      // THEN the stored blob holds no plaintext output, and is OpenTofu's encrypted form
      const body = readBlob(az, CONTAINER, key)!;
      expect(body).not.toContain('plaintext-marker-7');
      expect(JSON.parse(body)).toHaveProperty('encrypted_data');
      expect(parseState(body).outputs).toEqual({});

      // WHEN a consumer with the remote_state_data_sources entry reads it, THEN it sees the outputs
      const remote = (scope: any, id: string) =>
        new DataTerraformRemoteStateAzurerm(scope, id, { storageAccountName: ACCOUNT, containerName: CONTAINER, key });
      const { dir: withKey } = consumer(judge.target, { enc: remote }, { decrypt: true });
      ok(run(withKey, ['init', '-input=false', '-no-color'], secret));
      ok(run(withKey, ['apply', '-auto-approve', '-input=false', '-no-color'], secret));
      expect(JSON.parse(ok(run(withKey, ['output', '-json'], secret)).stdout).enc_n.value).toBe('plaintext-marker-7');

      // WHEN a consumer without it reads it, THEN it fails with OpenTofu's message
      const { dir: without } = consumer(judge.target, { enc: remote });
      ok(run(without, ['init', '-input=false', '-no-color']));
      const refused = run(without, ['apply', '-auto-approve', '-input=false', '-no-color']);
      expect(refused.status).not.toBe(0);
      expect(refused.output.replace(/\s+/g, ' ')).toMatch(/This state file is encrypted and can not be read without an encryption configuration/);
    },
  );
});
