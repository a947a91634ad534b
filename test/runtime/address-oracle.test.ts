/**
 * The address oracle: the real tools say which object a config names, and the library must agree on
 * every pair of generated configs (test/support/address-cases.ts). For each judge, family, recipe,
 * config file (or none) and run (env vars, -var values), the judge initialises the stack the library
 * writes, then `workspace new w1`, and the objects it created are read off the emulator: fake-gcs-
 * server for GCS, Azurite for AzureRM (one per cloud, each on its own address under the cloud's real
 * blob host), moto behind the COS front end (the ap-guangzhou and accelerate hosts) and behind the
 * OSS front end; where no emulator tells hosts apart (the COS region, the GCS universe) the answer is
 * the URL the judge's offline init requests first. Then, for every pair, linked (one run) or not:
 * wherever the tools land both stacks on one object the library reports it (an error where they
 * meet in every run of a linked pair, whichever config file the run gives both, else a warning:
 * pairTruth), it reports nothing where the tools keep them apart, and it refuses no pair whose
 * configs the judge ran. The answers are recorded in test/support/address-answers.json,
 * which test/unit/address-answers.test.ts replays against the library in the fast loop; this suite fails
 * when the tools answer otherwise than recorded (record anew with STATE_BACKENDS_ORACLE_RECORD=1).
 *
 * A judge is asked only what it may answer otherwise than recorded: the recording holds the key of
 * every answer's inputs (test/support/oracle-key.ts: the address code and the stores' layouts, the
 * generator, the judge list, the install steps, the harness, the judge's build, the files it is
 * given), and a recipe whose key is unchanged is replayed from the recording, which the unit tier
 * holds the library to. Everything is asked when STATE_BACKENDS_ORACLE=live, or once an ISO week for
 * drift (oracle-key.ts driftDue). The run says which it did, and under which keys.
 */
import { spawn } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { evaluatesBackend } from '../../src/private/kit/schema';
import { formatTarget } from '../../src/private/target/target';
import {
  ANSWERS_FILE, AZ_ACCOUNT, AZ_CONTAINER, Answer, AnswersFile, BUCKETS, COS_BUCKET, FROM_INIT, Family, FAMILIES, JudgeAnswers,
  OSS_BUCKET, OSS_FRONT, Recipe, RecordedKeys, Run, Verdict, judgeRanBoth, libraryVerdict, pairTruth, pairsOf, recipeKey, toolDirectory, variantsOf,
} from '../support/address-cases';
import { AzuriteServer, blobPath, blobRequest, cleanUp, listBlobs, startAzuriteClouds } from '../support/azurite';
import { CosServer, startCos, startOssFront, stopCos } from '../support/cos';
import { FAKE_GCS, Sandbox, gcsObjects, requireRuntime, startFakeGcs } from '../support/emulators';
import { Judge, describeEachJudge, judgeEnv, listedJudgeTargets, networkSandbox, requireJudges } from '../support/judges';
import { Moto, listKeys, startMoto } from '../support/moto';
import { OracleKeys, StaticKeys, currentKeys, driftDue, isoWeek, lastLiveRun, recordLiveRun, staleRecipes } from '../support/oracle-key';
import { scenario } from '../support/runtime-stacks';

const JUDGES = requireRuntime('fake-gcs-server') && requireRuntime('azurite') && requireRuntime('moto') ? requireJudges('runtime') : [];
const fresh: Record<string, JudgeAnswers> = {};
const tally = { pairs: 0, verdicts: 0, skipped: 0, error: 0, warning: 0, none: 0, disagreements: 0 };

const RECORD = process.env.STATE_BACKENDS_ORACLE_RECORD === '1';
const recorded: AnswersFile = fs.existsSync(ANSWERS_FILE) ? JSON.parse(fs.readFileSync(ANSWERS_FILE, 'utf8')) : { about: '', judges: {} };
const KEYS: OracleKeys | undefined = JUDGES.length ? currentKeys(JUDGES) : undefined;
/** Everything is asked: by request, or for drift. */
const EVERYTHING = process.env.STATE_BACKENDS_ORACLE === 'live' ? 'STATE_BACKENDS_ORACLE=live'
  : driftDue(recorded.asked) ? `the drift check: this ISO week (${isoWeek(new Date())}) is neither the recording's last full ask's ` +
    `(${recorded.asked ?? 'none'}) nor this machine's (${lastLiveRun()?.asked ?? 'none'})`
    : undefined;
