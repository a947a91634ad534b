/**
 * Run-time judge, moving state between two prefixes of one bucket on COS and OSS (moto; COS behind
 * the project's front end), with plain terraform and tofu as the README's "Changing where state
 * lives" tells a user to: after the prefix changes, `init` stops at "Backend configuration changed";
 * `init -migrate-state -force-copy` copies every workspace's state to the new prefix (a named
 * workspace's lineage kept; the default workspace's under a new lineage) and leaves the old objects
 * as they were. Checked on the stored objects. The record of the first init holds the hash of the
 * block the library emitted, as stack/state-moved computes it (kit/backend-hash.ts).
 */
import { createHash, randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { TerraformBackend } from 'cdktf';
import { Construct } from 'constructs';
import { CosBackend } from '../../src/cos-backend';
import { OssBackend } from '../../src/oss-backend';
import { backendBlockHash } from '../../src/private/kit/backend-hash';
import { CosServer, REGION, startCos, startOssFront, stopCos } from '../support/cos';
import { MOTO_VERSION, Sandbox, requireRuntime } from '../support/emulators';
import { describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { listKeys, readObject, startMoto } from '../support/moto';
import { producer } from '../support/runtime-stacks';
import { INIT, StoreRun, apply, ok, stored } from '../support/state-scenarios';

const JUDGES = requireRuntime('moto') ? requireJudges() : [];
const COS_BUCKET = 'moves-1250000000';
const OSS_BUCKET = 'runtime-moves';
const SECRET = createHash('sha256').update(`${Date.now()}-${Math.random()}`).digest('hex');
const OSS_ACCESS_KEY = `LTAImoves${process.pid}`;
const COS_SECRET_ID = `AKIDmoves${process.pid}`;
const OSS_SECRET_KEY = randomBytes(24).toString('hex');

/** `<prefix>/<key>` and `<prefix>/<workspace>/<key>`, both stores. */
const objectAt = (prefix: string, ws: string) => [prefix, ws === 'default' ? '' : ws, 'terraform.tfstate'].filter(Boolean).join('/');

describeEachJudge(`moving state between prefixes on moto ${MOTO_VERSION}`, JUDGES, (judge) => {
  let cos: CosServer;
  let ossNs: Sandbox;
  let oss: { run: StoreRun; backend: (prefix: string) => (scope: Construct) => TerraformBackend } | undefined;
  beforeAll(() => {
    cos = startCos([COS_BUCKET]);
    ossNs = Sandbox.start();
    const moto = startMoto(ossNs, [OSS_BUCKET]);
    const front = startOssFront(ossNs, moto, 5001);
    const env = (extra: Record<string, string> = {}) =>
      judgeEnv({ ALICLOUD_ACCESS_KEY: OSS_ACCESS_KEY, ALICLOUD_SECRET_KEY: OSS_SECRET_KEY, ...extra });
    oss = {
      run: {
        judge,
        run: (dir, args, extra) => ossNs.run(judge.binary, args, { cwd: dir, env: env(extra) }),
        runAsync: (dir, args) => ossNs.runAsync(judge.binary, args, { cwd: dir, env: env() }),
        list: (prefix) => listKeys(moto, OSS_BUCKET, prefix),
        read: (key) => readObject(moto, OSS_BUCKET, key),
        secrets: [OSS_ACCESS_KEY, OSS_SECRET_KEY],
      },
      backend: (prefix) => (scope) => new OssBackend(scope, { bucket: OSS_BUCKET, region: 'cn-hangzhou', endpoint: front.base, prefix }),
    };
  });
  afterAll(() => {
    stopCos(cos);
    ossNs?.stop();
  });

  const cosStore = (): { run: StoreRun; backend: (prefix: string) => (scope: Construct) => TerraformBackend } => {
    const env = (extra: Record<string, string> = {}) =>
      judgeEnv({ TENCENTCLOUD_SECRET_ID: COS_SECRET_ID, TENCENTCLOUD_SECRET_KEY: SECRET, SSL_CERT_FILE: cos.caFile, ...extra });
    return {
      run: {
        judge,
        run: (dir, args, extra) => cos.ns.run(judge.binary, args, { cwd: dir, env: env(extra) }),
        runAsync: (dir, args) => cos.ns.runAsync(judge.binary, args, { cwd: dir, env: env() }),
        list: (prefix) => listKeys(cos.moto, COS_BUCKET, prefix),
        read: (key) => readObject(cos.moto, COS_BUCKET, key),
        secrets: [COS_SECRET_ID, SECRET],
      },
      backend: (prefix) => (scope) => new CosBackend(scope, { bucket: COS_BUCKET, region: REGION, prefix }),
    };
  };

  test.each(['cos', 'oss'] as const)('%s: init -migrate-state copies every workspace to the new prefix and leaves the old objects', (name) => {
    const { run: s, backend } = name === 'cos' ? cosStore() : oss!;
    const from = `${judge.tool}-${judge.version}/network`;
    const to = `${judge.tool}-${judge.version}/prod/network`;
    // GIVEN a stack applied under prefix `from`, in the default workspace and in "blue"
    const dir = producer(judge.target, backend(from));
    ok(s, s.run(dir, INIT));
    // (the record of that init holds the hash of the block the library emitted, as kit/backend-hash.ts computes it)
    const recorded = JSON.parse(fs.readFileSync(path.join(dir, '.terraform', 'terraform.tfstate'), 'utf8')).backend;
    const block = JSON.parse(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8')).terraform.backend[name];
    expect(backendBlockHash(name, Object.keys(recorded.config), recorded.config, block)).toBe(recorded.hash);
    ok(s, s.run(dir, apply('n=1')));
    ok(s, s.run(dir, ['workspace', 'new', '-no-color', 'blue']));
    ok(s, s.run(dir, apply('n=2')));
    ok(s, s.run(dir, ['workspace', 'select', '-no-color', 'default']));
    const before = { default: stored(s, objectAt(from, 'default')), blue: stored(s, objectAt(from, 'blue')) };

    // WHEN the prefix changes (the block the library emits for `to`, in the same directory)
    fs.copyFileSync(path.join(producer(judge.target, backend(to)), 'cdk.tf.json'), path.join(dir, 'cdk.tf.json'));
    // THEN a plain init stops and writes nothing
    const stopped = s.run(dir, INIT);
    expect(stopped.status).not.toBe(0);
    expect(stopped.output).toMatch(/Backend configuration changed/);
    expect(s.list(`${to}/`)).toEqual([]);

    // WHEN init copies the state (-force-copy answers the tool's questions, as the README says for CI)
    ok(s, s.run(dir, ['init', '-input=false', '-no-color', '-migrate-state', '-force-copy']));
    const after = { default: stored(s, objectAt(to, 'default')), blue: stored(s, objectAt(to, 'blue')) };
    // THEN both workspaces' states are under the new prefix with their outputs
    expect(s.list(`${to}/`)).toEqual([objectAt(to, 'blue'), objectAt(to, 'default')].sort());
    expect(after.default.outputs).toEqual(before.default.outputs);
    expect(after.blue.outputs).toEqual(before.blue.outputs);
    // AND a named workspace keeps its lineage (its serial goes up by one); the default workspace keeps its
    // serial under a new lineage (every judge, COS and OSS alike: the README says so)
    expect(after.blue.lineage).toBe(before.blue.lineage);
    expect(after.blue.serial).toBe(before.blue.serial + 1);
    expect(after.default.serial).toBe(before.default.serial);
    expect(after.default.lineage).not.toBe(before.default.lineage);
    for (const ws of ['default', 'blue'] as const) {
      // AND the old object is as it was: init never deletes it
      expect(stored(s, objectAt(from, ws))).toEqual(before[ws]);
    }
    // AND the next plan finds nothing to change
    expect(ok(s, s.run(dir, ['plan', '-input=false', '-no-color', '-detailed-exitcode', '-var', 'n=1'])).status).toBe(0);
  });
});
