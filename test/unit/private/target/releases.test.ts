/**
 * The releases the library knows (src/private/target/releases.ts) and the judges that run them
 * (test/support/judge-rows.ts): one release each, the default target the newest judged release.
 */
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
});
