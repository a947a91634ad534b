import { cdktf, javascript, release } from 'projen';
import { setupBench } from './projenrc/bench';
import { cdktnDir, setupCdktn } from './projenrc/cdktn';
import { setupFrameworkClis } from './projenrc/framework-clis';
import { setupGo } from './projenrc/go';
import { setupJava } from './projenrc/java';
import { flavourProject } from './projenrc/jest';
import { setupJudges, terraformJudgeSteps } from './projenrc/judges';
import { compiledTsconfig, setupPackaging, silenceJsiiNode20 } from './projenrc/packaging';
import { providerReleaseSteps, setupProviders } from './projenrc/providers';
import { setupPython } from './projenrc/python';
import { setupTiers } from './projenrc/tiers';

/*
 * The project: a jsii construct library for cdktf, and its cdktn flavour as a subproject. The
 * setup of each concern is a module of projenrc/; the test run is the sequence of tiers in
 * projenrc/tiers.ts, whose steps the modules return.
 */

// ConstructLibraryCdktf is marked deprecated by projen (cdktf was archived), but it is still the
// projen base that targets the `cdktf` package our users import, so we keep it on purpose.
// eslint-disable-next-line @typescript-eslint/no-deprecated
const project = new cdktf.ConstructLibraryCdktf({
  name: 'cdktf-state-backends',
  packageName: 'cdktf-state-backends',
  description:
    'State backends and remote-state data sources for CDK for Terraform (gcs, cos, oss, azurerm) ' +
    'that emit exactly the keys Terraform and OpenTofu accept, and check them at synth.',
  keywords: ['cdktf', 'terraform', 'opentofu', 'backend', 'remote-state', 'gcs', 'cos', 'oss', 'azurerm'],
  author: 'cdktf-state-backends maintainers',
  authorAddress: 'statebackends@users.noreply.github.com',
  repositoryUrl: 'https://github.com/statebackends/cdktf-state-backends.git',
  license: 'MPL-2.0',
  defaultReleaseBranch: 'main',
  packageManager: javascript.NodePackageManager.NPM,
  projenrcTs: true,
  tsconfig: compiledTsconfig,
  tsconfigDevFile: 'tsconfig.dev.json',
  tsconfigDev: {
    include: ['.projenrc.ts'],
    // The examples import the package by name, as users do; inside the repo that is src/.
    compilerOptions: { baseUrl: '.', paths: { 'cdktf-state-backends': ['src'] } },
    // The cdktn package (generated sources, its own node_modules) is type-checked by its jsii build.
    exclude: [cdktnDir],
  },
  // ts-jest only transpiles (isolatedModules), so the tests are type-checked by tsc first.
  typecheckTests: true,
  eslintOptions: {
    dirs: ['src'],
    devdirs: ['test', 'examples', 'bench', 'scripts'],
    tsconfigPath: './tsconfig.dev.json',
    projectService: false,
    // `npm test` lints without rewriting sources; `npx projen eslint:fix` fixes.
    commandOptions: { fix: false },
  },

  jsiiVersion: '~5.9.0',
  typescriptVersion: '~5.9',
  // jsii 5.9 itself needs Node.js 20.16 or newer.
  minNodeVersion: '20.16.0',

  cdktfVersion: '^0.21.0',
  constructsVersion: '^10.5.0',

  publishToMaven: {
    javaPackage: 'io.github.statebackends',
    mavenGroupId: 'io.github.statebackends',
    mavenArtifactId: 'cdktf-state-backends',
  },
  publishToPypi: {
    distName: 'cdktf-state-backends',
    module: 'cdktf_state_backends',
  },
  // Go users import github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends (README "Go").
  publishToGo: {
    moduleName: 'github.com/statebackends/cdktf-state-backends-go',
    packageName: 'cdktfstatebackends',
  },

  docgen: true,
  jestOptions: {
    updateSnapshot: javascript.UpdateSnapshot.NEVER,
    jestConfig: {
      // terraform validate runs inside the suites; give them room on a 2-core machine.
      testTimeout: 120_000,
      // One worker per core: the suites wait on the judges' and emulators' processes much of the
      // time, so jest's default (cores - 1, one worker on 2 cores) leaves a core idle (7.9 min
      // against 3.6 min for both flavours on 2 cores).
      maxWorkers: '100%',
      // The whole suite runs twice, once per flavour (see `flavourProject` below).
      projects: [flavourProject('cdktf'), flavourProject('cdktn')],
    },
  },

  // CI for this repository is `.ci/run`. GitHub Actions only publishes: projen's release workflow
  // (run by hand from the Actions tab) bumps the version from the conventional commits since the
  // last tag, builds every artifact of both flavours into dist/ and hands them to publib.
  github: true,
  githubOptions: { mergify: false, pullRequestLint: false },
  buildWorkflow: false,
  depsUpgrade: false,
  pullRequestTemplate: false,
  release: true,
  releaseTrigger: release.ReleaseTrigger.workflowDispatch(),
  // The release job runs the whole build, `npm test` included: the judges, the providers, Java, Python and Go.
  releaseWorkflowSetupSteps: [
    { name: 'Set up Go', uses: 'actions/setup-go@v5', with: { 'go-version': '1.26.x' } },
    { name: 'Set up the JDK and Maven', uses: 'actions/setup-java@v4', with: { 'distribution': 'temurin', 'java-version': '17' } },
    { name: 'Set up Python', uses: 'actions/setup-python@v5', with: { 'python-version': '3.11' } },
    ...terraformJudgeSteps(),
    ...providerReleaseSteps(),
  ],
  // commit-and-tag-version 13 needs Node.js 22 (its conventional-changelog packages say so); 12 runs on 20.
  bumpPackage: 'commit-and-tag-version@^12',
  // The first release is 0.1.0 (projen's would be 0.0.0); later ones follow the commits.
  nextVersionCommand: 'node scripts/next-version.js',

  devDeps: ['@cdktf/hcl2json@0.21.0', 'tsconfig-paths@^4', 'fast-check@^4', 'azurite@^3.35', 'semver@^7', '@types/semver@^7'],
});

