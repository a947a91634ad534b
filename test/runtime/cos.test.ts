/**
 * Run-time judge, Tencent COS: terraform and OpenTofu store, lock and read state with the backend
 * and remote state the library emits, on moto's S3 server behind the project's COS front end
 * (support/cos-front.js), inside a namespace with only loopback where the real COS and Tag API
 * host names lead to it. Every step is checked from the stored objects (serial, lineage, outputs)
 * and from what the front end logged the tool sending, never from exit codes alone.
 */
import { createHash } from 'crypto';
import { CosBackend, DataTerraformRemoteStateCos } from '../../src/cos-backend';
import { CUSTOM_DOMAIN, CosServer, FrontRequest, REGION, frontLog, heldTags, lastRequest, startCos, stopCos } from '../support/cos';
import { MOTO_VERSION, requireRuntime, workDir } from '../support/emulators';
import { describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { listKeys, readObject } from '../support/moto';
import { consumer, crossStack, producer, scenario } from '../support/runtime-stacks';
import { INIT, Layout, StoreRun, apply, crossStackRead, ok, remoteStateRead, roundTrip, stored } from '../support/state-scenarios';

const JUDGES = requireRuntime('moto') ? requireJudges('runtime') : [];
const BUCKET = 'state-1250000000';
/** A bucket for the layout without a prefix: the tools list workspaces from the bucket's root. */
const ROOTLESS = 'rootless-1250000000';
const SECRET_ID = `AKIDruntime${process.pid}`;
const SECRET_KEY = createHash('sha256').update(`${Date.now()}-${Math.random()}`).digest('hex');
const LOCK_TAG = 'tencentcloud-terraform-lock';

/** `<prefix>/<key>` and `<prefix>/<workspace>/<key>`; without a prefix, the bucket's root. */
const layout = (prefix: string, key = 'terraform.tfstate'): Layout => ({
  list: prefix ? `${prefix}/` : '',
  key: (ws) => [prefix, ws === 'default' ? '' : ws, key].filter(Boolean).join('/'),
});
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describeEachJudge(`on moto ${MOTO_VERSION} behind the COS front end`, JUDGES, (judge) => {
  let cos: CosServer;
  beforeAll(() => {
    cos = startCos([BUCKET, ROOTLESS]);
  });
  afterAll(() => stopCos(cos));

  const env = (extra: Record<string, string> = {}) =>
    judgeEnv({ TENCENTCLOUD_SECRET_ID: SECRET_ID, TENCENTCLOUD_SECRET_KEY: SECRET_KEY, SSL_CERT_FILE: cos.caFile, ...extra });
  const store = (bucket: string): StoreRun => ({
    judge,
    run: (dir, args, extra) => cos.ns.run(judge.binary, args, { cwd: dir, env: env(extra) }),
    runAsync: (dir, args) => cos.ns.runAsync(judge.binary, args, { cwd: dir, env: env() }),
    list: (prefix) => listKeys(cos.moto, bucket, prefix),
    read: (key) => readObject(cos.moto, bucket, key),
    secrets: [SECRET_ID, SECRET_KEY],
  });
  const s = store(BUCKET);
  const backend = (props: Record<string, unknown>) => (scope: any) => new CosBackend(scope, { bucket: BUCKET, region: REGION, ...props });
  /** What the tool sent during `step` (the test's own Tag API queries left out). */
  const sent = (step: () => void): FrontRequest[] => {
    const from = lastRequest(cos);
    step();
    return frontLog(cos, from).filter((r) => r.auth.scheme !== 'none');
  };

  test('nothing but loopback is reachable from the namespace: init of a config that needs a provider fails', () => {
    const dir = workDir('runtime-offline-', { 'main.tf': 'terraform {\n  required_providers {\n    null = { source = "hashicorp/null" }\n  }\n}\n' });
    const r = s.run(dir, INIT);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/network\s+is\s+unreachable/);
  });

  test(scenario('cos-round-trip', 'no prefix: terraform.tfstate and <workspace>/terraform.tfstate at the bucket root; state pull; workspace delete'), () => {
    // GIVEN a producer whose backend is the library's CosBackend without prefix or key
    const rootless = store(ROOTLESS);
    const dir = producer(judge.target, (scope) => new CosBackend(scope, { bucket: ROOTLESS, region: REGION }));
    // WHEN it is applied, in a workspace "blue" too, pulled, and "blue" deleted
    const requests = sent(() => roundTrip(rootless, dir, layout('')));
    // THEN (roundTrip) each object was where the tools put it without a prefix, and the tool sent:
    const objects = requests.filter((r) => r.bucket);
    expect(new Set(objects.map((r) => `${r.host} tls=${r.tls} ${r.auth.scheme} ${r.auth.keyId}`))).toEqual(
      new Set([`${ROOTLESS}.cos.${REGION}.myqcloud.com tls=true q-sign-algorithm=sha1 ${SECRET_ID}`]));
    // every state and lock write with the default ACL, server-side encryption and its md5 as metadata
    const puts = objects.filter((r) => r.method === 'PUT');
    expect(puts.length).toBeGreaterThanOrEqual(4);
    for (const put of puts) {
      expect(put.headers).toEqual({ 'x-cos-acl': 'private', 'x-cos-server-side-encryption': 'AES256', 'x-cos-meta-md5': expect.stringMatching(/^[0-9a-f]{32}$/) });
    }
    // and the Tag API calls of its lock mutex, on the default domain, signed with the same key
    const tagCalls = requests.filter((r) => r.action);
    expect(new Set(tagCalls.map((r) => `${r.host} ${r.auth.scheme} ${r.auth.keyId} ${r.tagKey}`))).toEqual(
      new Set([`tag.tencentcloudapi.com TC3-HMAC-SHA256 ${SECRET_ID} ${LOCK_TAG}`]));
    expect(new Set(tagCalls.map((r) => r.action))).toEqual(new Set(['CreateTag', 'DescribeTags', 'DeleteTag']));
    expect(tagCalls.filter((r) => r.tagValue === md5(`${ROOTLESS}:terraform.tfstate.tflock`)).length).toBeGreaterThan(0);
    expect(heldTags(cos)).toEqual([]);
    // eslint-disable-next-line no-console
    console.log(`${judge.name} cos round trip: ${objects.length} object requests (${puts.length} PUT), Tag calls ${tagCalls.map((r) => r.action).join(',')}`);
  });

  test(scenario('cos-locking', 'the .tflock object exists during a slow apply; a second apply fails on it, a third waits'), async () => {
    // GIVEN a producer whose apply takes 2 seconds
    const where = layout('lock');
    const dir = producer(judge.target, backend({ prefix: 'lock' }), { sleep: 2 });
    ok(s, s.run(dir, INIT));
    ok(s, s.run(dir, apply('n=1')));
    const before = stored(s, where.key('default'));
    expect(s.list('lock/')).toEqual(['lock/terraform.tfstate']);

    // WHEN a slow apply runs, THEN its lock object appears
    const slow = s.runAsync(dir, apply('n=2'));
    cos.ns.waitFor('the lock object', () => s.list('lock/').includes('lock/terraform.tfstate.tflock'));
    const lock = JSON.parse(s.read('lock/terraform.tfstate.tflock')!);
    expect(lock).toMatchObject({ Operation: 'OperationTypeApply', Path: 'lock/terraform.tfstate.tflock' });
    // WHEN a second apply runs meanwhile without -lock-timeout, and a third with it
    const refused = await s.runAsync(dir, apply('n=3'));
    const waiting = s.runAsync(dir, [...apply('n=4'), '-lock-timeout=120s']);
    // THEN the second fails on the lock
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/Error acquiring the state lock/);
    const [a, c] = await Promise.all([slow, waiting]);
    ok(s, a);
    ok(s, c);
    // THEN the third waited and applied after the first: nothing lost, serial +2, no lock, no tag left
    const after = stored(s, where.key('default'));
    expect(after.lineage).toBe(before.lineage);
    expect(after.outputs).toEqual({ n: '4', ws: 'default' });
    expect(after.serial).toBe(before.serial + 2);
    expect(s.list('lock/')).toEqual(['lock/terraform.tfstate']);
    expect(heldTags(cos)).toEqual([]);
    const duplicates = frontLog(cos).filter((r) => r.error === 'ResourceInUse.TagDuplicate').length;
    // eslint-disable-next-line no-console
    console.log(`${judge.name} cos locking: serial ${before.serial} -> ${after.serial}, lock object seen (${lock.Operation}), second apply refused, third waited; CreateTag refused ${duplicates} time(s)`);
  });

  test(scenario('cos-remote-state', 'a consumer reads <prefix>/<key> and <prefix>/<workspace>/<key> through DataTerraformRemoteStateCos'), () => {
    // GIVEN a producer with a prefix and a key, applied in two workspaces
    const dir = producer(judge.target, backend({ prefix: 'remote', key: 'app.tfstate' }));
    const remote = (workspace?: string) => (scope: any, id: string) =>
      new DataTerraformRemoteStateCos(scope, id, { bucket: BUCKET, region: REGION, prefix: 'remote', key: 'app.tfstate', workspace });
    // WHEN a consumer reads both through the library's remote state, its credentials from env vars
    const warnings = remoteStateRead(s, dir, () => consumer(judge.target, { dflt: remote(), green: remote('green') }), layout('remote', 'app.tfstate'));
    // THEN (remoteStateRead) it saw each workspace's outputs and its configuration holds no credential
    expect(s.list('remote/')).toEqual(['remote/app.tfstate', 'remote/green/app.tfstate']);
    expect(warnings).toEqual([]);
  });

  describe(scenario('cos-cross-stack', 'a cdktf cross-stack reference reads the producer through getRemoteStateDataSource'), () => {
    test.each([['JSON', false], ['HCL', true]])('synthesized as %s', (format, hcl) => {
      // GIVEN two stacks of one app whose backends are the library's; only the producer's holds the credentials
      const base = `cross-${format}`;
      const stacks = crossStack(judge.target, (scope, stack) => new CosBackend(scope, {
        bucket: BUCKET, region: REGION, prefix: `${base}/${stack}`, ...(stack === 'producer' ? { secretId: SECRET_ID, secretKey: SECRET_KEY } : {}),
      }), hcl as boolean);
      // WHEN both are applied in the default workspace and in "green", THEN the consumer read each
      crossStackRead(s, stacks, hcl ? 'cdk.tf' : 'cdk.tf.json', { producer: layout(`${base}/producer`), consumer: layout(`${base}/consumer`) });
    });
  });

  /** A raw cos backend block (no library check between the value and the tool) and its init. */
  const rawInit = (name: string, change: Record<string, unknown>) => {
    const dir = workDir('runtime-rule-', {
      'main.tf.json': JSON.stringify({ terraform: { backend: { cos: { bucket: BUCKET, region: REGION, prefix: `rule-${name}`, ...change } } }, output: { n: { value: 'x' } } }),
    });
    let init: ReturnType<StoreRun['run']> | undefined;
    const requests = sent(() => (init = s.run(dir, INIT)));
    // eslint-disable-next-line no-console
    console.log(`${judge.name}, cos ${name}: init exit ${init!.status}, ${requests.length} request(s)\n${init!.output.trim()}`);
    return { init: init!, requests };
  };

  describe(scenario('cos-object-options', 'acl, encrypt and accelerate reach the tool; an acl it does not know fails init (cos/acl)'), () => {
    test('acl "public-read", encrypt false, accelerate true', () => {
      const dir = producer(judge.target, backend({ prefix: 'options', acl: 'public-read', encrypt: false, accelerate: true }));
      const requests = sent(() => {
        ok(s, s.run(dir, INIT));
        ok(s, s.run(dir, apply('n=1')));
      });
      expect(stored(s, 'options/terraform.tfstate').outputs).toEqual({ n: '1', ws: 'default' });
      // THEN every object request went to the global acceleration host, and the writes carried the ACL and no encryption
      const objects = requests.filter((r) => r.bucket);
      expect(new Set(objects.map((r) => r.host))).toEqual(new Set([`${BUCKET}.cos.accelerate.myqcloud.com`]));
      const puts = objects.filter((r) => r.method === 'PUT');
      expect(puts.length).toBeGreaterThan(0);
      for (const put of puts) expect(put.headers).toEqual({ 'x-cos-acl': 'public-read', 'x-cos-meta-md5': expect.stringMatching(/^[0-9a-f]{32}$/) });
    });

    test('fails if acl is "public-read-write"', () => {
      const { init, requests } = rawInit('acl', { acl: 'public-read-write' });
      expect(init.status).not.toBe(0);
      expect(init.output).toMatch(/acl value invalid, expected private or public-read, got public-read-write/);
      expect(requests).toEqual([]);
    });
  });

  test(scenario('cos-empty-required', 'init fails with bucket = "" (raw backend block)'), () => {
    const { init, requests } = rawInit('empty-bucket', { bucket: '' });
    // THEN init fails and the front end sees no request: the COS SDK refuses the bucket URL, or (opentofu before 1.11,
    // whose SDK checks no name) the host ".cos.<region>.myqcloud.com" cannot be resolved; the backend says "bucket  not exists".
    expect(init.status).not.toBe(0);
    expect(init.output.replace(/\s+/g, ' ')).toMatch(/Failed to get existing workspaces: bucket not exists/);
    expect(requests).toEqual([]);
  });

  describe(scenario('cos-prefix-form', 'init refuses a prefix starting with "./" before any request; "p/" is p (cos/prefix-form)'), () => {
    test('fails if prefix is "./p"', () => {
      const { init, requests } = rawInit('prefix', { prefix: './p' });
      expect(init.status).not.toBe(0);
      expect(init.output).toMatch(/prefix must not start with '\/' or '\.\/'/);
      expect(requests).toEqual([]);
    });

    test('prefix "pf/" stores pf/terraform.tfstate', () => {
      const dir = producer(judge.target, backend({ prefix: 'pf/' }));
      ok(s, s.run(dir, INIT));
      ok(s, s.run(dir, apply('n=1')));
      expect(s.list('pf')).toEqual(['pf/terraform.tfstate']);
    });
  });

  describe(scenario('cos-key-form', 'init refuses a key ending with "/" before any request; a key with a directory works (cos/key-form)'), () => {
    test('fails if key is "k/"', () => {
      const { init, requests } = rawInit('key', { key: 'k/' });
      expect(init.status).not.toBe(0);
      expect(init.output).toMatch(/key can not start and end with '\/'/);
      expect(requests).toEqual([]);
    });

    test('key "nested/k.tfstate" stores kf/nested/k.tfstate and kf/<workspace>/nested/k.tfstate', () => {
      const dir = producer(judge.target, backend({ prefix: 'kf', key: 'nested/k.tfstate' }));
      ok(s, s.run(dir, INIT));
      ok(s, s.run(dir, apply('n=1')));
      ok(s, s.run(dir, ['workspace', 'new', '-no-color', 'blue']));
      expect(s.list('kf/')).toEqual(['kf/blue/nested/k.tfstate', 'kf/nested/k.tfstate']);
      expect(ok(s, s.run(dir, ['workspace', 'list', '-no-color'])).stdout).toMatch(/^\s*default\n\* blue\n*$/);
    });
  });

  // endpoint and domain are terraform 1.6+ arguments; OpenTofu has neither (the library refuses them there).
  (judge.tool === 'terraform' ? describe : describe.skip)(
    scenario('cos-endpoint', 'init with each form of endpoint: http:// and https://cos-internal.<region>.tencentcos.cn work, others fail (cos/endpoint-form)'),
    () => {
      test.each([['http', false], ['https', true]])('endpoint %s://cos-internal.<region>.tencentcos.cn (TLS: %s) stores the state through <bucket>.cos-internal', (protocol, tls) => {
        const prefix = `endpoint-${protocol}`;
        const dir = producer(judge.target, backend({ prefix, endpoint: `${protocol}://cos-internal.${REGION}.tencentcos.cn` }));
        const requests = sent(() => {
          ok(s, s.run(dir, INIT));
          ok(s, s.run(dir, apply('n=1')));
        });
        expect(stored(s, `${prefix}/terraform.tfstate`).outputs).toEqual({ n: '1', ws: 'default' });
        expect(new Set(requests.filter((r) => r.bucket).map((r) => `${r.host} tls=${r.tls}`))).toEqual(
          new Set([`${BUCKET}.cos-internal.${REGION}.tencentcos.cn tls=${tls}`]));
      });

      test.each(['https://127.0.0.1:9000', `https://cos.${REGION}.myqcloud.com`, `https://cos-internal.${REGION}.tencentcos.cn/`])('fails if endpoint is %s', (endpoint) => {
        const { init, requests } = rawInit('endpoint', { endpoint });
        expect(init.status).not.toBe(0);
        expect(init.output.replace(/\s+/g, ' ')).toContain(`Invalid URL: ${endpoint} must be: http(s)://cos-internal.{Region}.tencentcos.cn`);
        expect(requests).toEqual([]);
      });
    },
  );

  (judge.tool === 'terraform' ? test : test.skip)(scenario('cos-domain', 'domain moves the Tag API calls of the lock to tag.<domain>'), () => {
    const dir = producer(judge.target, backend({ prefix: 'domain', domain: CUSTOM_DOMAIN }));
    const requests = sent(() => {
      ok(s, s.run(dir, INIT));
      ok(s, s.run(dir, apply('n=1')));
    });
    expect(stored(s, 'domain/terraform.tfstate').outputs).toEqual({ n: '1', ws: 'default' });
    const tagCalls = requests.filter((r) => r.action);
    expect(tagCalls.length).toBeGreaterThan(0);
    expect(new Set(tagCalls.map((r) => r.host))).toEqual(new Set([`tag.${CUSTOM_DOMAIN}`]));
    // the objects themselves stay on the regional COS host
    expect(new Set(requests.filter((r) => r.bucket).map((r) => r.host))).toEqual(new Set([`${BUCKET}.cos.${REGION}.myqcloud.com`]));
  });
});