/** Per judge, the recipes asked in this run, and why. */
const PLAN: Record<string, { readonly stale: Set<string>; readonly why: string }> = Object.fromEntries(JUDGES.map((j) => {
  const target = formatTarget(j.target);
  return [target, EVERYTHING ? { stale: new Set(Object.keys(KEYS!.configs[target])), why: EVERYTHING } : staleRecipes(target, KEYS!, recorded.keys)];
}));
/** The recipes whose answers were asked in this run, per judge (a -t selection asks fewer than planned). */
const asked: Record<string, Set<string>> = {};

beforeAll(() => {
  if (JUDGES.length === 0) return;
  const lines = Object.entries(PLAN).map(([t, p]) => {
    const all = Object.keys(KEYS!.configs[t]).length;
    const replayed = all - p.stale.size;
    return `  ${t} (judge key ${KEYS!.judges[t]}): ${p.stale.size ? `${p.stale.size} of ${all} recipes asked (${p.why})` : 'no recipe asked'}` +
      `${replayed ? `, ${replayed} REPLAYED from the recording (their keys unchanged)` : ''}`;
  });
  // eslint-disable-next-line no-console
  console.warn(`\n=== address oracle: ${Object.values(PLAN).every((p) => p.stale.size === 0) ? 'REPLAYED, no judge asked' : 'asking the judges what may have changed'}` +
    ` (keys ${JSON.stringify(staticOf(KEYS!))}; recording of ${recorded.asked ?? 'unknown date'}; test/support/oracle-key.ts says what the keys hold)\n${lines.join('\n')}\n`);
});

let gcs: Sandbox;
let clouds: AzuriteServer[];
let cos: CosServer;
let ossNs: Sandbox;
let ossMoto: Moto;

beforeAll(() => {
  if (JUDGES.length === 0) return;
  gcs = startFakeGcs(BUCKETS);
  clouds = startAzuriteClouds([AZ_CONTAINER]);
  cos = startCos([COS_BUCKET]);
  ossNs = Sandbox.start();
  ossMoto = startMoto(ossNs, [OSS_BUCKET]);
  if (startOssFront(ossNs, ossMoto, Number(new URL(OSS_FRONT).port)).base !== OSS_FRONT) throw new Error(`the OSS front end is not at ${OSS_FRONT}`);
});
afterAll(() => {
  gcs?.stop();
  if (clouds) cleanUp(clouds[0]);
  stopCos(cos);
  ossNs?.stop();
});

/** A fresh copy of the stack's directory, so each run initialises from nothing. */
function copyOf(dir: string): string {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), 'oracle-run-'));
  for (const f of fs.readdirSync(dir)) if (fs.statSync(path.join(dir, f)).isFile()) fs.copyFileSync(path.join(dir, f), path.join(to, f));
  return to;
}

const initArgs = (variant: string) => ['init', '-input=false', '-no-color', ...(variant === '-' ? [] : [`-backend-config=${variant}.tfbackend`])];

/** The run's env vars for a recipe: its values given at init, to a recipe that leaves the key to init, in TF_CLI_ARGS_init (before the file). */
const runEnv = (recipe: Recipe, run: Run): Record<string, string> => {
  const given = Object.entries(run.init ?? {}).filter(([k]) => recipe.props[k] === FROM_INIT).map(([k, v]) => `-backend-config=${k}=${v}`);
  return given.length === 0 ? run.env : { ...run.env, TF_CLI_ARGS_init: given.join(' ') };
};

/** A SAS token of the Azurite account for every container and blob (a shared key signs for the account name as the config spells it). */
function sasToken(key: string): string {
  const [sv, ss, srt, sp, se, spr] = ['2019-12-12', 'b', 'sco', 'rwdlacup', '2099-01-01T00:00:00Z', 'https'];
  const sig = crypto.createHmac('sha256', Buffer.from(key, 'base64')).update([AZ_ACCOUNT, sp, ss, srt, '', se, '', spr, sv, ''].join('\n'), 'utf8').digest('base64');
  return `sv=${sv}&ss=${ss}&srt=${srt}&sp=${sp}&se=${encodeURIComponent(se)}&spr=${spr}&sig=${encodeURIComponent(sig)}`;
}