// The npm registry reachable from CI serves unrs-resolver 1.13.0 (used by jest and the eslint
// resolver) without most of its per-platform bindings, so npm cannot write a complete lock file
// and `npm ci` refuses it. 1.12.2 is complete there.
project.package.addField('overrides', { 'unrs-resolver': '1.12.2' });

// The library throws its own two errors (src/private/errors): a user-facing error names its rule
// ids, a definition error is the library's own bug. A bare `new Error(` in src/ is neither.
project.eslint?.addOverride({
  files: ['src/**/*.ts'],
  excludedFiles: ['src/private/errors/**'],
  rules: {
    'no-restricted-syntax': ['error', {
      selector: "NewExpression[callee.name='Error']",
      message: 'throw StateBackendError (its message names the rule ids; refuse(message, id) for one) or DefinitionError, from src/private/errors/errors.ts',
    }],
  },
});

project.addTask('eslint:fix', {
  description: 'Runs eslint with --fix (the test task lints without changing files)',
  steps: [{ spawn: 'eslint', args: ['--fix'] }],
});

const packageBoth = setupPackaging(project);
const java = setupJava(project, packageBoth);
const installs = setupJudges(project);
const providers = setupProviders(project);
const python = setupPython(project, packageBoth);
const go = setupGo(project, packageBoth);
setupBench(project, java, python);

project.addTask('docs:fields', {
  description: 'Regenerates docs/FIELDS.md from the field tables, scripts/judges.txt from the judge rows (test/support/judge-rows.ts) and scripts/providers.txt from the provider rows (test/support/provider-rows.ts)',
  exec: 'ts-node --project tsconfig.dev.json scripts/fields-doc.ts',
});
project.postCompileTask.spawn(project.tasks.tryFind('docs:fields')!);
project.addTask('samples', {
  description: 'Regenerates the Go and Java suites\' samples (test/go/samples_test.go, test/java/.../Samples.java) from the field tables',
  exec: 'ts-node --project tsconfig.dev.json scripts/samples.ts',
});

project.addTask('test:cold', {
  description: 'The README\'s test command as a new machine runs it: a fresh clone of HEAD with HOME and every cache empty, CI set; prints each phase\'s time (after touching an install step)',
  exec: 'bash scripts/cold-run.sh',
  receiveArgs: true,
});

project.addTask('example', {
  description: 'Synthesizes examples/typescript and prints each stack\'s backend and remote states',
  env: { ...silenceJsiiNode20, TS_NODE_PROJECT: 'tsconfig.dev.json' },
  exec: 'ts-node -r tsconfig-paths/register examples/typescript/main.ts',
});

project.gitignore.exclude('/.test-run/', '/examples/typescript/cdktf.out/', '/examples/java/cdktf.out/', '/examples/java/target/', '/test/java/target/', '/scratch/', '/test/.readme-*/', '/bench/java/target/', '/bench/results/*-quick.md', '/bench/results/*.cpuprofile', '/test/python/.venv/', '/examples/python/cdktf.out/', '__pycache__/');
// (the fast loop's incremental type-check keeps tsconfig.dev.tsbuildinfo at the root: scripts/typecheck-beside.js)
project.npmignore?.exclude('/examples/', '/.ci/', '/BENCHMARKS.md', '/scripts/', '/bench/', '/tsconfig.dev.tsbuildinfo');
// jsii compiles with inline source maps that name src/*.ts: stack traces (ts-node, node
// --enable-source-maps) point there, so the package ships the files they name (issue 28).
project.npmignore?.include('/src/');

const cdktn = setupCdktn(project, java, go.runGoExample);
const cli = setupFrameworkClis(project, java);
setupTiers(project, {
  installs: { 'judges': installs.judges, 'emulators': installs.emulators, 'providers': providers.install, 'framework-clis': cli.install },
  languages: [
    { spawn: java.testJava.name },
    ...python.tierSteps,
    // test:java compiled the .jsii, so the generated docs can be held to it.
    { exec: 'node scripts/check-api-md.js' },
    ...go.tierSteps,
    ...cdktn.languageSteps,
  ],
  examples: cdktn.exampleSteps,
  cli: cli.steps,
  artifacts: [
    { spawn: project.compileTask.name },
    { spawn: java.packageJava.name },
    { spawn: 'package:go:cdktf' },
    { spawn: cdktn.cdktnBuild.name },
    { exec: 'npx projen package:java', cwd: cdktnDir },
  ],
});

project.synth();
