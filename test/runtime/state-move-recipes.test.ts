/**
 * Run-time judge of the commands stack/state-moved prints, with plain terraform and tofu (every
 * judge), for the cases the CLI suite (test/cli/recipes.ts, one terraform) cannot host: each printed
 * command's init arguments (its TF_CLI_ARGS_init) given to init in the stack's directory, then a plan,
 * as the CLIs' `diff` runs them. A field the old block left unset: a renamed GCS stack whose prefix
 * was unset, given back as `-backend-config=prefix=` (fake-gcs-server). A field an env var gave:
 * AzureRM's environment from ARM_ENVIRONMENT, then set in the block, then left to the env var again
 * (Azurite, one server per cloud). After each copy the new object holds the old state (lineage,
 * resources), the old one is as it was, and the plan changes nothing.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformResource, TerraformStack } from 'cdktf';
import { AzurermBackend, GcsBackend } from '../../src';
import { TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';
import { ACCOUNT, AzuriteServer, cleanUp, listBlobs, readBlob, startAzuriteClouds } from '../support/azurite';
import { FAKE_GCS, RunResult, Sandbox, gcsObject, gcsObjects, requireRuntime, startFakeGcs } from '../support/emulators';
import { Judge, describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { scenario } from '../support/runtime-stacks';
import { appFor } from '../support/stores';

const JUDGES = requireRuntime('fake-gcs-server') && requireRuntime('azurite') ? requireJudges('runtime') : [];
const bucketOf = (judge: Judge) => `moves-${judge.tool}-${judge.version.replace(/\./g, '-')}`;
const CONTAINER = 'tfstate';
/** A printed command's init arguments: `TF_CLI_ARGS_init=<word>` or `TF_CLI_ARGS_init="<words>"` before `cdktf diff <stack>`. */
const COMMAND = /TF_CLI_ARGS_init=(?:"((?:[^"\\]|\\.)*)"|([^\s"]*)) (?:cdktf|cdktn) diff [\w.-]+/g;

/** Synthesizes `app`, quietly, and returns the init arguments of each command its stack/state-moved notes print, in order. */
function printedInitArgs(app: App, env: Record<string, string> = {}): string[] {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    app.synth();
  } finally {
    quiet.mockRestore();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
  const notes = Object.values(manifest.stacks).flatMap((s: any) => s.annotations.map((a: { message: string }) => a.message))
    .filter((m: string) => m.endsWith('[stack/state-moved]'));
  return notes.flatMap((m: string) => [...m.matchAll(COMMAND)].map((c) => c[1] ?? c[2]));
}

/** The app `judge` checks, writing to `outdir` (the same directory across synths, as the CLIs keep it), or to a new one. */
function appIn(judge: Judge, outdir?: string): App {
  if (!outdir) return appFor(judge.target);
  const app = new App({ outdir, stackTraces: false });
  app.node.setContext(TARGET_CONTEXT_KEY, formatTarget(judge.target));
  return app;
}

/** A stack `id` with one resource. */
function stackOf(app: App, id: string): TerraformStack {
  const stack = new TerraformStack(app, id);
  new TerraformResource(stack, 'vpc', { terraformResourceType: 'terraform_data' }).addOverride('input', 'vpc-0042');
  return stack;
}

