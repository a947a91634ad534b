/**
 * Run-time judge, Alibaba OSS with TableStore locking: terraform and OpenTofu lock, write and read
 * state with the backend and remote state the library emits, the objects on moto's S3 server
 * (behind the project's front end, as in oss.test.ts) and the lock table on the project's TableStore
 * fake (support/tablestore.ts), inside a namespace with only loopback whose /etc/hosts points the
 * instance's public endpoint host at the fake. The tests create the lock table (the tools never
 * do), and check every step on the stored objects, the table's rows and the fake's request log,
 * never on exit codes alone.
 *
 * The tools' protocol (both tools, internal/backend/remote-state/oss/client.go): the lock is a row
 * `LockID = <bucket>/<state object>` whose `Info` column holds the lock info, put with
 * EXPECT_NOT_EXIST (a refused put is followed by a GetRow that reports the holder); unlocking reads
 * the row, compares the id and deletes it; every write of the state puts the row
 * `<bucket>/<state object>-md5` whose `Digest` column is the object's MD5, which every read compares.
 */
import { createHash, randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { TerraformStack } from 'cdktf';
import { DataTerraformRemoteStateOss, OssBackend, OssBackendConfig } from '../../src/oss-backend';
import { envVarsOf, isAvailable } from '../../src/private/kit/schema';
import { OSS_STORE } from '../../src/private/stores/oss';
import { warningsOf } from '../support/annotations';
import { startOssFront } from '../support/cos';
import { MOTO_VERSION, RunResult, Sandbox, requireRuntime } from '../support/emulators';
import { Judge, describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { Moto, listKeys, readObject, startMoto, writeObject } from '../support/moto';
import { consumer, producer, scenario } from '../support/runtime-stacks';
import { INIT, StoreRun, apply, ok, stored } from '../support/state-scenarios';
import { appFor } from '../support/stores';
import {
  OTS_PLAIN_PORT, OtsRequest, TableStoreFake, createTable, lastOtsRequest, logLine, otsHost, otsLog, otsRows, putOtsRow, startTableStore,
} from '../support/tablestore';

const JUDGES = requireRuntime('moto', 'tablestore-fake') ? requireJudges() : [];
const BUCKET = 'runtime-state';
const REGION = 'cn-hangzhou';
const ACCESS_KEY = `LTAIlock${process.pid}`;
const SECRET_KEY = randomBytes(24).toString('hex');
/** The instance, its public endpoint (the form users write) and the lock table. */
const INSTANCE = 'tf-locks';
const ENDPOINT = `https://${otsHost(INSTANCE)}`;
const TABLE = 'tf_locks';
/** The lock row of a state object, and the row of its digest. */
const lockId = (object: string) => `${BUCKET}/${object}`;
const digestId = (object: string) => `${lockId(object)}-md5`;
const STACK_TIMEOUT = 240_000;

/** The lock info the tools keep in the lock row's Info column (statemgr.LockInfo). */
interface LockInfo {
  readonly ID: string;
  readonly Operation: string;
  readonly Path: string;
  readonly Who: string;
}

/** Whether the judge's tool has tablestore_instance_name (terraform 1.12.0 and later). */
const hasInstanceName = (judge: Judge) => isAvailable(OSS_STORE.table.spec('lockStoreInstanceName')!, judge.target);

describeEachJudge(`on moto ${MOTO_VERSION} and the TableStore fake`, JUDGES, (judge) => {
  let ns: Sandbox;
  let moto: Moto;
  let front: { readonly base: string; readonly logFile: string };
  let ots: TableStoreFake;
  beforeAll(() => {
    ns = Sandbox.start([`127.0.0.1 ${otsHost(INSTANCE)}`]);
    moto = startMoto(ns, [BUCKET]);
    front = startOssFront(ns, moto, 5001);
    ots = startTableStore(ns, [INSTANCE], { [ACCESS_KEY]: SECRET_KEY });
    createTable(ots, INSTANCE, TABLE);
  });
  afterAll(() => ns?.stop());

  const env = (extra: Record<string, string> = {}) =>
    judgeEnv({ ALICLOUD_ACCESS_KEY: ACCESS_KEY, ALICLOUD_SECRET_KEY: SECRET_KEY, SSL_CERT_FILE: ots.caFile, ...extra });
  const s: StoreRun = {
    judge,
    run: (dir, args, extra) => ns.run(judge.binary, args, { cwd: dir, env: env(extra) }),
    runAsync: (dir, args) => ns.runAsync(judge.binary, args, { cwd: dir, env: env() }),
    list: (prefix) => listKeys(moto, BUCKET, prefix),
    read: (key) => readObject(moto, BUCKET, key),
    secrets: [ACCESS_KEY, SECRET_KEY],
  };
  const config = (props: Record<string, unknown>): OssBackendConfig => ({ bucket: BUCKET, region: REGION, endpoint: front.base, ...props });
  /** The backend with the lock table at its public endpoint. */
  const locked = (props: Record<string, unknown> = {}) => config({ lockStoreEndpoint: ENDPOINT, lockStoreTable: TABLE, ...props });
  const rows = () => otsRows(ots, INSTANCE, TABLE);
  const row = (id: string) => rows().find((r) => r.primaryKey.LockID === id);
  const md5 = (object: string) => createHash('md5').update(s.read(object)!).digest('hex');
  /** The lock info a row (or a request's row) holds. */
  const infoOf = (r: { readonly columns?: Record<string, unknown> | null } | undefined): LockInfo => JSON.parse(String(r?.columns?.Info));
  /** Runs `step`, returns the requests the fake served meanwhile. */
  const sent = async (step: () => unknown) => {
    const from = lastOtsRequest(ots);
    await step();
    return otsLog(ots, from);
  };
  /** Every request was signed with the run's key and named the instance. */
  const expectSigned = (requests: readonly OtsRequest[], instance = INSTANCE) => {
    for (const r of requests) expect({ instance: r.instance, key: r.accessKeyId, signature: r.signature }).toEqual({ instance, key: ACCESS_KEY, signature: 'ok' });
  };
  /** The library's warnings for a producer stack with this backend (the ids only). */
  const warningIds = (props: Record<string, unknown>) => {
    const stack = new TerraformStack(appFor(judge.target), 'producer');
    new OssBackend(stack, config(props));
    return warningsOf(stack).map((w) => /\[([^\]]+)\]$/.exec(w)?.[1]);
  };
  // eslint-disable-next-line no-console
  const show = (title: string, requests: readonly OtsRequest[]) => console.log(`${judge.name}, ${title}:\n${requests.map(logLine).join('\n')}`);

  test(scenario('oss-locking', 'init describes the lock table; the lock row exists during a slow apply; a second apply is refused naming its holder; a third waits'), async () => {
    // GIVEN a producer whose apply takes 3 seconds, with the lock table at its public endpoint
    const object = 'lock/terraform.tfstate';
    const dir = producer(judge.target, (scope) => new OssBackend(scope, locked({ prefix: 'lock' })), { sleep: 3 });
    // WHEN it is initialised, THEN the tool described the table, over TLS, signed with the run's key
    const init = await sent(() => ok(s, s.run(dir, INIT)));
    expect(init.filter((r) => r.action === 'DescribeTable').map((r) => [r.table, r.tls, r.status])).toContainEqual([TABLE, true, 200]);
    expectSigned(init);
    // WHEN it is applied, THEN the digest row holds the stored object's MD5, and no lock row is left
    ok(s, s.run(dir, apply('n=1', 'pause=0')));
    const before = stored(s, object);
    expect(row(digestId(object))?.columns).toEqual({ Digest: md5(object) });
    expect(row(lockId(object))).toBeUndefined();

    const from = lastOtsRequest(ots);
    // WHEN a slow apply runs, THEN its lock row appears, holding its lock info
    const slow = s.runAsync(dir, apply('n=2'));
    ns.waitFor('the lock row', () => row(lockId(object)) !== undefined);
    const holder = infoOf(row(lockId(object)));
    expect(holder).toMatchObject({ Operation: 'OperationTypeApply', Path: lockId(object) });
    // WHEN a second apply runs meanwhile without -lock-timeout, and a third with it
    const second = s.runAsync(dir, apply('n=3', 'pause=0'));
    const waiting = s.runAsync(dir, [...apply('n=4', 'pause=0'), '-lock-timeout=120s']);
    // THEN the second fails on the lock, naming the holder's id and operation
    const refused = await second;
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/Error acquiring the state lock/);
    expect(refused.output).toContain(holder.ID);
    expect(refused.output).toContain('OperationTypeApply');
    const [first, third] = await Promise.all([slow, waiting]);
    ok(s, first);
    ok(s, third);
    // THEN the third waited and applied after the first: nothing lost, serial +2, lineage kept, no lock row, the digest follows
    const after = stored(s, object);
    expect(after.lineage).toBe(before.lineage);
    expect(after.outputs).toEqual({ n: '4', ws: 'default' });
    expect(after.serial).toBe(before.serial + 2);
    expect(row(lockId(object))).toBeUndefined();
    expect(row(digestId(object))?.columns).toEqual({ Digest: md5(object) });

    // THEN the log shows each run's lock: held (one put), refused (one put, then the holder read), waited (refused puts, then one), released
    const log = otsLog(ots, from);
    expectSigned(log);
    const puts = log.filter((r) => r.action === 'PutRow' && r.primaryKey?.LockID === lockId(object));
    for (const p of puts) expect(p.condition).toBe('EXPECT_NOT_EXIST');
    const byRun = (id: string) => puts.filter((p) => infoOf(p).ID === id).map((p) => p.code ?? p.status);
    const ids = [...new Set(puts.map((p) => infoOf(p).ID))];
    expect(ids).toHaveLength(3);
    const [refusedId, waiterId] = ids.filter((id) => id !== holder.ID).sort((a, b) => byRun(a).length - byRun(b).length);
    expect(byRun(holder.ID)).toEqual([200]);
    expect(byRun(refusedId)).toEqual(['OTSConditionCheckFail']);
    const waits = byRun(waiterId);
    expect(waits.length).toBeGreaterThan(1);
    expect(waits).toEqual([...waits.slice(0, -1).map(() => 'OTSConditionCheckFail'), 200]);
    const refusedAt = puts.find((p) => infoOf(p).ID === refusedId)!.n;
    expect(log.find((r) => r.n > refusedAt && r.action === 'GetRow' && r.primaryKey?.LockID === lockId(object))).toMatchObject({ found: true, status: 200 });
    const deletes = log.filter((r) => r.action === 'DeleteRow' && r.primaryKey?.LockID === lockId(object));
    expect(deletes.map((r) => [r.condition, r.status])).toEqual([['IGNORE', 200], ['IGNORE', 200]]);
    const digests = log.filter((r) => r.action === 'PutRow' && r.primaryKey?.LockID === digestId(object));
    expect(digests.map((r) => [r.condition, r.status])).toEqual([['IGNORE', 200], ['IGNORE', 200]]);
    show(`oss locking (holder ${holder.ID}, refused ${refusedId}, waiter ${waiterId}; serial ${before.serial} -> ${after.serial})`,
      log.filter((r) => r.action !== 'GetRow' || r.primaryKey?.LockID === lockId(object)));
  }, STACK_TIMEOUT);

  test(scenario('oss-force-unlock', 'a killed apply leaves its lock row; the next apply is refused until force-unlock with its id'), async () => {
    // GIVEN a producer applied once
    const object = 'stale/terraform.tfstate';
    const dir = producer(judge.target, (scope) => new OssBackend(scope, locked({ prefix: 'stale' })), { sleep: 3 });
    ok(s, s.run(dir, INIT));
    ok(s, s.run(dir, apply('n=1', 'pause=0')));
    const before = stored(s, object);
    const from = lastOtsRequest(ots);
    // WHEN an apply is killed while it holds the lock
    const abort = new AbortController();
    const killed = ns.runAsync(judge.binary, apply('n=2'), { cwd: dir, env: env(), signal: abort.signal });
    ns.waitFor('the lock row', () => row(lockId(object)) !== undefined);
    const stale = infoOf(row(lockId(object)));
    abort.abort();
    expect((await killed).output).not.toMatch(/Apply complete/);
    // THEN its lock row stays, and the next apply is refused naming it
    expect(infoOf(row(lockId(object))).ID).toBe(stale.ID);
    const blocked = s.run(dir, apply('n=3', 'pause=0'));
    expect(blocked.status).not.toBe(0);
    expect(blocked.output).toMatch(/Error acquiring the state lock/);
    expect(blocked.output).toContain(stale.ID);
    // WHEN force-unlock is given another id, THEN the row stays; with the lock's id, THEN it is deleted
    const wrong = s.run(dir, ['force-unlock', '-force', '-no-color', '00000000-0000-0000-0000-000000000000']);
    expect(wrong.status).not.toBe(0);
    expect(wrong.output).toMatch(/does not match existing lock/);
    expect(row(lockId(object))).toBeDefined();
    const unlock = await sent(() => ok(s, s.run(dir, ['force-unlock', '-force', '-no-color', stale.ID])));
    expect(unlock.filter((r) => r.primaryKey?.LockID === lockId(object)).map((r) => [r.action, r.found ?? r.condition, r.status]))
      .toEqual([['GetRow', true, 200], ['DeleteRow', 'IGNORE', 200]]);
    expect(row(lockId(object))).toBeUndefined();
    // THEN the next apply works on the same state: lineage kept, serial up, the digest follows
    ok(s, s.run(dir, apply('n=3', 'pause=0')));
    const after = stored(s, object);
    expect(after.lineage).toBe(before.lineage);
    expect(after.outputs).toEqual({ n: '3', ws: 'default' });
    expect(after.serial).toBeGreaterThan(before.serial);
    expect(row(digestId(object))?.columns).toEqual({ Digest: md5(object) });
    expect(row(lockId(object))).toBeUndefined();
    show(`oss stale lock ${stale.ID} (serial ${before.serial} -> ${after.serial})`, otsLog(ots, from).filter((r) => r.primaryKey?.LockID === lockId(object)));
  }, STACK_TIMEOUT);

  test(scenario('oss-lock-workspaces', 'each workspace has its own lock row and digest row; a lock in one does not block another'), async () => {
    // GIVEN a producer applied in the default workspace and in "blue"
    const objects = { default: 'ws/terraform.tfstate', blue: 'ws/blue/terraform.tfstate' };
    const dir = producer(judge.target, (scope) => new OssBackend(scope, locked({ prefix: 'ws' })), { sleep: 3 });
    const from = lastOtsRequest(ots);
    ok(s, s.run(dir, INIT));
    ok(s, s.run(dir, apply('n=1', 'pause=0')));
    ok(s, s.run(dir, ['workspace', 'new', '-no-color', 'blue']));
    ok(s, s.run(dir, apply('n=2', 'pause=0')));
    ok(s, s.run(dir, ['workspace', 'select', '-no-color', 'default']));
    // WHEN a slow apply holds the default workspace's lock, and an apply runs in "blue" meanwhile
    const slow = s.runAsync(dir, apply('n=3'));
    ns.waitFor('the lock row', () => row(lockId(objects.default)) !== undefined);
    const blue = ok(s, s.run(dir, apply('n=4', 'pause=0'), { TF_WORKSPACE: 'blue' }));
    ok(s, await slow);
    // THEN both applied, and each workspace locked its own row: blue's lock was taken while the default's was held
    expect(blue.output).toMatch(/Apply complete/);
    expect(stored(s, objects.default).outputs).toEqual({ n: '3', ws: 'default' });
    expect(stored(s, objects.blue).outputs).toEqual({ n: '4', ws: 'blue' });
    const log = otsLog(ots, from);
    expectSigned(log);
    const locks = log.filter((r) => r.action === 'PutRow' && r.condition === 'EXPECT_NOT_EXIST' && r.status === 200);
    expect(new Set(locks.map((r) => r.primaryKey?.LockID))).toEqual(new Set([lockId(objects.default), lockId(objects.blue)]));
    const held = locks.filter((r) => r.primaryKey?.LockID === lockId(objects.default)).at(-1)!.n;
    const released = log.find((r) => r.n > held && r.action === 'DeleteRow' && r.primaryKey?.LockID === lockId(objects.default))!.n;
    expect(locks.some((r) => r.primaryKey?.LockID === lockId(objects.blue) && r.n > held && r.n < released)).toBe(true);
    // THEN each digest row holds its object's MD5, and only the digest rows are left
    for (const object of Object.values(objects)) expect(row(digestId(object))?.columns).toEqual({ Digest: md5(object) });
    expect(rows().filter((r) => String(r.primaryKey.LockID).startsWith(`${BUCKET}/ws/`)).map((r) => r.primaryKey.LockID).sort())
      .toEqual([digestId(objects.blue), digestId(objects.default)]);
    // WHEN "blue" is deleted, THEN its object and its digest row go, and the default's stay
    ok(s, s.run(dir, ['workspace', 'delete', '-force', '-no-color', 'blue']));
    expect(s.list('ws/')).toEqual([objects.default]);
    expect(row(digestId(objects.blue))).toBeUndefined();
    expect(row(digestId(objects.default))?.columns).toEqual({ Digest: md5(objects.default) });
    show('oss lock rows per workspace', log.filter((r) => r.action === 'PutRow' || r.action === 'DeleteRow'));
  }, STACK_TIMEOUT);

  test(scenario('oss-lock-instance', 'the instance is the first label of the endpoint host, or tablestore_instance_name; an IP host names "127" (oss/lock-instance-name)'), async () => {
    // GIVEN the lock table at an endpoint whose host is an IP address
    const ipEndpoint = `http://127.0.0.1:${OTS_PLAIN_PORT}`;
    const dir = producer(judge.target, (scope) => new OssBackend(scope, config({ prefix: 'ip', lockStoreEndpoint: ipEndpoint, lockStoreTable: TABLE })));
    expect(warningIds({ prefix: 'ip', lockStoreEndpoint: ipEndpoint, lockStoreTable: TABLE })).toContain('oss/lock-instance-name');
    // WHEN it is initialised
    let init: RunResult | undefined;
    const requests = await sent(() => (init = s.run(dir, INIT)));
    // eslint-disable-next-line no-console
    console.log(`${judge.name}, oss lock endpoint ${ipEndpoint}: init exit ${init!.status}\n${init!.output.trim()}`);
    // THEN the tool named the instance "127", TableStore refused it, and init failed, storing nothing
    expect(requests.map((r) => [r.action, r.instance, r.code])).toEqual([['DescribeTable', '127', 'OTSAuthFailed']]);
    expect(init!.status).not.toBe(0);
    expect(init!.output.replace(/\s+/g, ' ')).toMatch(/error describing table store tf_locks: .*The instance is not found/);
    expect(s.list('ip/')).toEqual([]);
    if (!hasInstanceName(judge)) return;
    // GIVEN (terraform 1.12+) the same endpoint with tablestore_instance_name
    const named = { prefix: 'named', lockStoreEndpoint: ipEndpoint, lockStoreInstanceName: INSTANCE, lockStoreTable: TABLE };
    expect(warningIds(named)).not.toContain('oss/lock-instance-name');
    const namedDir = producer(judge.target, (scope) => new OssBackend(scope, config(named)));
    // WHEN it is initialised and applied, THEN every request named that instance, and the lock and digest rows were written
    const runs = await sent(() => {
      ok(s, s.run(namedDir, INIT));
      ok(s, s.run(namedDir, apply('n=1')));
    });
    expectSigned(runs);
    expect(runs.filter((r) => r.action === 'PutRow' && r.condition === 'EXPECT_NOT_EXIST').map((r) => [r.primaryKey?.LockID, r.status]))
      .toEqual([[lockId('named/terraform.tfstate'), 200]]);
    expect(row(digestId('named/terraform.tfstate'))?.columns).toEqual({ Digest: md5('named/terraform.tfstate') });
    // GIVEN (terraform 1.12+) tablestore_instance_name "" with the public endpoint: the tool reads it as unset
    const blank = { prefix: 'blank', lockStoreEndpoint: ENDPOINT, lockStoreInstanceName: '', lockStoreTable: TABLE };
    expect(warningIds(blank)).toEqual([]);
    const blankDir = producer(judge.target, (scope) => new OssBackend(scope, config(blank)));
    // WHEN it is initialised and applied, THEN every request named the endpoint's instance, and the lock was taken
    const blankRuns = await sent(() => {
      ok(s, s.run(blankDir, INIT));
      ok(s, s.run(blankDir, apply('n=1')));
    });
    expectSigned(blankRuns);
    expect(blankRuns.filter((r) => r.action === 'PutRow' && r.condition === 'EXPECT_NOT_EXIST').map((r) => [r.primaryKey?.LockID, r.status]))
      .toEqual([[lockId('blank/terraform.tfstate'), 200]]);
  });

  test(scenario('oss-lock-instance', 'an instance named in capitals is the same instance: TableStore compares instance names without case (oss/lock-instance-name)'), async () => {
    // GIVEN the endpoint with its instance label in capitals (the library does not warn)
    const upper = `https://${otsHost(INSTANCE.toUpperCase())}`;
    const props = { prefix: 'upper', lockStoreEndpoint: upper, lockStoreTable: TABLE };
    expect(warningIds(props)).toEqual([]);
    const dir = producer(judge.target, (scope) => new OssBackend(scope, config(props)));
    // WHEN it is initialised and applied
    const requests = await sent(() => {
      ok(s, s.run(dir, INIT));
      ok(s, s.run(dir, apply('n=1')));
    });
    // THEN every request named the instance in capitals, and the lock and digest rows are the instance's
    expectSigned(requests, INSTANCE.toUpperCase());
    expect(requests.filter((r) => r.action === 'PutRow' && r.condition === 'EXPECT_NOT_EXIST').map((r) => [r.primaryKey?.LockID, r.status]))
      .toEqual([[lockId('upper/terraform.tfstate'), 200]]);
    expect(row(digestId('upper/terraform.tfstate'))?.columns).toEqual({ Digest: md5('upper/terraform.tfstate') });
  });

  test(scenario('oss-lock-endpoint-without-table', 'with lockStoreEndpoint and no table (unset, or "") nothing is locked: two overlapping applies both write (oss/lock-endpoint-without-table)'), async () => {
    // GIVEN producers with the lock endpoint and no table, and with table "" (at an IP endpoint: no instance warning, as nothing is sent), each applied once
    const variants = [
      { prefix: 'notable', lockStoreEndpoint: ENDPOINT },
      { prefix: 'blanktable', lockStoreEndpoint: `http://127.0.0.1:${OTS_PLAIN_PORT}`, lockStoreTable: '' },
    ];
    const requests = await sent(async () => {
      const runs = variants.map((props) => {
        expect(warningIds(props)).toEqual(['oss/lock-endpoint-without-table']);
        const dir = producer(judge.target, (scope) => new OssBackend(scope, config(props)), { sleep: 3 });
        ok(s, s.run(dir, INIT));
        ok(s, s.run(dir, apply('n=1', 'pause=0')));
        return { dir, object: `${props.prefix}/terraform.tfstate`, before: stored(s, `${props.prefix}/terraform.tfstate`) };
      });
      // WHEN two slow applies overlap, for each
      const results = await Promise.all(runs.map((r) => Promise.all([s.runAsync(r.dir, apply('n=2')), s.runAsync(r.dir, apply('n=3'))])));
      runs.forEach((r, i) => {
        // THEN neither was refused, and the state rose by one serial: one apply's write replaced the other's
        results[i].forEach((result) => ok(s, result));
        const after = stored(s, r.object);
        expect(after.serial).toBe(r.before.serial + 1);
        expect(['2', '3']).toContain(after.outputs.n);
        // eslint-disable-next-line no-console
        console.log(`${judge.name}, oss lock ${JSON.stringify(variants[i])}: both overlapping applies succeeded, serial ${r.before.serial} -> ${after.serial}, n = ${after.outputs.n}`);
      });
    });
    // THEN TableStore received nothing
    expect(requests).toEqual([]);
  }, STACK_TIMEOUT);

  test(scenario('oss-lock-endpoint-from-env', 'with lockStoreTable and no endpoint every command crashes unless ALICLOUD_TABLESTORE_ENDPOINT is set (oss/lock-endpoint-from-env)'), async () => {
    // GIVEN a producer with the lock table and no endpoint, and a consumer reading it the same way
    const object = 'fromenv/terraform.tfstate';
    const props = { prefix: 'fromenv', lockStoreTable: TABLE };
    expect(warningIds(props)).toContain('oss/lock-endpoint-from-env');
    const withoutEnv = producer(judge.target, (scope) => new OssBackend(scope, config(props)));
    // WHEN it is initialised without ALICLOUD_TABLESTORE_ENDPOINT, THEN the tool crashes in its digest read, storing nothing
    const crashed = await sent(() => {
      const init = s.run(withoutEnv, INIT);
      // eslint-disable-next-line no-console
      console.log(`${judge.name}, oss lock table without endpoint: init exit ${init.status}\n${init.output.split('\n').filter((l) => /nil pointer|getMD5|CRASH/.test(l)).join('\n')}`);
      expect(init.status).toBe(11);
      expect(init.output).toMatch(/runtime error: invalid memory address or nil pointer dereference/);
      expect(init.output).toMatch(/oss\.\(\*RemoteClient\)\.getMD5/);
    });
    expect(crashed).toEqual([]);
    expect(s.list('fromenv/')).toEqual([]);
    // WHEN the run has the endpoint in each env var the library names for this judge, THEN it locks and writes the digest
    const envVars = envVarsOf(OSS_STORE.table.spec('lockStoreEndpoint')!, judge.tool, judge.version);
    expect(envVars[0]).toBe('ALICLOUD_TABLESTORE_ENDPOINT');
    for (const name of envVars) {
      const dir = producer(judge.target, (scope) => new OssBackend(scope, config(props)));
      const locking = await sent(() => {
        ok(s, s.run(dir, INIT, { [name]: ENDPOINT }));
        ok(s, s.run(dir, apply('n=7'), { [name]: ENDPOINT }));
      });
      expectSigned(locking);
      expect(locking.filter((r) => r.action === 'PutRow' && r.condition === 'EXPECT_NOT_EXIST').map((r) => [r.primaryKey?.LockID, r.status])).toEqual([[lockId(object), 200]]);
      expect(row(digestId(object))?.columns).toEqual({ Digest: md5(object) });
    }
    const withEnv = { ALICLOUD_TABLESTORE_ENDPOINT: ENDPOINT };
    // WHEN a consumer reads it with the lock table and no endpoint: it crashes at plan without the variable, and reads with it
    const reader = consumer(judge.target, { dflt: (scope, id) => new DataTerraformRemoteStateOss(scope, id, config(props)) });
    expect(reader.warnings.join('\n')).toContain('[oss/lock-endpoint-from-env]');
    ok(s, s.run(reader.dir, INIT));
    const plan = s.run(reader.dir, ['plan', '-input=false', '-no-color']);
    expect(plan.status).toBe(11);
    expect(plan.output).toMatch(/oss\.\(\*RemoteClient\)\.getMD5/);
    ok(s, s.run(reader.dir, apply(), withEnv));
    expect(JSON.parse(ok(s, s.run(reader.dir, ['output', '-json'])).stdout).dflt_n.value).toBe('7');
    // WHEN the table is "" and the endpoint unset, THEN nothing is warned, and every command works, sending nothing to TableStore
    const blank = { prefix: 'blankenv', lockStoreTable: '' };
    expect(warningIds(blank)).toEqual([]);
    const blankDir = producer(judge.target, (scope) => new OssBackend(scope, config(blank)));
    const quiet = await sent(() => {
      ok(s, s.run(blankDir, INIT));
      ok(s, s.run(blankDir, apply('n=8')));
    });
    expect(quiet).toEqual([]);
    expect(stored(s, 'blankenv/terraform.tfstate').outputs.n).toBe('8');
  }, STACK_TIMEOUT);

  test(scenario('oss-lock-endpoint-empty', 'with lockStoreEndpoint "" and a table every command crashes, whether or not ALICLOUD_TABLESTORE_ENDPOINT is set (oss/lock-endpoint-empty)'), async () => {
    // GIVEN the library refuses lockStoreEndpoint "" with a table, so the blocks are written by hand: the library's own with tablestore_endpoint ""
    const props = { prefix: 'blankep', lockStoreEndpoint: '', lockStoreTable: TABLE };
    expect(() => new OssBackend(new TerraformStack(appFor(judge.target), 'producer'), config(props))).toThrow(/\n- lockStoreEndpoint: got "" with lockStoreTable set, .* \[oss\/lock-endpoint-empty\]/);
    const blankEndpoint = (dir: string, at: (doc: any) => Record<string, unknown>) => {
      const file = path.join(dir, 'cdk.tf.json');
      const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
      at(doc).tablestore_endpoint = '';
      fs.writeFileSync(file, JSON.stringify(doc));
      return dir;
    };
    const dir = blankEndpoint(producer(judge.target, (scope) => new OssBackend(scope, locked({ prefix: 'blankep' }))), (doc) => doc.terraform.backend.oss);
    const envVars = envVarsOf(OSS_STORE.table.spec('lockStoreEndpoint')!, judge.tool, judge.version);
    const crashes = (r: RunResult, what: string) => {
      // eslint-disable-next-line no-console
      console.log(`${judge.name}, oss lock endpoint "" ${what}: exit ${r.status}\n${r.output.split('\n').filter((l) => /nil pointer|getMD5/.test(l)).join('\n')}`);
      expect(r.status).toBe(11);
      expect(r.output).toMatch(/runtime error: invalid memory address or nil pointer dereference/);
      expect(r.output).toMatch(/oss\.\(\*RemoteClient\)\.getMD5/);
    };
    // WHEN it is initialised without the env var, and with each env var the tool reads, THEN init crashes in its digest read every time, storing nothing
    const requests = await sent(() => {
      crashes(s.run(dir, INIT), 'without env');
      for (const name of envVars) crashes(s.run(dir, INIT, { [name]: ENDPOINT }), `with ${name}`);
    });
    expect(requests).toEqual([]);
    expect(s.list('blankep/')).toEqual([]);
    // GIVEN a state written with the lock, and a consumer's remote state reading it with tablestore_endpoint ""
    const source = producer(judge.target, (scope) => new OssBackend(scope, locked({ prefix: 'blankepsrc' })));
    ok(s, s.run(source, INIT));
    ok(s, s.run(source, apply('n=5')));
    const reader = consumer(judge.target, { dflt: (scope, id) => new DataTerraformRemoteStateOss(scope, id, locked({ prefix: 'blankepsrc' })) });
    blankEndpoint(reader.dir, (doc) => doc.data.terraform_remote_state.dflt.config);
    ok(s, s.run(reader.dir, INIT));
    // WHEN it plans, with and without the env var, THEN the read crashes the same way
    crashes(s.run(reader.dir, ['plan', '-input=false', '-no-color']), 'remote state without env');
    crashes(s.run(reader.dir, ['plan', '-input=false', '-no-color'], { ALICLOUD_TABLESTORE_ENDPOINT: ENDPOINT }), 'remote state with ALICLOUD_TABLESTORE_ENDPOINT');
  }, STACK_TIMEOUT);

  test(scenario('oss-lock-digest', 'a read compares the object with the digest row: a changed object fails the next command after about 10 s, until the row holds its digest'), async () => {
    // GIVEN a producer applied with the lock table
    const object = 'digest/terraform.tfstate';
    const dir = producer(judge.target, (scope) => new OssBackend(scope, locked({ prefix: 'digest' })));
    ok(s, s.run(dir, INIT));
    ok(s, s.run(dir, apply('n=1')));
    const body = s.read(object)!;
    expect(row(digestId(object))?.columns).toEqual({ Digest: md5(object) });
    // WHEN the stored object changes behind the tool's back (a newline added), so its MD5 is no longer the digest row's
    writeObject(moto, BUCKET, object, `${body}\n`);
    expect(row(digestId(object))?.columns).not.toEqual({ Digest: md5(object) });
    // THEN plan fails after the tool's 10 seconds of retries, having read the digest row each time
    const started = Date.now();
    let plan: RunResult | undefined;
    const reads = await sent(() => (plan = s.run(dir, ['plan', '-input=false', '-no-color'])));
    const waited = Date.now() - started;
    // eslint-disable-next-line no-console
    console.log(`${judge.name}, oss digest changed: plan exit ${plan!.status} after ${waited} ms\n${reads.filter((r) => r.action === 'GetRow').map(logLine).join('\n')}`);
    expect(plan!.status).not.toBe(0);
    expect(plan!.output.replace(/\s+/g, ' ')).toMatch(/state data in OSS does not have the expected content/);
    expect(waited).toBeGreaterThanOrEqual(9_000);
    const digestReads = reads.filter((r) => r.action === 'GetRow' && r.primaryKey?.LockID === digestId(object));
    expect(digestReads.length).toBeGreaterThan(1);
    for (const r of digestReads) expect([r.found, r.status, r.columnsToGet]).toEqual([true, 200, ['LockID', 'Digest']]);
    // WHEN the digest row is set to the value the error prints (the README's recovery), THEN the next plan reads the object, and apply writes on
    const printed = /TableStore table to the following value: ([0-9a-f]{32})/.exec(plan!.output)?.[1];
    expect(printed).toBe(md5(object));
    putOtsRow(ots, INSTANCE, TABLE, { LockID: digestId(object) }, { Digest: printed! });
    ok(s, s.run(dir, ['plan', '-input=false', '-no-color']));
    ok(s, s.run(dir, apply('n=2')));
    expect(stored(s, object).outputs.n).toBe('2');
    expect(row(digestId(object))?.columns).toEqual({ Digest: md5(object) });
  }, STACK_TIMEOUT);

  describe(scenario('oss-lock-table', 'the lock table must exist (init fails describing it) and have the string primary key LockID (the lock fails)'), () => {
    test('fails if the table does not exist', async () => {
      const dir = producer(judge.target, (scope) => new OssBackend(scope, locked({ prefix: 'missing', lockStoreTable: 'no_such_table' })));
      let init: RunResult | undefined;
      const requests = await sent(() => (init = s.run(dir, INIT)));
      // eslint-disable-next-line no-console
      console.log(`${judge.name}, oss lock table missing: init exit ${init!.status}\n${init!.output.trim()}`);
      expect(requests.map((r) => [r.action, r.table, r.status, r.code])).toEqual([['DescribeTable', 'no_such_table', 404, 'OTSObjectNotExist']]);
      expect(init!.status).not.toBe(0);
      expect(init!.output.replace(/\s+/g, ' ')).toMatch(/error describing table store no_such_table: .*Requested table does not exist/);
      expect(s.list('missing/')).toEqual([]);
    });

    test('fails if the table name is one TableStore forbids: no such table can exist (oss/lock-table-name warns)', async () => {
      // GIVEN the fake refuses to create it, as the service's naming conventions forbid it
      expect(() => createTable(ots, INSTANCE, 'tf-locks')).toThrow(/table name tf-locks, expected 1 to 255 letters, digits and underscores/);
      const props = { prefix: 'badname', lockStoreEndpoint: ENDPOINT, lockStoreTable: 'tf-locks' };
      expect(warningIds(props)).toEqual(['oss/lock-table-name']);
      // WHEN a producer names it, THEN init fails describing it
      const dir = producer(judge.target, (scope) => new OssBackend(scope, config(props)));
      let init: RunResult | undefined;
      const requests = await sent(() => (init = s.run(dir, INIT)));
      expect(requests.map((r) => [r.action, r.table, r.code])).toEqual([['DescribeTable', 'tf-locks', 'OTSObjectNotExist']]);
      expect(init!.status).not.toBe(0);
      expect(init!.output.replace(/\s+/g, ' ')).toMatch(/error describing table store tf-locks/);
    });

    test('fails if its primary key is not LockID', async () => {
      createTable(ots, INSTANCE, 'other_key', [{ name: 'id', type: 'STRING' }]);
      const dir = producer(judge.target, (scope) => new OssBackend(scope, locked({ prefix: 'otherkey', lockStoreTable: 'other_key' })));
      ok(s, s.run(dir, INIT));
      const requests = await sent(() => {
        const r = s.run(dir, apply('n=1'));
        // eslint-disable-next-line no-console
        console.log(`${judge.name}, oss lock table keyed by "id": apply exit ${r.status}\n${r.output.trim()}`);
        expect(r.status).not.toBe(0);
        expect(r.output).toMatch(/Error acquiring the state lock/);
        expect(r.output).toMatch(/OTSParameterInvalid/);
      });
      expect(requests.filter((r) => r.action === 'PutRow').map((r) => [r.condition, r.code])).toEqual([['EXPECT_NOT_EXIST', 'OTSParameterInvalid']]);
      expect(s.list('otherkey/')).toEqual([]);
    });
  });
});
