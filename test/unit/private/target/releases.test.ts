/**
 * The releases the library knows (src/private/target/releases.ts) and the judges that run them
 * (test/support/judge-rows.ts): one release each, the default target the newest judged release; a
 * judge limited to some rules is a release before the one where each of them changes, older than
 * every judge of the tables, and not a known release.
 */
import { STATE_STORE_RULES } from '../../../../src/private/state-stores/rules';
import { CHECKED_RELEASES, SOURCE_READ, isPreRelease } from '../../../../src/private/target/releases';
import { DEFAULT_TARGET, NEWEST_KNOWN, ToolName, compareVersions } from '../../../../src/private/target/target';
import { JUDGE_ROWS, judgedReleases } from '../../../support/judge-rows';

const TOOLS: readonly ToolName[] = ['terraform', 'opentofu'];

describe('the known releases and the judges', () => {
  test.each(TOOLS)('every %s judge\'s release is a known release, and every known release has a judge', (tool) => {
    // GIVEN the judge rows of the tool and the releases the library knows
    const judged = judgedReleases(tool);
    // THEN they are the same releases, each once
    expect([...judged].sort()).toEqual([...CHECKED_RELEASES[tool]].sort());
    expect(new Set(judged).size).toBe(judged.length);
  });

  test('a row is marked a pre-release exactly when its release has a suffix', () => {
    expect(JUDGE_ROWS.filter((r) => !!r.preRelease !== isPreRelease(r.version)).map((r) => `${r.tool} ${r.version}`)).toEqual([]);
  });

  test.each(TOOLS)('the known %s releases are listed oldest first', (tool) => {
    const releases = [...CHECKED_RELEASES[tool]];
    expect([...releases].sort(compareVersions)).toEqual(releases);
  });

  test('the newest known release of each tool is its newest judged release that is not a pre-release', () => {
    for (const tool of TOOLS) {
      const releases = CHECKED_RELEASES[tool].filter((v) => !isPreRelease(v));
      expect(NEWEST_KNOWN[tool]).toBe(releases[releases.length - 1]);
    }
  });

  test('the default target is the newest Terraform release judged here', () => {
    expect(DEFAULT_TARGET).toEqual({ tool: 'terraform', version: NEWEST_KNOWN.terraform });
    expect(JUDGE_ROWS.some((r) => r.tool === 'terraform' && r.version === DEFAULT_TARGET.version)).toBe(true);
  });

  test('the terraform on PATH is one judge, and only Terraform has one', () => {
    expect(JUDGE_ROWS.filter((r) => r.build.from === 'path').map((r) => r.tool)).toEqual(['terraform']);
  });

  test.each(TOOLS)('the %s source the tables were read from is a judged release', (tool) => {
    expect(CHECKED_RELEASES[tool]).toContain(SOURCE_READ[tool]);
  });

  test('a judge limited to rules runs in no tier, is older than every judge of the tables, and precedes where each rule changes', () => {
    for (const row of JUDGE_ROWS.filter((r) => r.rules !== undefined)) {
      expect(row.tiers).toEqual([]);
      expect(CHECKED_RELEASES[row.tool]).not.toContain(row.version);
      expect(judgedReleases(row.tool).every((v) => compareVersions(row.version, v) < 0)).toBe(true);
      for (const id of row.rules!) {
        // (the rule's versions: the release of its tool where its verdict changes, after the judge's)
        const rule = STATE_STORE_RULES.find((r) => r.id === id);
        const changes = Object.values(rule?.versions ?? {}).map((v) => (v as Record<string, string>)[row.tool]).filter(Boolean);
        expect(changes.length).toBeGreaterThan(0);
        const unreached = (v: string) => compareVersions(row.version, v) < 0 && judgedReleases(row.tool).every((j) => compareVersions(j, v) >= 0);
        expect(changes.some(unreached)).toBe(true);
      }
    }
  });
});
