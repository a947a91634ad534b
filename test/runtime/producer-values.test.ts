/**
 * What a producer's backend writes, whatever sets it, and where a checkout's init puts it, on
 * fake-gcs-server with every run-time judge:
 * - a cdktf cross-stack reference reads the object the producer writes when an Aspect of the
 *   producer's stack moves its prefix (cdktf makes the remote state before any Aspect runs), or a
 *   stack override sets it to a number: BEFORE, a remote state of the block as it was made (what
 *   the consumer got until now) finds no outputs there ("Unsupported attribute"), and a number was
 *   refused at synth; AFTER, the library's remote state reads the producer's outputs, and an app
 *   that writes the consumer before its producer's Aspects ran is refused (stack/cross-stack-override);
 * - a prefix that reads the checkout's directory (OpenTofu 1.8+ evaluates `path.cwd` and
 *   `abspath(path.root)` at init) names another object in a second checkout of the same synth,
 *   which plans to add what the first applied; the library warns (backend/checkout-value).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Aspects, TerraformOutput, TerraformResource, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { DataTerraformRemoteStateGcs, GcsBackend } from '../../src';
import { evaluatesBackend } from '../../src/private/kit/schema';
import { TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';
import { synthError, warningsOf } from '../support/annotations';
import { FAKE_GCS, RunResult, Sandbox, gcsObjects, gcsState, requireRuntime, startFakeGcs } from '../support/emulators';
import { Judge, describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { scenario } from '../support/runtime-stacks';

const JUDGES = requireRuntime('fake-gcs-server') ? requireJudges('runtime') : [];
const BUCKET = 'producer-values';
const GCS = { bucket: BUCKET, storeageCustomEndpoint: FAKE_GCS.endpoint };
const ENV = { GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' };

const appFor = (judge: Judge) => new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'producer-values-')), context: { [TARGET_CONTEXT_KEY]: formatTarget(judge.target) } });

/**
 * A producer whose backend starts at prefix "old" (`change` moves it) and whose resource's output
 * is "7"; a consumer reading it through a cross-stack reference; and, for the BEFORE half, a stack
 * `stale` reading the block as it was made ("old"), as the consumer's remote state did.
 */
function readingApp(judge: Judge, change: (stack: TerraformStack, backend: GcsBackend) => void, consumerFirst = false): App {
  const app = appFor(judge);
  const early = consumerFirst ? new TerraformStack(app, 'consumer') : undefined;
  const producer = new TerraformStack(app, 'producer');
  const backend = new GcsBackend(producer, { ...GCS, prefix: 'old' });
  change(producer, backend);
  const data = new TerraformResource(producer, 'data', { terraformResourceType: 'terraform_data' });
  data.addOverride('input', '7');
  const consumer = early ?? new TerraformStack(app, 'consumer');
  new GcsBackend(consumer, { ...GCS, prefix: 'consumer' });
  new TerraformOutput(consumer, 'n', { value: data.getStringAttribute('output') });
  const stale = new TerraformStack(app, 'stale');
  new GcsBackend(stale, { ...GCS, prefix: 'stale' });
  new TerraformOutput(stale, 'n', { value: new DataTerraformRemoteStateGcs(stale, 'old', { ...GCS, prefix: 'old' }).getString('n') });
  return app;
}

