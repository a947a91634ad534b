/**
 * Each judge (test/support/judge-rows.ts) validates a sample of the generated configs the library accepts
 * (test/support/fuzz-configs.ts, the property test's configs), synthesized for the judge's own
 * tool and version, in batches, in JSON and HCL, as a backend (read as a remote state's config), as
 * a remote state and as the consumer's view made by getRemoteStateDataSource. All must pass.
 */
import { parse } from '@cdktf/hcl2json';
import { App, TerraformBackend, TerraformStack, Testing } from 'cdktf';
import * as fc from 'fast-check';
import { TARGET_CONTEXT_KEY } from '../../src/private/target/target';
import { SEED, Generated, configFor, judgeTargets, readAcross } from '../support/fuzz-configs';
import { Judge, backendToRemoteConfig, remoteStatesDocument, requireJudges, validate } from '../support/judges';
import { STORES, StoreUnderTest } from '../support/stores';

const VALIDATE_PER_STORE = 320;
const BATCH = 160;
/** Configs drawn per round until every judge has its sample (a round of one seed each). */
const ROUND = 1_000;
const MAX_ROUNDS = 40;
/** Nothing is written there: the tests only call Testing.synth. */
const OUTDIR = Testing.app().outdir;

const JUDGES = requireJudges();
/** The listed judges' targets, and a terraform on PATH of another release. */
const JUDGE_TARGETS = judgeTargets(JUDGES.map((j) => `${j.tool}@${j.version}`));

/** Whether the library accepts the config (it constructs), in a throwaway app for its target. */
function accepted(sut: StoreUnderTest, g: Generated): boolean {
  const stack = new TerraformStack(new App({ outdir: OUTDIR, context: { [TARGET_CONTEXT_KEY]: g.target } }), 's');
  try {
    if (g.asRemoteState) sut.remoteState(stack, 'rs', g.props);
    else sut.backend(stack, g.props);
    return true;
  } catch {
    return false;
  }
}

/** The first VALIDATE_PER_STORE accepted configs of each judge's target, drawn with the property test's seed. */
function samplesOf(sut: StoreUnderTest): Map<string, Generated[]> {
  const wanted = new Set(JUDGES.map((j) => `${j.tool}@${j.version}`));
  const samples = new Map([...wanted].map((t) => [t, [] as Generated[]]));
  const arbitrary = configFor(sut, JUDGE_TARGETS);
  for (let round = 0; round < MAX_ROUNDS && [...samples.values()].some((s) => s.length < VALIDATE_PER_STORE); round++) {
    for (const g of fc.sample(arbitrary, { seed: SEED + round, numRuns: ROUND })) {
      const sample = samples.get(g.target);
      if (sample && sample.length < VALIDATE_PER_STORE && accepted(sut, g)) sample.push(g);
    }
  }
  return samples;
}

const perJudge = JUDGES.flatMap((j) => STORES.map((s) => [s.store.backend, j.name, s, j] as [string, string, StoreUnderTest, Judge]));
const samples = new Map<string, Map<string, Generated[]>>();

if (perJudge.length === 0) {
  test.todo('judges accept a sample of the accepted configs (no judge available)');
} else {
  test.each(perJudge)('%s: %s accepts a sample of the accepted configs, in JSON and HCL', async (_name, _judgeName, sut, judge) => {
    // GIVEN the accepted configs of the judge's target
    if (!samples.has(sut.store.backend)) samples.set(sut.store.backend, samplesOf(sut));
    const sample = samples.get(sut.store.backend)!.get(`${judge.tool}@${judge.version}`) ?? [];
    expect(sample.length).toBe(VALIDATE_PER_STORE);
    const backendName = sut.store.backend;
    for (let start = 0; start < sample.length; start += BATCH) {
      // WHEN they are synthesized, in JSON and HCL, and read as remote states' configs
      const entries: Record<string, { backend: string; config: unknown }> = {};
      for (const [i, g] of sample.slice(start, start + BATCH).entries()) {
        const stack = new TerraformStack(new App({ outdir: OUTDIR, context: { [TARGET_CONTEXT_KEY]: g.target } }), 'p');
        const address = `c${start + i}`;
        if (g.asRemoteState) {
          sut.remoteState(stack, 'rs', g.props);
          entries[`${address}_json`] = { backend: backendName, config: JSON.parse(Testing.synth(stack)).data.terraform_remote_state.rs.config };
          const hcl: any = await parse('main.tf', Testing.synthHcl(stack));
          entries[`${address}_hcl`] = { backend: backendName, config: hcl.data.terraform_remote_state.rs[0].config };
        } else {
          const backend: TerraformBackend = sut.backend(stack, g.props);
          const emitted = JSON.parse(Testing.synth(stack)).terraform.backend[backendName];
          entries[`${address}_json`] = { backend: backendName, config: backendToRemoteConfig(emitted) };
          const hcl: any = await parse('main.tf', Testing.synthHcl(stack));
          entries[`${address}_hcl`] = { backend: backendName, config: hcl.terraform[0].backend[backendName][0] };
          // The consumer's view of the same state, made by getRemoteStateDataSource (secrets left out).
          const consumer = new TerraformStack(stack.node.root as App, 'c');
          if (readAcross(backend, consumer, 'p', emitted)) {
            entries[`${address}_consumer`] = { backend: backendName, config: JSON.parse(Testing.synth(consumer)).data.terraform_remote_state.rs.config };
          }
        }
      }
      // THEN the judge validates them all. The run provides what the warnings of the accepted
      // configs ask for: COS needs a region (TENCENTCLOUD_REGION) and an assume-role block without
      // roleArn or sessionName needs their env vars (field/required-from-env).
      const result = validate(judge, { 'main.tf.json': remoteStatesDocument(entries) }, {
        TENCENTCLOUD_REGION: 'ap-guangzhou',
        TENCENTCLOUD_ASSUME_ROLE_ARN: 'qcs::cam::uin/100000000001:roleName/from-env',
        TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME: 'from-env',
      });
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0) {
        const failed = errors.map((d) => `${d.address}: ${d.detail || d.summary}`).slice(0, 5);
        throw new Error(`${judge.name} refused accepted configs (kept in ${result.dir}):\n${failed.join('\n')}`);
      }
    }
  });
}