/** moto answers 403 to unsigned requests of some kinds; it checks no signature. */
const MOTO_SIGNED = { Authorization: 'AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=0' };
const motoList = (moto: Moto, bucket: string, scheme: string) => () => listKeys(moto, bucket).map((k) => `${scheme}://${bucket}/${k}`);
const motoClear = (moto: Moto, bucket: string) => () => {
  for (const k of listKeys(moto, bucket)) moto.ns.http(`${moto.base}/${bucket}/${k.split('/').map(encodeURIComponent).join('/')}`, { method: 'DELETE', headers: MOTO_SIGNED });
};

/**
 * Init (and, where init writes no object, a state pushed to the default workspace) and `workspace new w1`
 * in a sandbox; the objects each step created, read by `list`, then removed by `clear`.
 */
function askEmulator(
  ns: Sandbox, judge: Judge, dir: string, variant: string, env: Record<string, string>, list: () => string[], clear: () => void,
): Answer {
  const inW1 = copyOf(dir);
  try {
    const before = new Set(list());
    if (ns.run(judge.binary, initArgs(variant), { cwd: dir, env: judgeEnv(env) }).status !== 0) return 'fails';
    let afterInit = list().filter((o) => !before.has(o));
    const seed = JSON.stringify({ version: 4, terraform_version: judge.version, serial: 1, lineage: 'oracle', outputs: {}, resources: [] });
    for (const d of [dir, inW1]) fs.writeFileSync(path.join(d, 'seed.tfstate'), seed);
    if (afterInit.length === 0) {
      // (COS and OSS write no object at init: a state pushed to the default workspace shows where it goes)
      if (ns.run(judge.binary, ['state', 'push', '-no-color', 'seed.tfstate'], { cwd: dir, env: judgeEnv(env) }).status !== 0) return 'fails';
      afterInit = list().filter((o) => !before.has(o));
    }
    if (ns.run(judge.binary, ['workspace', 'new', '-no-color', 'w1'], { cwd: dir, env: judgeEnv(env) }).status !== 0) return 'fails';
    let afterNew = list().filter((o) => !before.has(o) && !afterInit.includes(o));
    if (evaluatesBackend(judge.target)) {
      // (opentofu 1.8+ evaluates the block in the workspace init runs in: after `workspace new` a plan asks for init again, and a
      // run in w1 is an init with TF_WORKSPACE=w1 in a fresh directory; w1's object is where a state pushed there goes)
      clear();
      const w1 = { ...env, TF_WORKSPACE: 'w1' };
      if (ns.run(judge.binary, initArgs(variant), { cwd: inW1, env: judgeEnv(w1) }).status !== 0) return 'fails';
      clear();
      if (ns.run(judge.binary, ['state', 'push', '-force', '-no-color', 'seed.tfstate'], { cwd: inW1, env: judgeEnv(w1) }).status !== 0) return 'fails';
      afterNew = list();
    } else if (afterNew.length === 0) {
      // (`workspace new` found a state already there, the default workspace's, and wrote nothing: w1's object is where a
      // state pushed in w1 goes, as terraform 1.11+ does with an AzureRM key holding "?")
      clear();
      if (ns.run(judge.binary, ['state', 'push', '-force', '-no-color', 'seed.tfstate'], { cwd: dir, env: judgeEnv(env) }).status !== 0) return 'fails';
      afterNew = list();
    }
    if (afterInit.length !== 1 || afterNew.length !== 1) throw new Error(`${judge.name} in ${dir}: expected one object per workspace, got ${afterInit} then ${afterNew}`);
    return { default: afterInit[0], named: afterNew[0] };
  } finally {
    clear();
  }
}

