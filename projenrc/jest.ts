import { cdktnDir } from './cdktn';
import { cdktfOnlyPaths } from './tiers';

// Where npm installs what the cdktn flavour's package runs on.
const cdktnModules = `<rootDir>/${cdktnDir}/node_modules`;

/**
 * One jest project per flavour. Both run every test in test/; the cdktn one maps the framework
 * (`cdktf`, `cdktf/lib/...`), `constructs` and the library itself (`../src/...`, the package
 * names) to cdktn, the constructs cdktn accepts and the generated sources. ts-jest only
 * transpiles, so the tests are written once against the cdktf types.
 */
export function flavourProject(flavour: 'cdktf' | 'cdktn') {
  const cdktn = flavour === 'cdktn';
  const lib = cdktn ? `<rootDir>/${cdktnDir}/src` : '<rootDir>/src';
  return {
    displayName: flavour,
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    // Suites that do not depend on the framework run once, in the cdktf project (the tiers say which,
    // projenrc/tiers.ts). test/cli drives the framework CLIs with its own jest config (the cli tier).
    testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/cli/', ...(cdktn ? cdktfOnlyPaths().map((p) => `<rootDir>/${p}`) : [])],
    clearMocks: true,
    transform: { '^.+\\.[t]sx?$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }] },
    moduleNameMapper: {
      // The README snippets import the package by name; in the repo that is the sources, never a stale lib/.
      '^cdkt[fn]-state-backends$': lib,
      ...(cdktn
        ? {
          '^(?:\\.\\./)+src(/.*)?$': `${lib}$1`,
          '^cdktf$': `${cdktnModules}/cdktn`,
          '^cdktf/(.*)$': `${cdktnModules}/cdktn/$1`,
          '^constructs$': `${cdktnModules}/constructs`,
        }
        : {}),
    },
  };
}
