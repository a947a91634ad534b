/**
 * Run-time judge of backend values from outside the code, on fake-gcs-server: OpenTofu 1.8+ stores
 * the state where the variable in the backend block says, while Terraform and older OpenTofu refuse
 * the variable (the library refuses it first); and fields left to init (StateBackendValue.fromInit)
 * are given by a backend config file the library writes, or by KEY=VALUE, with both tools. Checked
 * from the stored objects, as in gcs.test.ts.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformOutput, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { GcsBackend } from '../../src/gcs-backend';
import { evaluatesBackend } from '../../src/private/kit/schema';
import { TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';
import { StateBackendValue } from '../../src/state-backend-value';
import { FAKE_GCS, FAKE_GCS_VERSION, RunResult, Sandbox, gcsObjects, gcsState, startFakeGcs, requireRuntime, workDir } from '../support/emulators';
import { Judge, describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { scenario } from '../support/runtime-stacks';

const JUDGES = requireRuntime('fake-gcs-server') ? requireJudges('runtime') : [];
const ENDPOINT = FAKE_GCS.endpoint;
const BUCKETS = ['values-a', 'values-b'];
const ENV = { GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' };

/** An app for the judge's version, writing into a fresh directory. */
function appFor(judge: Judge): App {
  return new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-values-')), context: { [TARGET_CONTEXT_KEY]: formatTarget(judge.target) } });
}

describeEachJudge(`on fake-gcs-server ${FAKE_GCS_VERSION}`, JUDGES, (judge) => {
  let ns: Sandbox;

  beforeAll(() => {
    ns = startFakeGcs(BUCKETS);
  });
  afterAll(() => ns?.stop());

  const run = (dir: string, args: string[]) => ns.run(judge.binary, args, { cwd: dir, env: judgeEnv(ENV) });
  const ok = (r: RunResult) => {
    if (r.status !== 0) throw new Error(`${judge.name} failed:\n${r.output}`);
    return r;
  };
  const objects = (bucket: string, prefix: string): string[] => gcsObjects(ns, bucket, prefix);
  const outputsOf = (bucket: string, name: string) => gcsState(ns, bucket, name).outputs;

  test(scenario('gcs-opentofu-variables', 'a variable in the backend block: stored where it says (opentofu 1.8+), refused elsewhere'), () => {
    const prefix = `vars/${judge.tool}-${judge.version}`;
    const make = (stack: TerraformStack) => {
      const env = new TerraformVariable(stack, 'env', { type: 'string' });
      return new GcsBackend(stack, { bucket: BUCKETS[0], prefix: `${prefix}/${env.stringValue}`, storeageCustomEndpoint: ENDPOINT });
    };
    if (!evaluatesBackend(judge.target)) {
      // GIVEN a target that reads backend blocks literally: the library refuses the variable
      expect(() => make(new TerraformStack(appFor(judge), 'network'))).toThrow('[field/literal-only]');
      // THEN the tool refuses the same block in HCL, where a reference is written as one
      const dir = workDir('runtime-vars-', {
        'main.tf': `variable "env" {\n  type = string\n}\nterraform {\n  backend "gcs" {\n    bucket = "${BUCKETS[0]}"\n    prefix = "${prefix}/\${var.env}"\n  }\n}\n`,
      });
      const init = run(dir, ['init', '-input=false', '-no-color', '-var', 'env=prod']);
      expect(init.status).not.toBe(0);
      expect(init.output).toMatch(/Variables not allowed/);
      return;
    }
    // GIVEN an OpenTofu 1.8+ stack whose prefix is a variable, synthesized as JSON and as HCL
    for (const [form, file] of [['json', 'cdk.tf.json'], ['hcl', 'main.tf']] as const) {
      const stack = new TerraformStack(appFor(judge), 'network');
      make(stack);
      new TerraformOutput(stack, 'ws', { value: '${terraform.workspace}' });
      const dir = workDir(`runtime-vars-${form}-`, { [file]: form === 'json' ? Testing.synth(stack) : Testing.synthHcl(stack) });
      // WHEN it is initialised and applied with env=prod (JSON) or env=dev (HCL)
      const env = form === 'json' ? 'prod' : 'dev';
      ok(run(dir, ['init', '-input=false', '-no-color', '-var', `env=${env}`]));
      ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color', '-var', `env=${env}`]));
      // THEN the state is at the prefix the variable named
      expect(objects(BUCKETS[0], `${prefix}/${env}/`)).toEqual([`${prefix}/${env}/default.tfstate`]);
      expect(outputsOf(BUCKETS[0], `${prefix}/${env}/default.tfstate`)).toEqual({ ws: 'default' });
    }
  });

  test(scenario('gcs-init-values', 'fields left to init: given by the written .tfbackend file, or by KEY=VALUE; a refused file never runs'), () => {
    // GIVEN a stack whose bucket is left to init, with a config file per environment
    const prefix = `init/${judge.tool}-${judge.version}`;
    const app = appFor(judge);
    const stack = new TerraformStack(app, 'network');
    const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix, storeageCustomEndpoint: ENDPOINT });
    backend.addConfigFile('a', { bucket: BUCKETS[0] });
    backend.addConfigFile('b', { bucket: BUCKETS[1], prefix: `${prefix}/from-file` });
    new TerraformOutput(stack, 'n', { value: 'x' });
    app.synth();
    const dir = path.join(app.outdir, 'stacks', 'network');
    // WHEN init is given the file the library wrote
    ok(run(dir, ['init', '-input=false', '-no-color', '-backend-config=b.tfbackend']));
    ok(run(dir, ['apply', '-auto-approve', '-input=false', '-no-color']));
    // THEN the state is where block and file together name it: bucket b, the file's prefix
    expect(objects(BUCKETS[1], `${prefix}/`)).toEqual([`${prefix}/from-file/default.tfstate`]);
    // WHEN the other environment is given as KEY=VALUE instead, in a fresh copy of the stack
    const copy = workDir('runtime-kv-', { 'cdk.tf.json': fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8') });
    ok(run(copy, ['init', '-input=false', '-no-color', `-backend-config=bucket=${BUCKETS[0]}`]));
    ok(run(copy, ['apply', '-auto-approve', '-input=false', '-no-color']));
    // THEN it is in bucket a, under the block's own prefix
    expect(objects(BUCKETS[0], `${prefix}/`)).toEqual([`${prefix}/default.tfstate`]);
    // AND a file the library refuses stops the app before anything is written or run
    const refusedApp = appFor(judge);
    const refused = new GcsBackend(new TerraformStack(refusedApp, 'network'), { bucket: StateBackendValue.fromInit(), prefix: `${prefix}/refused` });
    expect(() => refused.addConfigFile('c', { prefix: 'only-a-prefix' })).toThrow('[field/required]');
    expect(objects(BUCKETS[0], `${prefix}/refused`)).toEqual([]);
  });
});