describeEachJudge('the init arguments state-moved prints, run with plain init and plan', JUDGES, (judge) => {
  let gcs: Sandbox;
  let clouds: AzuriteServer[];
  beforeAll(() => {
    gcs = startFakeGcs([bucketOf(judge)]);
    clouds = startAzuriteClouds([CONTAINER]);
  });
  afterAll(() => {
    gcs?.stop();
    if (clouds) cleanUp(clouds[0]);
  });
  const ok = (r: RunResult, what: string) => {
    if (r.status !== 0) throw new Error(`${judge.name} ${what} failed:\n${r.output}`);
    return r;
  };
  /** init with `args` in TF_CLI_ARGS_init, then a plan that must change nothing (-detailed-exitcode: 0). */
  const diff = (ns: Sandbox, dir: string, args: string, env: Record<string, string>) => {
    ok(ns.run(judge.binary, ['init', '-no-color'], { cwd: dir, env: judgeEnv({ ...env, TF_CLI_ARGS_init: args }) }), `init ${args}`);
    const plan = ns.run(judge.binary, ['plan', '-no-color', '-input=false', '-detailed-exitcode'], { cwd: dir, env: judgeEnv(env) });
    expect({ args, status: plan.status, plan: plan.stdout.match(/No changes|\d+ to add/g) }).toEqual({ args, status: 0, plan: ['No changes'] });
  };
  const lineage = (body: string | undefined) => JSON.parse(body ?? '{}').lineage as string | undefined;

  test(scenario('state-move-recipes', 'GCS: a renamed stack whose prefix was unset: the rename note\'s init arguments give it back empty, and the copy moves the state'), () => {
    const bucket = bucketOf(judge);
    const env = { GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' };
    // GIVEN stack "network" with no prefix, applied (object default.tfstate)
    const before = appIn(judge);
    new GcsBackend(stackOf(before, 'network'), { bucket, storeageCustomEndpoint: FAKE_GCS.endpoint });
    printedInitArgs(before);
    const old = path.join(before.outdir, 'stacks', 'network');
    ok(gcs.run(judge.binary, ['init', '-no-color', '-input=false'], { cwd: old, env: judgeEnv(env) }), 'init');
    ok(gcs.run(judge.binary, ['apply', '-no-color', '-input=false', '-auto-approve'], { cwd: old, env: judgeEnv(env) }), 'apply');
    const original = gcsObject(gcs, bucket, 'default.tfstate');
    // WHEN it is renamed "net" under forEachStack's prefix "prod" THEN the note's two commands, as printed, point and copy
    const after = appIn(judge, before.outdir);
    stackOf(after, 'net');
    GcsBackend.forEachStack(after, { bucket, prefix: 'prod', storeageCustomEndpoint: FAKE_GCS.endpoint });
    const args = printedInitArgs(after);
    expect(args).toEqual(['-reconfigure -backend-config=prefix=', '-force-copy -backend-config=prefix=prod/net']);
    for (const a of args) diff(gcs, path.join(after.outdir, 'stacks', 'net'), a, env);
    // AND the state is at the new object, the old one as it was
    expect(gcsObjects(gcs, bucket)).toEqual(['default.tfstate', 'prod/net/default.tfstate']);
    expect(lineage(gcsObject(gcs, bucket, 'prod/net/default.tfstate'))).toBe(lineage(original));
    expect(gcsObject(gcs, bucket, 'default.tfstate')).toBe(original);
  });

  test(scenario('state-move-recipes', 'AzureRM: an environment ARM_ENVIRONMENT gave, then set in the block, then left to ARM_ENVIRONMENT again: each note\'s copy moves the blob to that cloud'), () => {
    const blob = `${judge.tool}-${judge.version}.tfstate`;
    const env = { ARM_ACCESS_KEY: clouds[0].key, SSL_CERT_FILE: clouds[0].caFile };
    const backend = (app: App, environment?: string) =>
      new AzurermBackend(stackOf(app, 'network'), { storageAccountName: ACCOUNT, containerName: CONTAINER, key: blob, ...(environment ? { environment } : {}) });
    const cloud = (i: number) => readBlob(clouds[i], CONTAINER, blob);
    // GIVEN the environment left to ARM_ENVIRONMENT=usgovernment, applied (the blob in the US Government cloud)
    const first = appIn(judge);
    backend(first);
    printedInitArgs(first);
    const dir = path.join(first.outdir, 'stacks', 'network');
    const gov = { ...env, ARM_ENVIRONMENT: 'usgovernment' };
    ok(clouds[0].ns.run(judge.binary, ['init', '-no-color', '-input=false'], { cwd: dir, env: judgeEnv(gov) }), 'init');
    ok(clouds[0].ns.run(judge.binary, ['apply', '-no-color', '-input=false', '-auto-approve'], { cwd: dir, env: judgeEnv(gov) }), 'apply');
    const original = cloud(1);
    expect([cloud(0), cloud(2)]).toEqual([undefined, undefined]);
    // WHEN the block sets "public", synthesized with ARM_ENVIRONMENT as the runs have it THEN the note's copy moves it to the public cloud
    const second = appIn(judge, first.outdir);
    backend(second, 'public');
    const copy = printedInitArgs(second, { ARM_ENVIRONMENT: 'usgovernment' });
    expect(copy[0]).toBe('-force-copy');
    diff(clouds[0].ns, dir, copy[0], gov);
    expect(lineage(cloud(0))).toBe(lineage(original));
    expect(cloud(1)).toBe(original);
    // AND back to ARM_ENVIRONMENT, now china: the note's copy moves it to the China cloud
    const third = appIn(judge, first.outdir);
    backend(third);
    const china = { ...env, ARM_ENVIRONMENT: 'china' };
    const back = printedInitArgs(third, { ARM_ENVIRONMENT: 'china' });
    expect(back[0]).toBe('-force-copy');
    diff(clouds[0].ns, dir, back[0], china);
    expect(lineage(cloud(2))).toBe(lineage(original));
    expect(listBlobs(clouds[0], CONTAINER, '').map((b) => b.name)).toEqual([blob]);
  });
});
