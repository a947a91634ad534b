/**
 * The release steps that run here: the CHANGELOG.md step of `npx projen bump` (scripts/changelog.js).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { HEADER, withRelease } = require('../../scripts/changelog.js') as {
  HEADER: string;
  withRelease: (current: string, notes: string, version: string) => string | undefined;
};

const NOTES_020 = '## [0.2.0](https://example.com/compare/v0.1.0...v0.2.0) (2026-12-01)\n\n### Features\n\n* **gcs:** a new field\n';

describe('CHANGELOG.md after a bump', () => {
  test('puts the new release on top, under the header', () => {
    const current = `${HEADER}\n## 0.1.0 (2026-11-25)\n\n- the first release\n`;
    expect(withRelease(current, NOTES_020, '0.2.0')).toBe(`${HEADER}\n${NOTES_020.trim()}\n\n## 0.1.0 (2026-11-25)\n\n- the first release\n`);
  });

  test('moves what "## Unreleased" holds into the new release', () => {
    const current = `${HEADER}\n## Unreleased\n\n- written by hand\n\n## 0.1.0 (2026-11-25)\n\n- the first release\n`;
    expect(withRelease(current, NOTES_020, '0.2.0')).toBe(
      `${HEADER}\n${NOTES_020.trim()}\n\n- written by hand\n\n## 0.1.0 (2026-11-25)\n\n- the first release\n`,
    );
  });

  test('adds a version once: running bump twice changes nothing the second time', () => {
    const once = withRelease(HEADER, NOTES_020, '0.2.0')!;
    expect(once).toBe(`${HEADER}\n${NOTES_020.trim()}\n`);
    expect(withRelease(once, NOTES_020, '0.2.0')).toBeUndefined();
    // and 0.2.0 is not taken for 0.2.01 or 0.20.0
    expect(withRelease(once.replace('0.2.0]', '0.20.0]'), NOTES_020, '0.2.0')).toBeDefined();
  });
});
