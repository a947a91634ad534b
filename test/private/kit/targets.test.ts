/**
 * Reading cdktn's `targetVersions` context (src/private/kit/targets.ts): the declared tools, the
 * violations of a malformed value, and the versions a store's tables change at.
 */
import { ALWAYS, FieldSpec, envEntriesOf } from '../../../src/private/kit/schema';
import { breakpointsOf, declaredTargetsFrom, describeDeclared } from '../../../src/private/kit/targets';
import { STORES } from '../../support/stores';

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
