/**
 * Run-time judge of stack/shared-state on fake-gcs-server: two stacks with the same backend
 * settings write one state object, and the second apply replaces the first stack's state (its
 * plan destroys what the first made). The library refuses such an app at synth, before anything
 * runs: for two stacks one of which reads the other (one run, one workspace). Two stacks run each in a
 * workspace of their own stay apart, which is why unrelated stacks get a warning only. Checked from
 * the stored objects, as in gcs.test.ts.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformOutput, TerraformResource, TerraformStack } from 'cdktf';
import { GcsBackend } from '../../src/gcs-backend';
import { TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';
import { FAKE_GCS, FAKE_GCS_VERSION, RunResult, Sandbox, gcsObject, gcsObjects, startFakeGcs, requireRuntime, workDir } from '../support/emulators';
import { describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { scenario } from '../support/runtime-stacks';

const JUDGES = requireRuntime('fake-gcs-server') ? requireJudges('runtime') : [];
const BUCKET = 'shared-state';
const ENV = { GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' };

/** A stack's document: the raw gcs backend block and one `terraform_data` named `resource`. */
const stackDocument = (prefix: string, resource: string) => JSON.stringify({
  terraform: { backend: { gcs: { bucket: BUCKET, prefix, storage_custom_endpoint: FAKE_GCS.endpoint } } },
  resource: { terraform_data: { [resource]: { input: resource } } },
});

describeEachJudge(`on fake-gcs-server ${FAKE_GCS_VERSION}`, JUDGES, (judge) => {
  let ns: Sandbox;

  beforeAll(() => {
    ns = startFakeGcs([BUCKET]);
  });
  afterAll(() => ns?.stop());

  const run = (dir: string, args: string[]) => ns.run(judge.binary, args, { cwd: dir, env: judgeEnv(ENV) });
  const ok = (r: RunResult) => {
    if (r.status !== 0) throw new Error(`${judge.name} failed:\n${r.output}`);
    return r;
  };
  const resourcesIn = (name: string): string[] => {
    const body = gcsObject(ns, BUCKET, name);
    if (body === undefined) return [];
    return (JSON.parse(body).resources as Array<{ type: string; name: string }>).map((x) => `${x.type}.${x.name}`);
  };
  const objects = (prefix: string): string[] => gcsObjects(ns, BUCKET, prefix);

  test(scenario('gcs-shared-state', 'two stacks with one bucket and prefix replace each other\'s state; the library refuses the app first'), () => {
    // GIVEN two stacks that keep their state under one prefix (written by hand: the library refuses them)
    const prefix = `clobber/${judge.tool}-${judge.version}`;
    const network = workDir('shared-network-', { 'main.tf.json': stackDocument(prefix, 'vpc') });
    const database = workDir('shared-database-', { 'main.tf.json': stackDocument(prefix, 'db') });

    // WHEN network is applied, then database is planned and applied
    ok(run(network, ['init', '-input=false', '-no-color']));
    ok(run(network, ['apply', '-auto-approve', '-input=false', '-no-color']));
    expect(resourcesIn(`${prefix}/default.tfstate`)).toEqual(['terraform_data.vpc']);
    ok(run(database, ['init', '-input=false', '-no-color']));
    const plan = ok(run(database, ['plan', '-input=false', '-no-color']));

    // THEN database plans to destroy network's resource, and its apply leaves only its own in the object
    expect(plan.stdout).toMatch(/Plan: 1 to add, 0 to change, 1 to destroy/);
    ok(run(database, ['apply', '-auto-approve', '-input=false', '-no-color']));
    expect(resourcesIn(`${prefix}/default.tfstate`)).toEqual(['terraform_data.db']);

    // GIVEN the same two stacks written with the library, in one app
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-app-'));
    const app = new App({ outdir, context: { [TARGET_CONTEXT_KEY]: formatTarget(judge.target) } });
    const refusedPrefix = `refused/${judge.tool}-${judge.version}`;
    const made = [['network', 'vpc'], ['database', 'db']].map(([name, resource]) => {
      const stack = new TerraformStack(app, name);
      new GcsBackend(stack, { bucket: BUCKET, prefix: refusedPrefix, storeageCustomEndpoint: FAKE_GCS.endpoint });
      return { stack, resource: new TerraformResource(stack, resource, { terraformResourceType: 'terraform_data' }) };
    });
    // database reads network's outputs (a cross-stack reference): cdktf runs both in one workspace
    new TerraformOutput(made[1].stack, 'vpc', { value: made[0].resource.getStringAttribute('id') });
    // WHEN the app is synthesized
    // THEN synth is refused naming both stacks, no stack was written, and nothing reached the bucket
    expect(() => app.synth()).toThrow(/stacks "network" and "database" keep their state in one object: .* \[stack\/shared-state\]/);
    expect(fs.existsSync(path.join(outdir, 'stacks', 'network', 'cdk.tf.json'))).toBe(false);
    expect(objects(`${refusedPrefix}/`)).toEqual([]);
  });

  test(scenario('gcs-shared-state-workspaces', 'two stacks with one bucket and prefix, each run in a workspace of its own, stay apart'), () => {
    // GIVEN the same two hand-written stacks, network run with TF_WORKSPACE=dev and database with prod
    const prefix = `workspaces/${judge.tool}-${judge.version}`;
    const network = workDir('ws-network-', { 'main.tf.json': stackDocument(prefix, 'vpc') });
    const database = workDir('ws-database-', { 'main.tf.json': stackDocument(prefix, 'db') });
    const inWorkspace = (dir: string, ws: string, args: string[]) =>
      ns.run(judge.binary, args, { cwd: dir, env: judgeEnv({ ...ENV, TF_WORKSPACE: ws }) });
    for (const [dir, ws] of [[network, 'dev'], [database, 'prod']]) {
      // (init in the default workspace first: TF_WORKSPACE must name a workspace that exists)
      ok(run(dir, ['init', '-input=false', '-no-color']));
      ok(run(dir, ['workspace', 'new', '-no-color', ws]));
      const plan = ok(inWorkspace(dir, ws, ['plan', '-input=false', '-no-color']));
      // THEN neither plans to destroy the other's resource, and each object holds its own
      expect(plan.stdout).toMatch(/Plan: 1 to add, 0 to change, 0 to destroy/);
      ok(inWorkspace(dir, ws, ['apply', '-auto-approve', '-input=false', '-no-color']));
    }
    expect(resourcesIn(`${prefix}/dev.tfstate`)).toEqual(['terraform_data.vpc']);
    expect(resourcesIn(`${prefix}/prod.tfstate`)).toEqual(['terraform_data.db']);
  });
});
