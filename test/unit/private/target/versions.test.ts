/**
 * cdktn's `targetVersions` ranges (src/private/target/versions.ts, semver-range.ts): parsing, the
 * versions a config is checked at, and the errors for ranges that are not npm semver ranges or match
 * no release.
 */
import * as semver from 'semver';
import { contains, parseRange } from '../../../../src/private/target/semver-range';
import { NEWEST_KNOWN } from '../../../../src/private/target/target';
import { versionsToCheck } from '../../../../src/private/target/versions';

/** The newest release of each tool the library knows: a range that includes it is checked there too. */
const TF = NEWEST_KNOWN.terraform;
const TOFU = NEWEST_KNOWN.opentofu;

describe('versionsToCheck', () => {
  test.each([
    // GIVEN a range WHEN resolved THEN the lowest release it admits, plus the newest known one when included
    ['terraform', '>=1.5.7', ['1.5.7', TF]],
    ['opentofu', '>=1.6.0', ['1.6.0', TOFU]],
    ['terraform', '~1.9', ['1.9.0']],
    ['terraform', '~1.9.3', ['1.9.3']],
    ['terraform', '^1.6', ['1.6.0', TF]],
    ['opentofu', '^1.8.2', ['1.8.2', TOFU]],
    ['opentofu', '>=1.6.0 <2.0.0', ['1.6.0', TOFU]],
    ['opentofu', '>= 1.7.0 < 1.10.0', ['1.7.0']],
    ['terraform', '>1.5.7', ['1.5.8', TF]],
    ['terraform', '>1.5', ['1.6.0', TF]],
    ['terraform', '1.11.4', ['1.11.4']],
    ['terraform', `=${TF}`, [TF]],
    ['terraform', 'v1.11.x', ['1.11.0']],
    ['terraform', '1.10 - 1.12', ['1.10.0']],
    ['terraform', `1.10.0 - ${TF}`, ['1.10.0', TF]],
    ['terraform', '~1.3 || >=1.11.0', ['1.3.0', TF]],
    ['terraform', '>=2.0.0', ['2.0.0']],
    ['terraform', `<=${TF}`, ['0.11.0', TF]],
    // OpenTofu has no release before 1.6.0, so a range reaching below it starts there.
    ['opentofu', '>=1.0.0', ['1.6.0', TOFU]],
    ['opentofu', '*', ['1.6.0', TOFU]],
    ['terraform', '', ['0.11.0', TF]],
    // A pre-release bound counts where its release falls: npm sorts 1.11.1 after 1.11.1-rc1.
    ['terraform', '>1.11.1-rc1', ['1.11.1', TF]],
    ['terraform', '>=1.11.1-rc1', ['1.11.1', TF]],
    ['terraform', '^1.11.1-rc1', ['1.11.1', TF]],
    ['terraform', '<1.11.1-rc1', ['0.11.0']],
    ['terraform', '1.10.0 - 1.11.1-rc1', ['1.10.0']],
  ])('%s %p is checked at %p', (tool, range, versions) => {
    expect(versionsToCheck(tool as 'terraform' | 'opentofu', range)).toEqual(versions);
  });

  test.each([
    ['opentofu', '<1.6.0', 'targetVersions.opentofu: got "<1.6.0", which matches no opentofu release (the first is 1.6.0), expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"'],
    ['terraform', '>=1.9.0 <1.5.0', 'targetVersions.terraform: got ">=1.9.0 <1.5.0", which matches no terraform release (the first is 0.11.0), expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"'],
    ['terraform', '~> 1.5', 'targetVersions.terraform: got "~> 1.5", which is terraform\'s constraint syntax, expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"'],
    ['terraform', 'latest', 'targetVersions.terraform: got "latest", expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"'],
    ['opentofu', '>=1.6.0 <<2', 'targetVersions.opentofu: got ">=1.6.0 <<2", expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"'],
    ['terraform', '1.2.3.4', 'targetVersions.terraform: got "1.2.3.4", expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"'],
  ])('fails if %s is %p', (tool, range, message) => {
    expect(versionsToCheck(tool as 'terraform' | 'opentofu', range)).toBe(message);
  });

  test('fails if the range admits only a pre-release', () => {
    expect(versionsToCheck('terraform', '1.11.1-rc1')).toBe(
      'targetVersions.terraform: got "1.11.1-rc1", which matches no terraform release (the first is 0.11.0), expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"',
    );
  });

  test('agrees with npm semver on which releases a range admits', () => {
    // GIVEN ranges of every form, pre-release bounds included, and the releases around their ends
    const ranges = ['>=1.5.7', '~1.9', '^1.6', '>1.5', '1.10 - 1.12', '~1.3 || >=1.11.0', `<=${TF}`, '>1.11.1-rc1', '>=1.11.1-rc.2',
      '<1.11.1-rc1', '<=1.11.1-rc1', '=1.11.1-rc1', '^1.11.1-rc1', '~1.11.1-beta', '1.10.0 - 1.11.1-rc1', 'v1.11.x', '*', ''];
    const releases = ['0.11.0', '1.5.6', '1.5.7', '1.6.0', '1.9.0', '1.9.9', '1.10.0', '1.11.0', '1.11.1', '1.11.2', '1.12.0', TF, '2.0.0'];
    for (const range of ranges) {
      const intervals = parseRange('r', range);
      if (typeof intervals === 'string') throw new Error(intervals);
      // THEN the library admits exactly the releases npm's semver admits
      const ours = releases.filter((v) => intervals.some((i) => contains(i, v)));
      expect([range, ours]).toEqual([range, releases.filter((v) => semver.satisfies(v, range))]);
    }
  });
});