describeEachJudge('what a producer writes, and where a checkout inits', JUDGES, (judge) => {
  let gcs: Sandbox;
  beforeEach(() => {
    gcs = startFakeGcs([BUCKET]);
  });
  afterEach(() => gcs?.stop());

  const run = (dir: string, args: string[]) => gcs.run(judge.binary, args, { cwd: dir, env: judgeEnv(ENV) });
  const ok = (r: RunResult) => {
    if (r.status !== 0) throw new Error(`${judge.name} failed:\n${r.output}`);
    return r;
  };
  const inStack = (app: App, stack: string) => path.join(app.outdir, 'stacks', stack);

  /** Applies the producer; the stale stack's plan fails, the consumer's apply reads n = "7". */
  const readsProducer = (app: App) => {
    ok(run(inStack(app, 'producer'), ['init', '-input=false', '-no-color']));
    ok(run(inStack(app, 'producer'), ['apply', '-auto-approve', '-input=false', '-no-color']));
    // BEFORE: the block as the remote state was made names an object that holds nothing
    ok(run(inStack(app, 'stale'), ['init', '-input=false', '-no-color']));
    const stale = run(inStack(app, 'stale'), ['plan', '-input=false', '-no-color']);
    expect(stale.status).not.toBe(0);
    expect(stale.output).toMatch(/Unsupported attribute/);
    // AFTER: the library's remote state reads the producer's outputs
    ok(run(inStack(app, 'consumer'), ['init', '-input=false', '-no-color']));
    ok(run(inStack(app, 'consumer'), ['apply', '-auto-approve', '-input=false', '-no-color']));
    expect(JSON.parse(ok(run(inStack(app, 'consumer'), ['output', '-json'])).stdout).n.value).toBe('7');
  };

  test(scenario('gcs-aspect-read', 'a consumer of a producer whose prefix an Aspect moves reads the producer\'s outputs; one written before the Aspect ran is refused'), () => {
    // GIVEN an Aspect of the producer's stack that moves its prefix
    const moveTo = (stack: TerraformStack, backend: GcsBackend) =>
      Aspects.of(stack).add({ visit: (c: IConstruct) => (c === backend ? backend.addOverride('prefix', 'moved') : undefined) });
    const app = readingApp(judge, moveTo);
    // WHEN the app is synthesized THEN the producer writes at the moved prefix, and the consumer reads it there
    app.synth();
    readsProducer(app);
    expect(Object.keys(gcsState(gcs, BUCKET, 'moved/default.tfstate').outputs)).not.toEqual([]);
    // (the stale read left an empty state at the old prefix, as the consumer's did)
    expect(gcsState(gcs, BUCKET, 'old/default.tfstate').outputs).toEqual({});
    // AND with the consumer added first (written before the producer's Aspect ran) the synth is refused
    expect(synthError(readingApp(judge, moveTo, true))).toMatch(/stack "consumer" reads the outputs of stack "producer", and was written before .* \[stack\/cross-stack-override\]/);
  });

  test(scenario('gcs-number-read', 'a producer whose stack override sets prefix 2024 (a number) writes 2024/default.tfstate, and a consumer reads it'), () => {
    // GIVEN a stack override of the producer's prefix with a number, which the tools read as its text
    const app = readingApp(judge, (stack) => stack.addOverride('terraform.backend.gcs.prefix', 2024));
    // WHEN the app is synthesized (it was refused, field/type, once a stack read the producer) THEN the consumer reads it
    expect(synthError(app)).toBe('');
    readsProducer(app);
    expect(gcsObjects(gcs, BUCKET, '2024/')).toEqual(['2024/default.tfstate']);
    expect(Object.keys(gcsState(gcs, BUCKET, '2024/default.tfstate').outputs)).not.toEqual([]);
  });

  (evaluatesBackend(judge.target) ? test : test.skip)(
    scenario('gcs-checkout-value', 'a prefix that reads path.cwd or abspath(path.root) names another object in a second checkout of one synth; the library warns'),
    () => {
      for (const [under, prefix] of [['cwd', 'cwd${path.cwd}'], ['abs', 'abs${abspath(path.root)}']]) {
        // GIVEN a stack whose prefix reads the directory init runs in, synthesized once
        const app = appFor(judge);
        const stack = new TerraformStack(app, 'network');
        new GcsBackend(stack, { ...GCS, prefix });
        new TerraformResource(stack, 'vpc', { terraformResourceType: 'terraform_data' });
        expect(warningsOf(app).join('\n')).toMatch(/prefix reads (path\.cwd|abspath\(\)), whose value depends on the checkout .* \[backend\/checkout-value\]/);
        app.synth();
        // WHEN the synth is applied from one checkout, then planned from another
        const [first, second] = ['a', 'b'].map((n) => {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), `checkout-${n}-`));
          fs.copyFileSync(path.join(inStack(app, 'network'), 'cdk.tf.json'), path.join(dir, 'cdk.tf.json'));
          return dir;
        });
        ok(run(first, ['init', '-input=false', '-no-color']));
        ok(run(first, ['apply', '-auto-approve', '-input=false', '-no-color']));
        ok(run(second, ['init', '-input=false', '-no-color']));
        // THEN the second checkout names an object of its own, without the first one's resource
        expect(ok(run(second, ['plan', '-input=false', '-no-color'])).stdout).toMatch(/Plan: 1 to add, 0 to change, 0 to destroy/);
        expect(gcsObjects(gcs, BUCKET, `${under}/`).map((o) => path.posix.dirname(o)).sort()).toEqual([first, second].map((d) => `${under}${d}`).sort());
      }
    },
  );
});
