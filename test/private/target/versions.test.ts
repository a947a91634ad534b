/**
 * cdktn's `targetVersions` ranges (src/private/target/versions.ts): parsing, the versions a config
 * is checked at, and the errors for ranges that are not npm semver ranges or match no release.
 */
import * as semver from 'semver';
import { ALWAYS, FieldSpec, envEntriesOf } from '../../../src/private/kit/schema';
import { contains, parseRange } from '../../../src/private/target/semver-range';
import { breakpointsOf, declaredTargetsFrom, describeDeclared, versionsToCheck } from '../../../src/private/target/versions';
import { STORES } from '../../support/stores';

describe('versionsToCheck', () => {
  test.each([
    // GIVEN a range WHEN resolved THEN the lowest release it admits, plus the newest known one when included
    ['terraform', '>=1.5.7', ['1.5.7', '1.16.5']],
    ['opentofu', '>=1.6.0', ['1.6.0', '1.12.6']],
    ['terraform', '~1.9', ['1.9.0']],
    ['terraform', '~1.9.3', ['1.9.3']],
    ['terraform', '^1.6', ['1.6.0', '1.16.5']],
    ['opentofu', '^1.8.2', ['1.8.2', '1.12.6']],
    ['opentofu', '>=1.6.0 <2.0.0', ['1.6.0', '1.12.6']],
    ['opentofu', '>= 1.7.0 < 1.10.0', ['1.7.0']],
    ['terraform', '>1.5.7', ['1.5.8', '1.16.5']],
    ['terraform', '>1.5', ['1.6.0', '1.16.5']],
    ['terraform', '1.11.4', ['1.11.4']],
    ['terraform', '=1.16.5', ['1.16.5']],
    ['terraform', 'v1.11.x', ['1.11.0']],
    ['terraform', '1.10 - 1.12', ['1.10.0']],
    ['terraform', '1.10.0 - 1.16.5', ['1.10.0', '1.16.5']],
    ['terraform', '~1.3 || >=1.11.0', ['1.3.0', '1.16.5']],
    ['terraform', '>=2.0.0', ['2.0.0']],
    ['terraform', '<=1.16.5', ['0.11.0', '1.16.5']],
    // OpenTofu has no release before 1.6.0, so a range reaching below it starts there.
    ['opentofu', '>=1.0.0', ['1.6.0', '1.12.6']],
    ['opentofu', '*', ['1.6.0', '1.12.6']],
    ['terraform', '', ['0.11.0', '1.16.5']],
    // A pre-release bound counts where its release falls: npm sorts 1.11.1 after 1.11.1-rc1.
    ['terraform', '>1.11.1-rc1', ['1.11.1', '1.16.5']],
    ['terraform', '>=1.11.1-rc1', ['1.11.1', '1.16.5']],
    ['terraform', '^1.11.1-rc1', ['1.11.1', '1.16.5']],
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
    const ranges = ['>=1.5.7', '~1.9', '^1.6', '>1.5', '1.10 - 1.12', '~1.3 || >=1.11.0', '<=1.16.5', '>1.11.1-rc1', '>=1.11.1-rc.2',
      '<1.11.1-rc1', '<=1.11.1-rc1', '=1.11.1-rc1', '^1.11.1-rc1', '~1.11.1-beta', '1.10.0 - 1.11.1-rc1', 'v1.11.x', '*', ''];
    const releases = ['0.11.0', '1.5.6', '1.5.7', '1.6.0', '1.9.0', '1.9.9', '1.10.0', '1.11.0', '1.11.1', '1.11.2', '1.12.0', '1.16.5', '2.0.0'];
    for (const range of ranges) {
      const intervals = parseRange('r', range);
      if (typeof intervals === 'string') throw new Error(intervals);
      // THEN the library admits exactly the releases npm's semver admits
      const ours = releases.filter((v) => intervals.some((i) => contains(i, v)));
      expect([range, ours]).toEqual([range, releases.filter((v) => semver.satisfies(v, range))]);
    }
  });

  test('fails if the range is not a string', () => {
    expect(parseRange('targetVersions.terraform', 1.5)).toBe(
      'targetVersions.terraform: got 1.5, expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"',
    );
  });
});

