/**
 * The address oracle's answers replayed (fast loop, no judge or emulator): the objects the judges
 * named for every generated config (test/support/address-answers.json, recorded by
 * test/runtime/address-oracle.test.ts) decide each pair of test/support/address-cases.ts, and the
 * library's verdict at that judge's release must be the same. A change to the address code that
 * the tools would contradict fails here first; so does a refusal of a pair both of whose configs
 * the judge ran.
 */
import * as fs from 'fs';
import { ANSWERS_FILE, AnswersFile, FAMILIES, judgeRanBoth, libraryVerdict, pairTruth, pairsOf, recipeKey, variantsOf } from '../support/address-cases';
import { JUDGE_ROWS } from '../support/judge-rows';

const recorded: AnswersFile = JSON.parse(fs.readFileSync(ANSWERS_FILE, 'utf8'));
const TARGETS = Object.keys(recorded.judges);

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

test('every recorded answer names the key of what its judge was given (test/support/oracle-key.ts)', () => {
  // GIVEN the keys the recording holds
  const keys = recorded.keys;
  expect(keys?.harness).toMatch(/^[0-9a-f]{16}$/);
  // THEN each judge's build and each answered recipe has one: the oracle asks again what has no key
  const unkeyed = TARGETS.flatMap((t) => [
    ...(keys?.judges[t] ? [] : [`${t}: the judge`]),
    ...Object.keys(recorded.judges[t]).filter((k) => !keys?.configs[t]?.[k]).map((k) => `${t}: ${k}`),
  ]);
  expect(unkeyed).toEqual([]);
  expect(recorded.asked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

describe.each(TARGETS)('%s', (target) => {
  test.each(FAMILIES.filter((f) => !f.judges || f.judges(target)).map((f) => [f.id, f] as const))('%s: the library\'s verdict on every pair is the judge\'s', (_id, family) => {
    // GIVEN every pair of the family, linked and not
    const answers = recorded.judges[target];
    const disagreements: string[] = [];
    let compared = 0;
    for (const { a, b, linked } of pairsOf(family)) {
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
