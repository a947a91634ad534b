/**
 * Run-time judge, Alibaba OSS: terraform and OpenTofu store and read state with the backend and
 * remote state the library emits, on moto's S3 server, inside a namespace with only loopback. With
 * `endpoint = "http://127.0.0.1:<port>"` the OSS SDK goes path-style (an IP host) and moto answers
 * it as S3; with static keys and no TableStore, assume-role or ECS role the backend calls nothing
 * else. The project's front end (support/cos-front.js, `oss` mode) sits between them only to
 * replace the OSS signature, which moto sometimes misreads, and to log what the tool sends. Every
 * step is checked from the stored objects, never from exit codes alone.
 *
 * The TableStore lock table is judged in oss-lock.test.ts, on the project's TableStore fake. OSS ACL
 * and server-side encryption headers are logged and sent to moto, which ignores them.
 */
import { randomBytes } from 'crypto';
import { DataTerraformRemoteStateOss, OssBackend } from '../../src/oss-backend';
import { frontLog, lastRequest, startOssFront } from '../support/cos';
import { MOTO_VERSION, Sandbox, requireRuntime, workDir } from '../support/emulators';
import { describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { Moto, listKeys, readObject, startMoto } from '../support/moto';
import { consumer, crossStack, producer, scenario } from '../support/runtime-stacks';
import { INIT, Layout, StoreRun, apply, crossStackRead, ok, remoteStateRead, roundTrip, stored } from '../support/state-scenarios';

const JUDGES = requireRuntime('moto') ? requireJudges('runtime') : [];
const BUCKET = 'runtime-state';
const REGION = 'cn-hangzhou';
const ACCESS_KEY = `LTAIruntime${process.pid}`;
const SECRET_KEY = randomBytes(24).toString('hex');

/** `<prefix>/<key>` and `<prefix>/<workspace>/<key>` (the tools' default prefix is "env:"). */
const layout = (prefix: string, key = 'terraform.tfstate'): Layout => ({
  list: `${prefix}/`,
  key: (ws) => [prefix, ws === 'default' ? '' : ws, key].filter(Boolean).join('/'),
});

describeEachJudge(`on moto ${MOTO_VERSION} (OSS API, path-style)`, JUDGES, (judge) => {
  let ns: Sandbox;
  let moto: Moto;
  let front: { readonly base: string; readonly logFile: string };
  beforeAll(() => {
    ns = Sandbox.start();
    moto = startMoto(ns, [BUCKET]);
    front = startOssFront(ns, moto, 5001);
  });
  afterAll(() => ns?.stop());

  const env = (extra: Record<string, string> = {}) => judgeEnv({ ALICLOUD_ACCESS_KEY: ACCESS_KEY, ALICLOUD_SECRET_KEY: SECRET_KEY, ...extra });
  const s: StoreRun = {
    judge,
    run: (dir, args, extra) => ns.run(judge.binary, args, { cwd: dir, env: env(extra) }),
    runAsync: (dir, args) => ns.runAsync(judge.binary, args, { cwd: dir, env: env() }),
    list: (prefix) => listKeys(moto, BUCKET, prefix),
    read: (key) => readObject(moto, BUCKET, key),
    secrets: [ACCESS_KEY, SECRET_KEY],
  };
  const config = (props: Record<string, unknown> = {}) => ({ bucket: BUCKET, region: REGION, endpoint: front.base, ...props });
  /** The object requests the tool sent during `step`, as the front end logged them. */
  const sent = (step: () => void) => {
    const from = lastRequest(front);
    step();
    return frontLog(front, from);
  };

  test('nothing but loopback is reachable from the namespace: init of a config that needs a provider fails', () => {
    const dir = workDir('runtime-offline-', { 'main.tf': 'terraform {\n  required_providers {\n    null = { source = "hashicorp/null" }\n  }\n}\n' });
    const r = s.run(dir, INIT);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/network\s+is\s+unreachable/);
  });

  test(scenario('oss-round-trip', 'no prefix: env:/terraform.tfstate and env:/<workspace>/terraform.tfstate; state pull; workspace delete'), () => {
    // GIVEN a producer whose backend is the library's OssBackend without prefix or key
    const dir = producer(judge.target, (scope) => new OssBackend(scope, config()));
    // WHEN it is applied, in a workspace "blue" too, pulled, and "blue" deleted
    let result: ReturnType<typeof roundTrip> | undefined;
    const requests = sent(() => (result = roundTrip(s, dir, layout('env:'))));
    // THEN (roundTrip) each object was under the tools' default prefix "env:", every request was
    // signed with the run's key, and the writes asked for neither an ACL nor encryption (the defaults)
    expect(new Set(requests.map((r) => `${r.auth.scheme} ${r.auth.keyId}`))).toEqual(new Set([`OSS ${ACCESS_KEY}`]));
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.length).toBeGreaterThanOrEqual(3);
    for (const put of puts) expect(put.headers).toEqual({});
    // eslint-disable-next-line no-console
    console.log(`${judge.name} oss round trip: env:/terraform.tfstate serial ${result!.first.serial}, env:/blue/terraform.tfstate serial ${result!.blue.serial}; ` +
      `blue deleted, ${s.list('').join(', ')} left; ${requests.length} requests (${puts.length} PUT)`);
  });

  test(scenario('oss-remote-state', 'a consumer reads <prefix>/<key> and <prefix>/<workspace>/<key> through DataTerraformRemoteStateOss'), () => {
    // GIVEN a producer with a prefix and a key, applied in two workspaces
    const dir = producer(judge.target, (scope) => new OssBackend(scope, config({ prefix: 'remote', key: 'app.tfstate' })));
    const remote = (workspace?: string) => (scope: any, id: string) =>
      new DataTerraformRemoteStateOss(scope, id, { ...config({ prefix: 'remote', key: 'app.tfstate' }), workspace });
    // WHEN a consumer reads both through the library's remote state, its credentials from env vars
    const warnings = remoteStateRead(s, dir, () => consumer(judge.target, { dflt: remote(), green: remote('green') }), layout('remote', 'app.tfstate'));
    // THEN (remoteStateRead) it saw each workspace's outputs and its configuration holds no credential
    expect(s.list('remote/')).toEqual(['remote/app.tfstate', 'remote/green/app.tfstate']);
    expect(warnings).toEqual([]);
  });

  describe(scenario('oss-cross-stack', 'a cdktf cross-stack reference reads the producer through getRemoteStateDataSource'), () => {
    test.each([['JSON', false], ['HCL', true]])('synthesized as %s', (format, hcl) => {
      // GIVEN two stacks of one app whose backends are the library's; only the producer's holds the credentials
      const base = `cross-${format}`;
      const stacks = crossStack(judge.target, (scope, stack) => new OssBackend(scope, config({
        prefix: `${base}/${stack}`, ...(stack === 'producer' ? { accessKey: ACCESS_KEY, secretKey: SECRET_KEY } : {}),
      })), hcl as boolean);
      // WHEN both are applied in the default workspace and in "green", THEN the consumer read each
      crossStackRead(s, stacks, hcl ? 'cdk.tf' : 'cdk.tf.json', { producer: layout(`${base}/producer`), consumer: layout(`${base}/consumer`) });
    });
  });

  // Both tools' client.go Put uses the SDK's oss.ACL option, which writes x-oss-acl (the header of
  // PutBucket); OSS documents x-oss-object-acl for PutObject. Whether OSS applies it is not shown here.
  test(scenario('oss-object-options', 'acl and encrypt reach OSS as x-oss-acl and x-oss-server-side-encryption on every write'), () => {
    const dir = producer(judge.target, (scope) => new OssBackend(scope, config({ prefix: 'options', acl: 'private', encrypt: true })));
    const requests = sent(() => {
      ok(s, s.run(dir, INIT));
      ok(s, s.run(dir, apply('n=1')));
    });
    expect(stored(s, 'options/terraform.tfstate').outputs).toEqual({ n: '1', ws: 'default' });
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.length).toBeGreaterThan(0);
    for (const put of puts) expect(put.headers).toEqual({ 'x-oss-acl': 'private', 'x-oss-server-side-encryption': 'AES256' });
  });

  test(scenario('oss-empty-required', 'init fails with bucket = "" (raw backend block)'), () => {
    const dir = workDir('runtime-empty-', {
      'main.tf.json': JSON.stringify({ terraform: { backend: { oss: { ...config(), bucket: '' } } }, output: { n: { value: 'x' } } }),
    });
    const init = s.run(dir, INIT);
    // eslint-disable-next-line no-console
    console.log(`${judge.name}, oss bucket = "": init exit ${init.status}\n${init.output.trim()}`);
    // THEN init fails: the OSS SDK of opentofu and terraform 1.15+ refuses the name before any request;
    // terraform's before 1.15 asks the endpoint's root, which lists buckets, not objects (as OSS itself answers it)
    expect(init.status).not.toBe(0);
    expect(init.output.replace(/\s+/g, ' ')).toMatch(
      /Failed to get existing workspaces: (error getting bucket: .*bucket name len is between \[3-63\],now is 0|expected element type <ListBucketResult> but have <ListAllMyBucketsResult>)/);
  });
});