describe('declaredTargetsFrom', () => {
  test('a range of "" is a tool not targeted, as cdktn\'s own feature checks read it', () => {
    const declared = declaredTargetsFrom({ terraform: '', opentofu: '>=1.8.0' });
    expect(Array.isArray(declared) ? declared : declared.targets).toEqual([{ tool: 'opentofu', version: '1.8.0' }, { tool: 'opentofu', version: '1.12.6' }]);
    expect(declaredTargetsFrom({ terraform: '' })).toEqual({ ranges: [], targets: [], isDefault: false });
  });

  test("cdktn's default declares both tools, from their lowest versions", () => {
    const declared = declaredTargetsFrom({ terraform: '>=1.5.7', opentofu: '>=1.6.0' }, true);
    expect(declared).toEqual({
      ranges: [{ tool: 'terraform', range: '>=1.5.7' }, { tool: 'opentofu', range: '>=1.6.0' }],
      targets: [
        { tool: 'terraform', version: '1.5.7' },
        { tool: 'terraform', version: '1.16.5' },
        { tool: 'opentofu', version: '1.6.0' },
        { tool: 'opentofu', version: '1.12.6' },
      ],
      isDefault: true,
    });
    expect(describeDeclared(declared as any)).toBe('cdktn\'s default targetVersions terraform ">=1.5.7", opentofu ">=1.6.0"');
  });

  test('a missing tool is not targeted', () => {
    const declared = declaredTargetsFrom({ opentofu: '~1.9' });
    expect(declared).toEqual({ ranges: [{ tool: 'opentofu', range: '~1.9' }], targets: [{ tool: 'opentofu', version: '1.9.0' }], isDefault: false });
    expect(describeDeclared(declared as any)).toBe('targetVersions opentofu "~1.9"');
  });

  test('fails on every problem at once, naming the tool and the range', () => {
    expect(declaredTargetsFrom({ terraform: '~> 1.5', tofu: '>=1.6.0', opentofu: 7 })).toEqual([
      { id: 'target/versions', field: 'targetVersions.tofu', message: 'got an unknown tool, expected "terraform" or "opentofu"' },
      { id: 'target/versions', field: 'targetVersions.terraform', message: 'got "~> 1.5", which is terraform\'s constraint syntax, expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"' },
      { id: 'target/versions', field: 'targetVersions.opentofu', message: 'got 7, expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"' },
    ]);
  });

  test.each([
    [{}, 'got {}, expected a range for "terraform", "opentofu" or both'],
    ['>=1.5.7', 'got ">=1.5.7", expected an object of npm semver ranges by tool, for example {"terraform":">=1.5.7","opentofu":">=1.6.0"}'],
    [['terraform'], 'got ["terraform"], expected an object of npm semver ranges by tool, for example {"terraform":">=1.5.7","opentofu":">=1.6.0"}'],
  ])('fails if targetVersions is %p', (value, message) => {
    expect(declaredTargetsFrom(value)).toEqual([{ id: 'target/versions', field: 'targetVersions', message }]);
  });
});

describe('breakpointsOf', () => {
  // GIVEN every store's tables
  test.each(STORES.map((s) => [s.store.backend, s.store] as const))('%s: holds every version its field table names', (_name, store) => {
    const versions = new Set(breakpointsOf(store));
    const named: string[] = [];
    const visit = (fields: readonly FieldSpec[]): void => {
      for (const f of fields) {
        for (const tool of ['terraform', 'opentofu'] as const) {
          named.push(f.since[tool] ?? ALWAYS, f.removedIn?.[tool] ?? ALWAYS);
          named.push(...envEntriesOf(f, tool).map((e) => e.since));
        }
        visit(f.fields ?? []);
      }
    };
    visit(store.fields);
    // THEN every since, removedIn and env var release is a version the declared ranges are checked at
    expect(named.filter((v) => v !== ALWAYS && !versions.has(v))).toEqual([]);
  });

  test('finds the version bounds written in a rule\'s code', () => {
    // GIVEN azurerm's rules, whose environment lists change at terraform and opentofu 1.11.0 in code
    const azurerm = STORES.find((s) => s.store.backend === 'azurerm')!.store;
    // THEN that release is a breakpoint although no field row names it
    expect(breakpointsOf(azurerm)).toContain('1.11.0');
  });
});
