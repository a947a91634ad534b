import { cdktnDir } from './cdktn';

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
    // Suites that do not depend on the framework run once, in the cdktf project: the run-time
    // judges and OpenTofu's init/plan/apply of the encryption block (what the tools get is the same
    // JSON in both flavours, which test/flavour.test.ts holds), the flavour generation itself, the
    // judges' harness and the test-tool cache.
    // test/cli drives the framework CLIs on the packaged library: a task of its own (`test:cli`).
    testPathIgnorePatterns: cdktn
      ? ['/node_modules/', '<rootDir>/test/(cli/|runtime/|init-judge|state-encryption-tofu|flavour|judges|cache-dir|release|private/import-cycles)']
      : ['/node_modules/', '<rootDir>/test/cli/'],
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
