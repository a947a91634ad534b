/**
 * The property-based test of test/unit/fuzz-<store>.test.ts (fast-check) over the generated configs
 * of test/support/fuzz-configs.ts, one file per store so that jest spreads the stores over its
 * workers (one file held all four: 282 s on one worker while the other sat idle):
 * - each one either synthesizes or throws this library's error; nothing else escapes;
 * - what synthesizes has only keys the target tool has, and another stack can read its state;
 * - no secret value ever appears in an error or a warning; messages keep the house style.
 * The judges validate a sample of the accepted configs in test/judges/fuzz.test.ts.
 */
import * as fs from 'fs';
import { App, TerraformBackend, TerraformStack, Testing } from 'cdktf';
import * as fc from 'fast-check';
import { warningsOf } from './annotations';
import { FLAVOUR } from './flavour';
import { SEED, configFor, judgeTargets, keysOf, readAcross } from './fuzz-configs';
import { STORES } from './stores';
import { StateBackendError } from '../../src/private/errors/errors';
import { ParsedTarget, TARGET_CONTEXT_KEY, parseTarget } from '../../src/private/target/target';

/**
 * The big run belongs to the cdktf project. The cdktn project tests sources that differ from src/
 * only in their imports (test/repo/flavour.test.ts holds that), so it runs a smaller sample of the
 * same seed.
 */
const BIG_RUN = FLAVOUR === 'cdktf';
const RUNS_PER_STORE = Number(process.env.FUZZ_RUNS_PER_STORE ?? (BIG_RUN ? 25_000 : 2_000));

/** Messages start lower-case (after a list bullet) and carry no trailing period. */
const STYLE = /^(- )?[a-z][^]*[^.]$/;

/**
 * With FUZZ_DUMP=<prefix> (cdktf project), every config's outcome is written to
 * `<prefix>.<store>.jsonl`, one JSON line each: the error message, or the JSON and HCL output and the
 * warnings. The same files before and after a restructure show the behaviour unchanged (`cmp` them).
 */
const DUMP = BIG_RUN ? process.env.FUZZ_DUMP : undefined;

/** The property test of one store (its `backend` name: gcs, cos, oss, azurerm), as one describe. */
export function describeFuzz(backend: string): void {
  const sut = STORES.find((s) => s.store.backend === backend);
  if (!sut) throw new Error(`no store ${backend}`);
  /** Nothing is written there: the tests only call toTerraform / toHclTerraform and Testing.synth. */
  const OUTDIR = Testing.app().outdir;
  const JUDGE_TARGETS = judgeTargets();
  describe(`fuzz: generated ${backend} configs`, () => {
    const dumped: string[] = [];
    afterAll(() => {
      if (DUMP) fs.writeFileSync(`${DUMP}.${backend}.jsonl`, dumped.join('\n') + '\n');
    });
    const counts = { generated: 0, accepted: 0, refused: 0, crossStack: 0 };
    let serial = 0;
    const apps = new Map<string, { app: App; stacks: number }>();

    function freshStack(target: string): TerraformStack {
      // One app per target, renewed every few hundred stacks to keep memory flat.
      let entry = apps.get(target);
      if (!entry || entry.stacks > 300) {
        entry = { app: new App({ outdir: OUTDIR, context: { [TARGET_CONTEXT_KEY]: target } }), stacks: 0 };
        apps.set(target, entry);
      }
      entry.stacks++;
      return new TerraformStack(entry.app, `s${serial++}`);
    }

    const reasons = new Map<string, number>();
    afterAll(() => {
      if (process.env.FUZZ_DEBUG) {
        // eslint-disable-next-line no-console
        console.log([...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, n]) => `${n} ${k}`).join('\n'));
      }
      // eslint-disable-next-line no-console
      console.log(
        `fuzz ${backend} (seed ${SEED}): generated ${counts.generated}, accepted ${counts.accepted}, refused ${counts.refused}, ` +
          `read across stacks ${counts.crossStack} (the judges validate a sample: test/judges/fuzz.test.ts)`,
      );
    });

    test(`${backend}: every config synthesizes or gets our error, and no secret leaks`, () => {
      fc.assert(
        fc.property(configFor(sut, JUDGE_TARGETS), (g) => {
          counts.generated++;
          const stack = freshStack(g.target);
          const secrets = g.secrets;
          let element;
          try {
            element = g.asRemoteState ? sut.remoteState(stack, 'rs', g.props) : sut.backend(stack, g.props);
          } catch (e) {
            counts.refused++;
            // THEN it is this library's error, with our header and one line per violation, each naming its rule
            expect(e).toBeInstanceOf(StateBackendError);
            expect((e as StateBackendError).ruleIds.length).toBeGreaterThan(0);
            const message = (e as Error).message;
            expect(message).toMatch(/^invalid [a-z0-9]+ (backend|remote state) \(target [a-z]+@[0-9A-Za-z.-]+\) at s\d+\/(backend|rs):(\n- \S[^\n]*)+$/);
            for (const secret of secrets) expect(message).not.toContain(secret);
            for (const line of message.split('\n')) expect(line).toMatch(STYLE);
            if (DUMP) dumped.push(JSON.stringify([sut.store.backend, g.target, g.asRemoteState, 'refused', message]));
            if (process.env.FUZZ_DEBUG) {
              for (const line of message.split('\n').slice(1)) {
                const k = line.replace(/got .*/, '').slice(0, 60) + line.replace(/.*(expected|but) /, '$1 ').slice(0, 40);
                reasons.set(k, (reasons.get(k) ?? 0) + 1);
              }
            }
            return;
          }
          counts.accepted++;
          // THEN it synthesizes, in JSON and HCL, with only keys the target tool has
          const out = element.toTerraform();
          const emitted = g.asRemoteState ? out.data.terraform_remote_state.rs.config : out.terraform.backend[sut.store.backend];
          const tool = (parseTarget(g.target) as ParsedTarget).tool;
          for (const key of Object.keys(emitted)) expect(keysOf(sut, tool)).toContain(key);
          const hcl = element.toHclTerraform();
          if (DUMP) dumped.push(JSON.stringify([sut.store.backend, g.target, g.asRemoteState, 'accepted', out, hcl, warningsOf(stack)]));
          if (!g.asRemoteState) {
            // THEN another stack can read its state: the remote state made from it is accepted too
            // (unless the run completes the backend: opentofu 1.8+ evaluates its references, which
            // another stack's run cannot, and the library says so)
            const consumer = freshStack(g.target);
            const remote = readAcross(element as TerraformBackend, consumer, stack.node.id, emitted);
            if (remote) {
              remote.toTerraform();
              remote.toHclTerraform();
              counts.crossStack++;
            }
          }
          for (const warning of warningsOf(stack)) {
            for (const secret of secrets) expect(warning).not.toContain(secret);
            expect(warning).toMatch(STYLE);
          }
        }),
        { numRuns: RUNS_PER_STORE, seed: SEED },
      );
    });
  });
}