const gcsList = () => BUCKETS.flatMap((b) => gcsObjects(gcs, b).map((o) => `gs://${b}/${o}`));
const gcsClear = () => {
  for (const o of gcsList()) {
    const [, bucket, name] = /^gs:\/\/([^/]+)\/(.*)$/.exec(o)!;
    gcs.http(`${FAKE_GCS.base}/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}`, { method: 'DELETE' });
  }
};
const azList = () => clouds.flatMap((c) => listBlobs(c, AZ_CONTAINER, '').map((b) => `${c.host}/${AZ_CONTAINER}/${b.name}`));
const azClear = () => {
  for (const c of clouds) for (const b of listBlobs(c, AZ_CONTAINER, '')) blobRequest(c, 'DELETE', blobPath(AZ_CONTAINER, b.name));
};

/** The first request an offline init makes to the store: its host, path and listing prefix name the namespace of every workspace. */
async function askOffline(judge: Judge, dir: string, variant: string, env: Record<string, string>, store: Family['store']): Promise<Answer> {
  const [command, ...args] = [...networkSandbox().prefix, judge.binary, ...initArgs(variant)];
  const credentials: Record<string, string> = store === 'cos' ? { TENCENTCLOUD_SECRET_ID: 'dummy', TENCENTCLOUD_SECRET_KEY: 'dummy' } : { GOOGLE_OAUTH_ACCESS_TOKEN: 'dummy' };
  const child = spawn(command, args, { cwd: dir, env: judgeEnv({ TF_LOG: 'debug', HOME: dir, ...credentials, ...env }) });
  // The first URL of the store's API that lists a prefix.
  const listing = store === 'cos' ? /https?:\/\/[^\s"\]]*(myqcloud\.com|tencentcos\.cn)\/\?prefix=[^\s"\]]*/ : /https:\/\/storage\.[^\s"\]]*[?&]prefix=[^\s"\]]*/;
  let output = '';
  const url = await new Promise<string | undefined>((done) => {
    const timer = setTimeout(() => done(undefined), 15_000);
    const read = (d: Buffer) => {
      output += d;
      const m = listing.exec(output);
      if (m) {
        clearTimeout(timer);
        done(m[0]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', () => {
      clearTimeout(timer);
      done(listing.exec(output)?.[0]);
    });
  });
  child.kill('SIGKILL');
  if (url === undefined) {
    if (/Error: /.test(output)) return 'fails';
    throw new Error(`${judge.name} in ${dir}: no request seen in 15 s:\n${output.slice(-1500)}`);
  }
  // (recorded as requested: pairTruth reads a COS host as the bucket it reaches)
  const u = new URL(url);
  const where = `${u.host}${u.pathname}?prefix=${u.searchParams.get('prefix') ?? ''}`;
  return { default: where, named: where };
}

