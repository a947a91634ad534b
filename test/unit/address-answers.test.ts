/**
 * The address oracle's answers replayed (fast loop, no judge or emulator): the objects the judges
 * named for every generated config (test/support/address-answers.json, recorded by
 * test/runtime/address-oracle.test.ts) decide each pair of test/support/address-cases.ts, and the
 * library's verdict at that judge's release must be the same. A change to the address code that
 * the tools would contradict fails here first; so does a refusal of a pair both of whose configs
 * the judge ran. The recording must be of this checkout's keys (test/support/oracle-key.ts), or the
 * live oracle must have asked everything under them on this machine: a replay of answers to other
 * questions fails here.
 *
 * STATE_BACKENDS_ADDRESS_REPLAY=newest (the fast loop's setting) replays the newest judge of each
 * tool, which share the pairs: each pair is replayed once, against one of them (the n-th judge takes
 * the pairs whose index is n modulo their number). The unit tier replays every pair for every judge.
 */
import * as fs from 'fs';
import { compareVersions } from '../../src/private/target/target';
import { ANSWERS_FILE, AnswersFile, FAMILIES, Family, judgeRanBoth, libraryVerdict, pairTruth, pairsOf, recipeKey, variantsOf } from '../support/address-cases';
import { JUDGE_ROWS } from '../support/judge-rows';
import { changedStatic, lastLiveRun, staticKeys } from '../support/oracle-key';

const recorded: AnswersFile = JSON.parse(fs.readFileSync(ANSWERS_FILE, 'utf8'));
const TARGETS = Object.keys(recorded.judges);
/** The judges replayed: every one, or the newest of each tool (STATE_BACKENDS_ADDRESS_REPLAY=newest). */
const REPLAYED = process.env.STATE_BACKENDS_ADDRESS_REPLAY === 'newest'
  ? [...new Set(TARGETS.map((t) => t.split('@')[0]))].map((tool) => TARGETS.filter((t) => t.startsWith(`${tool}@`))
    .sort((a, b) => compareVersions(b.split('@')[1], a.split('@')[1]))[0])
  : TARGETS;

test('the answers cover every judge and every generated recipe, config file and run', () => {
  expect(TARGETS.sort()).toEqual(JUDGE_ROWS.filter((r) => r.tiers.includes('runtime')).map((r) => `${r.tool}@${r.version}`).sort());
  const missing: string[] = [];
  for (const target of TARGETS) {
    for (const family of FAMILIES.filter((f) => !f.judges || f.judges(target))) {
      for (const recipe of family.recipes) {
        for (const variant of variantsOf(recipe)) {
          for (const run of family.runs) {
            if (recorded.judges[target][recipeKey(family, recipe)]?.[variant]?.[run.id] === undefined) missing.push(`${target} ${recipeKey(family, recipe)} ${variant} ${run.id}`);
          }
        }
      }
    }
  }
  // (a recipe changed or added since: run the oracle with STATE_BACKENDS_ORACLE_RECORD=1)
  expect(missing).toEqual([]);
});

test('the answers were recorded under this checkout\'s keys, or the live oracle asked everything under them here', () => {
  // GIVEN the keys any checkout computes (the address code and the stores' layouts, the generator, the judge list, the install steps, the harness)
  const now = staticKeys();
  // WHEN the recording's are others
  const changed = changedStatic(now, recorded.keys);
  const live = lastLiveRun();
  const askedHere = live !== undefined && changedStatic(now, live.keys).length === 0;
  if (changed.length > 0 && askedHere) {
    // eslint-disable-next-line no-console
    console.warn(`!!! address-answers.json is not of this checkout's keys (${changed.join('; ')}); the live oracle asked everything under them ` +
      `on this machine on ${live!.asked} and the judges answered as recorded: record it (STATE_BACKENDS_ORACLE_RECORD=1) before pushing`);
  }
  // THEN the live oracle asked the judges under this checkout's keys on this machine (else the replay is of answers to other questions)
  expect(askedHere ? [] : changed.map((c) => `${c}: ask the judges (STATE_BACKENDS_ORACLE_RECORD=1 npx jest --selectProjects cdktf -- test/runtime/address-oracle.test.ts)`)).toEqual([]);
});

test('every recorded answer names the key of what its judge was given (test/support/oracle-key.ts)', () => {
  // GIVEN the keys the recording holds
  const keys = recorded.keys;
  expect(keys?.address).toMatch(/^[0-9a-f]{16}$/);
  // THEN each judge's build and each answered recipe has one: the oracle asks again what has no key
  const unkeyed = TARGETS.flatMap((t) => [
    ...(keys?.judges[t] ? [] : [`${t}: the judge`]),
    ...Object.keys(recorded.judges[t]).filter((k) => !keys?.configs[t]?.[k]).map((k) => `${t}: ${k}`),
  ]);
  expect(unkeyed).toEqual([]);
  expect(recorded.asked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

/** The pairs of a family a judge replays: all, or in the fast loop its share of them. */
function replayedPairs(family: Family, target: string): ReturnType<typeof pairsOf> {
  const all = pairsOf(family);
  if (REPLAYED.length === TARGETS.length) return all;
  // (among the replayed judges the family is asked of)
  const sharing = REPLAYED.filter((t) => !family.judges || family.judges(t));
  const n = sharing.indexOf(target);
  return all.filter((_p, i) => i % sharing.length === n);
}

describe.each(REPLAYED)('%s', (target) => {
  test.each(FAMILIES.filter((f) => !f.judges || f.judges(target)).map((f) => [f.id, f] as const))('%s: the library\'s verdict on every pair is the judge\'s', (_id, family) => {
    // GIVEN every pair of the family, linked and not
    const answers = recorded.judges[target];
    const disagreements: string[] = [];
    let compared = 0;
    for (const { a, b, linked } of replayedPairs(family, target)) {
      // WHEN the library checks it at the judge's release
      const library = libraryVerdict(family, a, b, linked, target);
      const pair = `${a.id} + ${b.id} (${linked ? 'linked' : 'apart'})`;
      if (library === undefined) {
        // (a config the library refuses itself is not a pair; a pair whose configs the judge ran is one the library must judge)
        if (!(a.builtin && b.builtin) && judgeRanBoth(family, answers, a, b)) disagreements.push(`${pair}: the judge ran both configs, the library refuses the pair`);
        continue;
      }
      compared++;
      // THEN it reports what the judge's answers make of it
      const truth = pairTruth(family, answers, a, b, linked);
      if (truth !== library) disagreements.push(`${pair}: the judge's answers make it ${truth}, the library ${library}`);
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(0);
  });
});
