/**
 * scripts/judges.txt is the view of the judge rows (test/support/judge-rows.ts) that bash, pytest,
 * JUnit and go test read: this fails when it is stale, and holds the view to the rows line by line.
 */
import * as fs from 'fs';
import { JUDGES_LIST } from '../../scripts/fields-doc';
import { JUDGE_ROWS, judgesList } from '../support/judge-rows';

describe('scripts/judges.txt', () => {
  const text = fs.readFileSync(JUDGES_LIST, 'utf8');

  test('is what the judge rows render (run `npx projen docs:fields` after changing a row)', () => {
    expect(text).toBe(judgesList());
  });

  test('has one line per row, in order, naming its tool, release, how it is built and its tiers', () => {
    // GIVEN the lines without comments, as every reader takes them
    const lines = text.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean).map((l) => l.split(/\s+/));
    // THEN each line is a row: tool, version, from, and the keys the row sets
    expect(lines.map(([tool, version, from]) => [tool, version, from])).toEqual(JUDGE_ROWS.map((r) => [r.tool, r.version, r.build.from]));
    lines.forEach((words, i) => {
      const keys = Object.fromEntries(words.slice(3).map((w) => w.split('=')));
      expect(keys.tiers.split(',').filter(Boolean)).toEqual(JUDGE_ROWS[i].tiers);
      expect(keys.rules?.split(',')).toEqual(JUDGE_ROWS[i].rules);
      expect(keys['pre-release'] === 'true').toBe(!!JUDGE_ROWS[i].preRelease);
    });
  });
});
