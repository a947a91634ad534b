/**
 * Reading cdktn's `targetVersions` context (src/private/kit/targets.ts): the declared tools, the
 * violations of a malformed value, and the versions a store's tables change at.
 */
import { ALWAYS, FieldSpec, envEntriesOf } from '../../../../src/private/kit/schema';
import { breakpointsOf, declaredTargetsFrom, describeDeclared } from '../../../../src/private/kit/targets';
import { CHECKED_RELEASES } from '../../../../src/private/target/releases';
import { NEWEST_KNOWN } from '../../../../src/private/target/target';
import { STORES } from '../../../support/stores';

describe('declaredTargetsFrom', () => {
  test('a range of "" is a tool not targeted, as cdktn\'s own feature checks read it', () => {
    const declared = declaredTargetsFrom({ terraform: '', opentofu: '>=1.8.0' });
    expect(Array.isArray(declared) ? declared : declared.targets).toEqual([{ tool: 'opentofu', version: '1.8.0' }, { tool: 'opentofu', version: NEWEST_KNOWN.opentofu }]);
    expect(declaredTargetsFrom({ terraform: '' })).toEqual({ ranges: [], targets: [], isDefault: false });
  });

  test("cdktn's default declares both tools, from their lowest versions", () => {
    const declared = declaredTargetsFrom({ terraform: '>=1.5.7', opentofu: '>=1.6.0' }, true);
    expect(declared).toEqual({
      ranges: [{ tool: 'terraform', range: '>=1.5.7' }, { tool: 'opentofu', range: '>=1.6.0' }],
      targets: [
        { tool: 'terraform', version: '1.5.7' },
        { tool: 'terraform', version: NEWEST_KNOWN.terraform },
        { tool: 'opentofu', version: '1.6.0' },
        { tool: 'opentofu', version: NEWEST_KNOWN.opentofu },
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

  test('fails if a range is not a string', () => {
    expect(declaredTargetsFrom({ terraform: 1.5 })).toEqual([
      { id: 'target/versions', field: 'targetVersions.terraform', message: 'got 1.5, expected an npm semver range such as ">=1.5.7", "~1.9" or ">=1.6.0 <2.0.0"' },
    ]);
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
    const versions = new Set(store.breakpoints);
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

  test('holds the releases a rule declares, which no field row names', () => {
    // GIVEN azurerm's rules: the environment names change at 1.11.0, "" is unset from terraform 1.13.0
    const azurerm = STORES.find((s) => s.store.backend === 'azurerm')!.store;
    expect(azurerm.fields.some((f) => f.since.terraform === '1.13.0')).toBe(false);
    // THEN those releases are breakpoints
    expect(azurerm.breakpoints).toEqual(expect.arrayContaining(['1.11.0', '1.13.0']));
    // AND a declared release of a rule of another table is one too
    const rule = { id: 'demo/a', severity: 'error' as const, evidence: 'e', versions: { later: { opentofu: '1.99.0' } } };
    expect(breakpointsOf([], [rule])).toContain('1.99.0');
  });

  test('holds the releases the tools judged the tables at, a pre-release as its release', () => {
    // GIVEN the judged releases of both tools
    const judged = Object.values(CHECKED_RELEASES).flatMap((releases) => releases.map((v) => v.split('-')[0]));
    // THEN every store checks a cdktn range at each of them
    for (const { store } of STORES) expect(store.breakpoints).toEqual(expect.arrayContaining(judged));
  });
});