async function ask(family: Family, recipe: Recipe, judge: Judge, variant: string, run: Run): Promise<Answer> {
  const dir = copyOf(toolDirectory(family, recipe, formatTarget(judge.target)));
  const env = runEnv(recipe, run);
  if (family.ask === 'offline') return askOffline(judge, dir, variant, env, family.store);
  if (family.ask === 'gcs-emulator') return askEmulator(gcs, judge, dir, variant, { GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token', ...env }, gcsList, gcsClear);
  if (family.ask === 'cos-emulator') {
    const cosEnv = { TENCENTCLOUD_SECRET_ID: 'AKIDoracle', TENCENTCLOUD_SECRET_KEY: 'oracle-key', SSL_CERT_FILE: cos.caFile, ...env };
    return askEmulator(cos.ns, judge, dir, variant, cosEnv, motoList(cos.moto, COS_BUCKET, 'cos'), motoClear(cos.moto, COS_BUCKET));
  }
  if (family.ask === 'oss-emulator') {
    const ossEnv = { ALICLOUD_ACCESS_KEY: 'LTAIoracle', ALICLOUD_SECRET_KEY: 'oracle-secret', ...env };
    return askEmulator(ossNs, judge, dir, variant, ossEnv, motoList(ossMoto, OSS_BUCKET, 'oss'), motoClear(ossMoto, OSS_BUCKET));
  }
  const auth: Record<string, string> = family.auth === 'sas' ? { ARM_SAS_TOKEN: sasToken(clouds[0].key) } : { ARM_ACCESS_KEY: clouds[0].key };
  return askEmulator(clouds[0].ns, judge, dir, variant, { ...auth, SSL_CERT_FILE: clouds[0].caFile, ...env }, azList, azClear);
}

describeEachJudge('the address oracle', JUDGES, (judge) => {
  const target = formatTarget(judge.target);
  const families = FAMILIES.filter((f) => !f.judges || f.judges(target));
  const { stale } = PLAN[target];
  const toAsk = families.filter((f) => f.recipes.some((r) => stale.has(recipeKey(f, r))));

  // (a judge whose every recipe is replayed asks nothing here)
  if (toAsk.length > 0) {
    test.each(toAsk.map((f) => [f.id, f] as const))(scenario('address-oracle', '%s: the library reports every pair the judge lands on one object, and no other'), async (_id, family) => {
      // GIVEN what the judge names for each recipe, config file and run (asked where its key changed, else as recorded)
      const mine = (fresh[target] ??= {});
      for (const recipe of family.recipes.filter((r) => stale.has(recipeKey(family, r)))) {
        const byVariant: Record<string, Record<string, Answer>> = {};
        for (const variant of variantsOf(recipe)) {
          byVariant[variant] = {};
          for (const run of family.runs) byVariant[variant][run.id] = await ask(family, recipe, judge, variant, run);
        }
        mine[recipeKey(family, recipe)] = byVariant;
        (asked[target] ??= new Set()).add(recipeKey(family, recipe));
      }
      const answers: JudgeAnswers = { ...recorded.judges[target], ...mine };
      // WHEN every pair is judged by those answers and by the library at the judge's release
      const disagreements: string[] = [];
      for (const { a, b, linked } of pairsOf(family)) {
        tally.pairs++;
        const library = libraryVerdict(family, a, b, linked, target);
        if (library === undefined) {
          tally.skipped++;
          // (a config the library refuses itself is not a pair; a pair whose configs the judge ran is one the library must judge)
          if (!(a.builtin && b.builtin) && judgeRanBoth(family, answers, a, b)) {
            disagreements.push(`${a.id} + ${b.id} (${linked ? 'linked' : 'apart'}): the judge ran both configs, the library refuses the pair`);
          }
          continue;
        }
        const truth: Verdict = pairTruth(family, answers, a, b, linked);
        tally.verdicts++;
        tally[truth]++;
        if (truth !== library) disagreements.push(`${a.id} + ${b.id} (${linked ? 'linked' : 'apart'}): the judge's answers make it ${truth}, the library ${library}`);
      }
      // THEN they agree on every pair
      tally.disagreements += disagreements.length;
      expect(disagreements).toEqual([]);
    }, 600_000);
  }

  test('the answers not asked are recorded under the keys of what the judge would be given now', () => {
    // GIVEN the recipes whose keys are unchanged
    const replayed = families.flatMap((f) => f.recipes.map((r) => [f, r] as const)).filter(([f, r]) => !stale.has(recipeKey(f, r)));
    // THEN the recording answers each for every config file and run (test/unit/address-answers.test.ts holds the library to them)
    const answered = (f: Family, r: Recipe, v: string, run: Run) => recorded.judges[target]?.[recipeKey(f, r)]?.[v]?.[run.id] !== undefined;
    const missing = replayed.flatMap(([f, r]) => variantsOf(r).flatMap((v) => f.runs.filter((run) => !answered(f, r, v, run)).map((run) => `${recipeKey(f, r)} ${v} ${run.id}`)));
    expect(missing).toEqual([]);
  });
});

test('the judges answer as test/support/address-answers.json records (STATE_BACKENDS_ORACLE_RECORD=1 records them anew)', () => {
  if (JUDGES.length === 0) return;
  // eslint-disable-next-line no-console
  console.log(`address oracle: ${tally.pairs} generated pairs judged, ${tally.verdicts} compared (${tally.error} error, ${tally.warning} warning, ` +
    `${tally.none} none), ${tally.skipped} refused by the library itself at that release; ${tally.disagreements} disagreements`);
  const about = 'What the judges answered to test/support/address-cases.ts: by judge, recipe (family/id#hash), config file ("-": none) and run, ' +
    'the objects of the default workspace and of "w1", or the first URL of an offline init, or "fails"; the keys of what each judge was given ' +
    '(test/support/oracle-key.ts) and the day everything was last asked. Written by test/runtime/address-oracle.test.ts ' +
    'with STATE_BACKENDS_ORACLE_RECORD=1; replayed against the library by test/unit/address-answers.test.ts.';
  // (answers of the recipes asked now replace those recorded; a recipe no family holds any more is dropped)
  const current = new Set(FAMILIES.flatMap((f) => f.recipes.map((r) => recipeKey(f, r))));
  const keep = <T>(o: Record<string, T> | undefined) => Object.fromEntries(Object.entries(o ?? {}).filter(([k]) => current.has(k)));
  const merged = (target: string) => keep({ ...recorded.judges[target], ...fresh[target] });
  const targets = [...new Set([...Object.keys(recorded.judges), ...Object.keys(fresh)])];
  const answers: AnswersFile = { about, judges: Object.fromEntries(targets.map((t) => [t, merged(t)])) };
  const everything = JUDGES.every((j) => asked[formatTarget(j.target)]?.size === Object.keys(KEYS!.configs[formatTarget(j.target)]).length);
  const staleLeft = Object.entries(PLAN).filter(([, p]) => p.stale.size > 0).map(([t]) => t);
  // (every listed judge was asked everything: this machine's drift check is done)
  const full = everything && listedJudgeTargets().every((t) => !recorded.judges[t] || PLAN[t]);
  if (RECORD) {
    fs.writeFileSync(ANSWERS_FILE, JSON.stringify({ ...answers, keys: keysAfter(recorded.keys, asked, current), asked: full ? today() : recorded.asked }, null, 1) + '\n');
    if (full && tally.disagreements === 0) recordLiveRun({ asked: today(), keys: staticOf(KEYS!) });
    return;
  }
  expect(answers.judges).toEqual(recorded.judges);
  // (this machine asked everything under this checkout's keys, and the judges answered as recorded)
  if (full && tally.disagreements === 0) recordLiveRun({ asked: today(), keys: staticOf(KEYS!) });
  if (staleLeft.length > 0) {
    // eslint-disable-next-line no-console
    console.warn(`\n=== address oracle: the judges answered as recorded, but the recording's keys are not this run's for ${staleLeft.join(', ')}: ` +
      'record them (STATE_BACKENDS_ORACLE_RECORD=1 npx jest --selectProjects cdktf -- test/runtime/address-oracle.test.ts asks only those again), ' +
      'or every run asks them\n');
  }
});

const today = () => new Date().toISOString().slice(0, 10);

/** The static part of the keys (test/support/oracle-key.ts). */
function staticOf(k: StaticKeys): StaticKeys {
  return { address: k.address, generator: k.generator, judgeList: k.judgeList, installs: k.installs, harness: k.harness };
}

/**
 * The recording's keys after this run asked `done`: each asked recipe's config key is this run's; the
 * static keys and a judge's only where every recipe of every judge (of the judge) was asked under them.
 */
function keysAfter(before: RecordedKeys | undefined, done: Record<string, Set<string>>, current: Set<string>): OracleKeys {
  const now = KEYS!;
  const all = (t: string) => done[t]?.size === Object.keys(now.configs[t]).length;
  const configs: Record<string, Record<string, string>> = {};
  for (const t of new Set([...Object.keys(before?.configs ?? {}), ...Object.keys(now.configs)])) {
    const kept = Object.entries(before?.configs[t] ?? {}).filter(([k]) => current.has(k));
    configs[t] = Object.fromEntries([...kept, ...[...done[t] ?? []].map((k) => [k, now.configs[t][k]])]);
  }
  const judges = { ...before?.judges, ...Object.fromEntries(Object.keys(now.judges).filter(all).map((t) => [t, now.judges[t]])) };
  // (a key the recording lacks stays "none": what was not asked under it is asked again)
  const none: StaticKeys = { address: 'none', generator: 'none', judgeList: 'none', installs: 'none', harness: 'none' };
  const statics = Object.keys(now.configs).every(all) ? staticOf(now) : staticOf({ ...none, ...before });
  return { ...statics, judges, configs };
}
