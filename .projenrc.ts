import { cdk, cdktf, javascript, release } from 'projen';

// The cdktn flavour's package (see the end of this file) and where npm installs what it runs on.
const cdktnDir = 'packages/cdktn-state-backends';
const cdktnModules = `<rootDir>/${cdktnDir}/node_modules`;

/**
 * One jest project per flavour. Both run every test in test/; the cdktn one maps the framework
 * (`cdktf`, `cdktf/lib/...`), `constructs` and the library itself (`../src/...`, the package
 * names) to cdktn, the constructs cdktn accepts and the generated sources. ts-jest only
 * transpiles, so the tests are written once against the cdktf types.
 */
function flavourProject(flavour: 'cdktf' | 'cdktn') {
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
  // The release job runs the whole build, `npm test` included: the judges, Java, Python and Go.
  releaseWorkflowSetupSteps: [
    { name: 'Set up Go', uses: 'actions/setup-go@v5', with: { 'go-version': '1.26.x' } },
    { name: 'Set up the JDK and Maven', uses: 'actions/setup-java@v4', with: { 'distribution': 'temurin', 'java-version': '17' } },
    { name: 'Set up Python', uses: 'actions/setup-python@v5', with: { 'python-version': '3.11' } },
    { name: 'Set up terraform (a judge)', uses: 'hashicorp/setup-terraform@v3', with: { terraform_version: '1.11.4', terraform_wrapper: false } },
    {
      // The judge scripts/judges.sh builds from source where the archive is at hand; here the release
      // binary (checked against HashiCorp's SHA256SUMS) stands in, named by the variable the suites read.
      name: 'Set up Terraform 1.15.9 (a judge, beside 1.11.4 on PATH)',
      run: [
        'cd "$RUNNER_TEMP"',
        'curl -fsSLO https://releases.hashicorp.com/terraform/1.15.9/terraform_1.15.9_linux_amd64.zip',
        'curl -fsSLO https://releases.hashicorp.com/terraform/1.15.9/terraform_1.15.9_SHA256SUMS',
        'sha256sum --check --ignore-missing terraform_1.15.9_SHA256SUMS',
        'unzip -o -d terraform-1.15.9 terraform_1.15.9_linux_amd64.zip',
        'echo "CDKTF_STATE_BACKENDS_TERRAFORM_1_15_9=$RUNNER_TEMP/terraform-1.15.9/terraform" >> "$GITHUB_ENV"',
      ].join('\n'),
    },
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


project.addTask('eslint:fix', {
  description: 'Runs eslint with --fix (the test task lints without changing files)',
  steps: [{ spawn: 'eslint', args: ['--fix'] }],
});

const silenceJsiiNode20 = { JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: '20' };
for (const name of ['compile', 'test', 'docgen', 'package:js', 'package-all']) {
  project.tasks.tryFind(name)?.env('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
}

// --- Packaging both flavours ------------------------------------------------------------------
// `package:<lang>` is what `package-all` and the release workflow's publish jobs run: it writes the
// cdktf flavour's artifact, then scripts/package-cdktn.sh builds the cdktn flavour at the same
// version and adds its artifact, so dist/<lang> holds both. The suites and examples need one
// flavour at a time and use `package:<lang>:cdktf` (and the subproject's own package tasks).
const packageBoth = (lang: 'js' | 'java' | 'python' | 'go') => {
  const task = project.tasks.tryFind(`package:${lang}`)!;
  const own = project.addTask(`package:${lang}:cdktf`, {
    description: `Creates the cdktf flavour's ${lang} artifact alone in dist/${lang}`,
    env: silenceJsiiNode20,
    steps: task.steps,
  });
  task.reset();
  task.env('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
  task.spawn(own);
  task.exec(`bash scripts/package-cdktn.sh ${lang}`);
  return own;
};
packageBoth('js');
project.addTask('test:dist', {
  description: 'Packages every artifact of both flavours into dist/ and installs each into a clean consumer (npm, Maven, pip, go) that synthesizes a stack',
  env: silenceJsiiNode20,
  steps: [{ spawn: project.compileTask.name }, { spawn: 'package-all' }, { exec: 'bash scripts/check-dist.sh', receiveArgs: true }],
});
// `npx projen bump`, run by a maintainer, also adds the next release's notes (dist/changelog.md) to
// CHANGELOG.md, to be committed before the release. The release task (RELEASE=true, in the
// workflow) leaves it alone: it ends by checking that the build changed no tracked file.
project.tasks.tryFind('bump')!.exec('node scripts/changelog.js', { condition: 'node -e "process.exit(process.env.RELEASE ? 1 : 0)"' });
// The release job builds every artifact of both flavours into dist/ and installs each into a clean
// consumer before the version is reset (the steps are: rm dist, bump, build, unbump, git diff).
project.tasks.tryFind('release')!.insertStep(3, { spawn: 'test:dist' });

// --- Java -----------------------------------------------------------------------------------
// The Maven repository reachable from CI here serves no com.hashicorp:cdktf 0.21.0 (Central itself
// lists 0.21.0 pre-releases), so the Java binding of the cdktf npm package we build against is
// generated from its own jsii assembly, into
// node_modules/cdktf/dist/java (pacmak then finds it as a local Maven repository). `npm ci`
// wipes it, so it can never go stale; the guard skips the 30 s rebuild otherwise.
const cdktfJar = 'node_modules/cdktf/dist/java/com/hashicorp/cdktf/0.21.0/cdktf-0.21.0.jar';
const requireJava = project.addTask('java:require', {
  description: 'Fails with an install hint when the JDK or Maven is missing',
  exec: 'node scripts/require-java.js',
});
const cdktfJava = project.addTask('cdktf:java', {
  description: 'Builds the Java binding of the installed cdktf npm package (com.hashicorp:cdktf)',
  env: silenceJsiiNode20,
  exec: `test -f ${cdktfJar} || jsii-pacmak node_modules/cdktf --target java --no-npmignore`,
});
const packageJava = packageBoth('java');
packageJava.prependSpawn(cdktfJava);
packageJava.prependSpawn(requireJava);

const testJava = project.addTask('test:java', {
  description: 'Builds the Maven artifact and runs the JUnit suite in test/java against it',
  env: silenceJsiiNode20,
});
testJava.spawn(project.compileTask);
testJava.spawn(packageJava);
// The poms default to the current version; passing package.json's keeps them right after a bump.
const mavenVersion = '-Dstatebackends.version=$(node -p "require(\'./package.json\').version")';
/** examples/java on the artifact just packaged; `-P cdktn ` for the CDK Terrain flavour. */
const runJavaExample = (profile: string) => `mvn -B -q -f examples/java/pom.xml ${profile}compile exec:java ${mavenVersion}`;
testJava.exec(`mvn -B -f test/java/pom.xml test ${mavenVersion}`);
project.testTask.spawn(testJava);

// --- Judges ---------------------------------------------------------------------------------
// One place decides where built test tools (judges, emulators) are cached: scripts/cache-dir.js.
// Every task is told the result, so bash, jest, pytest and JUnit read the same path even when
// $HOME and the account's home differ.
project.tasks.addEnvironment('CDKTF_STATE_BACKENDS_CACHE', '$(node scripts/cache-dir.js)');
// The tests judge the generated configurations with the judges of scripts/judges.txt: terraform on
// PATH, Terraform built from its source archive, and OpenTofu built from the Go module proxy, into a
// per-version cache. The build runs first, so a fresh machine gets the judges before the suites need them.
const judges = project.addTask('judges', {
  description: 'Builds the Terraform (from source) and OpenTofu judges the tests use (Go 1.26+; about 3 and 10 minutes per version the first time)',
  exec: 'bash scripts/judges.sh',
  receiveArgs: true,
});
project.testTask.prependSpawn(judges);
// The run-time judges (test/runtime/) store state on emulators: fake-gcs-server, built from the Go
// module proxy into the same per-version cache, moto in a virtual environment there (from PyPI), and
// Azurite, a devDependency. Checked before the suites.
const emulators = project.addTask('emulators', {
  description: 'Installs the storage emulators the run-time judges use (fake-gcs-server from the Go module proxy; moto from PyPI; Azurite from npm)',
  exec: 'bash scripts/emulators.sh',
});
project.testTask.prependSpawn(emulators);
// The one-minute loop a contributor runs after every change: the cdktf flavour's unit and rule
// suites and a small seeded fuzz sample, without the judges, the emulators, Java or Python (the
// suites that only judge are left out; the rest skip their judge checks). `npm test` runs it all.
const testFast = project.addTask('test:fast', {
  description: 'The fast loop (under a minute): cdktf flavour, unit and rule suites, a small fuzz sample; no judges, emulators, Java or Python',
  env: { CDKTF_STATE_BACKENDS_JUDGES: 'off', FUZZ_RUNS_PER_STORE: '1000' },
});
// The flavour test compares the cdktn sources with what src/ gives: generate them first (a second),
// so that the loop passes on a fresh clone too.
testFast.exec('node scripts/flavour.js');
testFast.exec(
  'jest --ci --coverage=false --selectProjects=cdktf --testPathIgnorePatterns=/node_modules/ ' +
    '"/test/(cli/|runtime/|init-judge|terraform-validate|tool-refusals|corpus|state-encryption-tofu|judges)"',
  { receiveArgs: true },
);
// One worker per core, as in `npm test`: the run-time suites mostly wait on the tools and the lock
// scenarios' sleeps (2 min 6 s instead of 4 min 5 s for the four stores on 2 cores).
project.addTask('test:runtime', {
  description: 'The run-time judges alone: state round trips on the storage emulators, one flavour',
  exec: 'jest --maxWorkers=100% --selectProjects=cdktf --testPathPatterns=test/runtime',
  receiveArgs: true,
});

project.addTask('example:java', {
  description: 'Builds the Maven artifact and runs examples/java (a two-stack app)',
  env: silenceJsiiNode20,
  steps: [
    { spawn: project.compileTask.name },
    { spawn: packageJava.name },
    { exec: runJavaExample('') },
  ],
});

// Java users get the same reference with Java names and builder syntax.
project.tasks.tryFind('docgen')!.exec('jsii-docgen -l java -o docs/API.java.md');

// --- Python ---------------------------------------------------------------------------------
// jsii-pacmak builds the wheel and sdist into dist/python (in a virtual environment of its own,
// from PyPI). scripts/python.js installs that wheel with the CDK it was built against into
// test/python/.venv/<dist> and runs pytest or the example there. One entry per distribution: a
// second flavour (cdktn-state-backends) is one more entry plus its test/python/requirements file.
const PYTHON_DISTRIBUTIONS = [
  { dist: 'cdktf-state-backends', module: 'cdktf_state_backends', cdk: 'cdktf' },
];
const requirePython = project.addTask('python:require', {
  description: 'Fails with an install hint when python3 (3.10+) or its venv module is missing',
  exec: 'node scripts/require-python.js',
});
const packagePython = packageBoth('python');
packagePython.prependSpawn(requirePython);
const pythonArgs = (d: (typeof PYTHON_DISTRIBUTIONS)[number]) => `--dist ${d.dist} --module ${d.module} --cdk ${d.cdk}`;

const pytestSuite = project.addTask('test:python:suite', {
  description: 'Runs the pytest suite in test/python against the wheel already in dist/python (args go to pytest)',
  env: silenceJsiiNode20,
});
for (const d of PYTHON_DISTRIBUTIONS) pytestSuite.exec(`node scripts/python.js test ${pythonArgs(d)}`, { receiveArgs: true });
const testPython = project.addTask('test:python', {
  description: 'Builds the Python wheel and runs the pytest suite in test/python against it (args go to pytest)',
  env: silenceJsiiNode20,
});
testPython.spawn(project.compileTask);
testPython.spawn(packagePython);
testPython.spawn(pytestSuite, { receiveArgs: true });
// test:java compiled the library just before, so `test` only packages and runs the suite.
project.testTask.spawn(packagePython);
project.testTask.spawn(pytestSuite);

const examplePython = project.addTask('example:python', {
  description: 'Builds the Python wheel and runs examples/python (a two-stack app)',
  env: silenceJsiiNode20,
});
examplePython.spawn(project.compileTask);
examplePython.spawn(packagePython);
examplePython.exec(`node scripts/python.js example ${pythonArgs(PYTHON_DISTRIBUTIONS[0])}`);

project.tasks.tryFind('docgen')!.exec('jsii-docgen -l python -o docs/API.python.md');
// test:java compiled the .jsii, so the generated docs can be held to it.
project.testTask.exec('node scripts/check-api-md.js');

// --- Go ---------------------------------------------------------------------------------------
// jsii-pacmak writes the Go module to dist/go/cdktfstatebackends. The Go module proxy reachable here
// does not serve cdktf's Go module (github.com/hashicorp/terraform-cdk-go/cdktf), so
// scripts/go-bindings.sh generates it from the cdktf npm package into a per-version cache, and
// test/go and examples/go point at it (and at dist/go) with `replace` directives in their own
// go.mod only. scripts/go.sh runs the suite or the example (a loud skip without Go outside CI).
const packageGo = packageBoth('go');
const goSuite = project.addTask('test:go:suite', {
  description: 'Runs the Go suite in test/go against the module already in dist/go (args go to go test)',
  exec: 'bash scripts/go.sh test',
  receiveArgs: true,
});
const testGo = project.addTask('test:go', {
  description: 'Builds the Go module and runs the go test suite in test/go against it (args go to go test)',
  env: silenceJsiiNode20,
});
testGo.spawn(project.compileTask);
testGo.spawn(packageGo);
testGo.spawn(goSuite, { receiveArgs: true });
// after test:python, on the library test:java compiled
project.testTask.spawn(packageGo);
project.testTask.spawn(goSuite);
const runGoExample = 'bash scripts/go.sh example';
project.addTask('example:go', {
  description: 'Builds the Go module and runs examples/go (a two-stack app)',
  env: silenceJsiiNode20,
  steps: [{ spawn: project.compileTask.name }, { spawn: packageGo.name }, { exec: runGoExample }],
});
project.tasks.tryFind('docgen')!.exec('jsii-docgen -l go -o docs/API.go.md');
project.gitignore.exclude('/.go-bindings/', '/examples/go/cdktf.out/');
project.npmignore?.exclude('/.go-bindings/');

// --- Benchmarks (outside the test suite; see BENCHMARKS.md) ------------------------------------
const bench = project.addTask('bench', {
  description: 'Synth cost against cdktf built-ins, S = 10/100/1000 stacks, plus module load (writes bench/results/typescript.md)',
  env: silenceJsiiNode20,
});
bench.spawn(project.compileTask);
bench.exec('ts-node -T --project tsconfig.dev.json bench/synth.ts', { receiveArgs: true });
const benchJava = project.addTask('bench:java', {
  description: 'The same comparison from Java through jsii (writes bench/results/java.md)',
  env: silenceJsiiNode20,
});
benchJava.spawn(project.compileTask);
benchJava.spawn(packageJava);
// `compile` first: the pom installs the freshly packaged jar in the validate phase.
benchJava.exec(`mvn -B -q -f bench/java/pom.xml compile exec:exec ${mavenVersion}`, { receiveArgs: true });
// The same app and statistics from Python; scripts/python.js installs the wheel in its venv.
const benchPython = project.addTask('bench:python', {
  description: 'The same comparison from Python through jsii (writes bench/results/python.md)',
  env: silenceJsiiNode20,
});
benchPython.spawn(project.compileTask);
benchPython.spawn(packagePython);
benchPython.exec(`node scripts/python.js bench ${pythonArgs(PYTHON_DISTRIBUTIONS[0])}`, { receiveArgs: true });
const benchProfile = project.addTask('bench:profile', {
  description: 'CPU profile of the benchmark app, summarized by owner and function',
  env: silenceJsiiNode20,
});
benchProfile.spawn(project.compileTask);
benchProfile.exec('ts-node -T --project tsconfig.dev.json bench/profile.ts', { receiveArgs: true });

project.addTask('docs:fields', {
  description: 'Regenerates docs/FIELDS.md from the field tables',
  exec: 'ts-node --project tsconfig.dev.json scripts/fields-doc.ts',
});
project.postCompileTask.spawn(project.tasks.tryFind('docs:fields')!);

project.addTask('example', {
  description: 'Synthesizes examples/typescript and prints each stack\'s backend and remote states',
  env: { ...silenceJsiiNode20, TS_NODE_PROJECT: 'tsconfig.dev.json' },
  exec: 'ts-node -r tsconfig-paths/register examples/typescript/main.ts',
});

project.gitignore.exclude('/examples/typescript/cdktf.out/', '/examples/java/cdktf.out/', '/examples/java/target/', '/test/java/target/', '/scratch/', '/test/.readme-*/', '/bench/java/target/', '/bench/results/*-quick.md', '/bench/results/*.cpuprofile', '/test/python/.venv/', '/examples/python/cdktf.out/', '__pycache__/');
project.npmignore?.exclude('/examples/', '/.ci/', '/BENCHMARKS.md', '/scripts/', '/bench/');
// jsii compiles with inline source maps that name src/*.ts: stack traces (ts-node, node
// --enable-source-maps) point there, so the package ships the files they name (issue 28).
project.npmignore?.include('/src/');

// --- The CDK Terrain (cdktn) flavour -----------------------------------------------------------
// A second jsii package from the same source tree: packages/cdktn-state-backends is a projen
// subproject whose src/ is generated from ./src by scripts/flavour.js (imports of cdktf become
// cdktn, the package name and the flavour marker in src/private/target/flavour.ts change) and is never
// committed. It is an npm workspace, so the root `npm ci` installs cdktn and the constructs range
// cdktn accepts next to it, apart from the cdktf flavour's dependencies.
const cdktnVersion = '0.24.0';
const cdktnLib = new cdk.JsiiProject({
  parent: project,
  outdir: cdktnDir,
  name: 'cdktn-state-backends',
  packageName: 'cdktn-state-backends',
  description:
    'State backends and remote-state data sources for CDK Terrain (cdktn: gcs, cos, oss, azurerm) ' +
    'that emit exactly the keys Terraform and OpenTofu accept, and check them at synth.',
  keywords: ['cdktn', 'cdk-terrain', 'terraform', 'opentofu', 'backend', 'remote-state', 'gcs', 'cos', 'oss', 'azurerm'],
  author: 'cdktf-state-backends maintainers',
  authorAddress: 'statebackends@users.noreply.github.com',
  repositoryUrl: 'https://github.com/statebackends/cdktf-state-backends.git',
  repositoryDirectory: cdktnDir,
  license: 'MPL-2.0',
  defaultReleaseBranch: 'main',
  packageManager: javascript.NodePackageManager.NPM,
  jsiiVersion: '~5.9.0',
  typescriptVersion: '~5.9',
  minNodeVersion: '20.16.0',
  // cdktn 0.24.0 peers on constructs >=10.6.0 <10.8.0; our range is the same.
  peerDeps: [`cdktn@^${cdktnVersion}`, 'constructs@>=10.6.0 <10.8.0'],
  publishToMaven: {
    javaPackage: 'io.github.statebackends.cdktn',
    mavenGroupId: 'io.github.statebackends',
    mavenArtifactId: 'cdktn-state-backends',
  },
  publishToPypi: { distName: 'cdktn-state-backends', module: 'cdktn_state_backends' },
  publishToGo: { moduleName: 'github.com/statebackends/cdktn-state-backends-go', packageName: 'cdktnstatebackends' },
  docgen: true,
  // The root runs the tests (one jest project per flavour) and the linter on the shared sources.
  jest: false,
  eslint: false,
  sampleCode: false,
  github: false,
  release: false,
  licensed: true,
});
// The version is the root's: scripts/package-cdktn.sh sets it when packaging a release (projen's
// bump writes the root's package.json only).
cdktnLib.gitignore.exclude('/src/', '/examples/');
cdktnLib.npmignore?.exclude('/examples/');
// Its src/ (generated, never committed) ships, as the root's does: the source maps name it.
cdktnLib.npmignore?.include('/src/');
project.package.addField('workspaces', [cdktnDir]);
for (const name of ['compile', 'docgen', 'package:java', 'package:js', 'package-all']) {
  cdktnLib.tasks.tryFind(name)?.env('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
}
// The sources are generated from ../../src before every compile of the subproject.
cdktnLib.preCompileTask.exec('node ../../scripts/flavour.js');
cdktnLib.tasks.tryFind('docgen')!.exec('jsii-docgen -l java -o docs/API.java.md');
// The Maven repository reachable from CI here serves no io.cdktn:cdktn 0.24.0 (CDK Terrain publishes
// its Maven artifacts to Central since 0.22.1): build its Java binding from the npm package, as for cdktf.
const cdktnJar = `node_modules/cdktn/dist/java/io/cdktn/cdktn/${cdktnVersion}/cdktn-${cdktnVersion}.jar`;
cdktnLib.tasks.tryFind('package:java')!.prependExec(`test -f ${cdktnJar} || jsii-pacmak node_modules/cdktn --target java --no-npmignore`);
cdktnLib.tasks.tryFind('package:java')!.prependExec('node ../../scripts/require-java.js');

const cdktnGenerate = project.addTask('cdktn:generate', {
  description: 'Generates packages/cdktn-state-backends/src from src/ (the cdktn flavour; scripts/flavour.js)',
  exec: 'node scripts/flavour.js',
});
// Runs a task of the cdktn subproject from the root.
const inCdktn = (task: string) => ({ exec: `npx projen ${task}`, cwd: cdktnDir });
// What the tests and examples build: no docs, so `npm test` never rewrites the committed API docs
// of the cdktn package (scripts/check-api-md.js compares them with the build instead).
const cdktnBuild = project.addTask('cdktn:build', {
  description: 'Generates and compiles the cdktn flavour (packages/cdktn-state-backends), without its API docs',
  steps: [inCdktn('pre-compile'), inCdktn('compile')],
});
project.addTask('cdktn:compile', {
  description: 'Generates and compiles the cdktn flavour (packages/cdktn-state-backends), with its API docs',
  steps: [{ spawn: cdktnBuild.name }, inCdktn('post-compile')],
});
// jest's cdktn project runs the generated sources, so they are brought up to date first.
project.testTask.prependSpawn(cdktnGenerate);

// The Java suite against the cdktn artifact: the same sources, with the library's and the
// framework's packages rewritten by scripts/flavour.js into test/java/target (never committed).
const testJavaCdktn = project.addTask('test:java:cdktn', {
  description: 'Builds the cdktn flavour\'s Maven artifact and runs the JUnit suite in test/java against it',
  env: silenceJsiiNode20,
  steps: [
    { spawn: cdktnBuild.name },
    inCdktn('package:java'),
    { exec: 'node scripts/flavour.js --java test/java/target/cdktn-sources' },
    { exec: `mvn -B -f test/java/pom.xml test -P cdktn ${mavenVersion}` },
  ],
});
project.testTask.spawn(testJavaCdktn);
project.testTask.exec(`node scripts/check-api-md.js ${cdktnDir}`);

// The Go suite on the cdktn flavour's module: a rewritten copy of test/go (scripts/go.sh test-cdktn).
// jsii-pacmak's check build of the generated module fetches github.com/open-constructs/cdk-terrain-go/cdktn,
// which the Go module proxy here refuses; the code is complete without it (--code-only), and the
// suite builds it against the binding scripts/go-bindings.sh generates.
cdktnLib.tasks.tryFind('package:go')!.reset('jsii-pacmak -v --target go --code-only');
const goSuiteCdktn = 'bash scripts/go.sh test-cdktn';
project.addTask('test:go:cdktn', {
  description: 'Builds the cdktn flavour\'s Go module and runs the Go suite (test/go) against it (args go to go test)',
  env: silenceJsiiNode20,
  steps: [{ spawn: cdktnBuild.name }, inCdktn('package:go'), { exec: goSuiteCdktn, receiveArgs: true }],
});
// test:java:cdktn compiled the cdktn flavour just before.
project.testTask.exec('npx projen package:go', { cwd: cdktnDir });
project.testTask.exec(goSuiteCdktn);
project.gitignore.exclude('/test/.go-cdktn/');


// The examples on CDK Terrain: copies generated by scripts/flavour.js (never committed) that
// import cdktn and the compiled cdktn package, as a user's app does.
const cdktnExampleDir = `${cdktnDir}/examples/typescript`;
const runCdktnExample = `ts-node --project tsconfig.dev.json ${cdktnExampleDir}/main.ts`;
const generateCdktnExample = `node scripts/flavour.js --example ${cdktnExampleDir}`;
project.addTask('example:cdktn', {
  description: 'Synthesizes examples/typescript on CDK Terrain with cdktn-state-backends',
  env: silenceJsiiNode20,
  steps: [{ spawn: cdktnBuild.name }, { exec: generateCdktnExample }, { exec: runCdktnExample }],
});
const generateCdktnJavaExample = 'node scripts/flavour.js --java examples/java/target/cdktn-sources examples/java/src/main/java';
project.addTask('example:java:cdktn', {
  description: 'Builds the cdktn Maven artifact and runs examples/java on CDK Terrain',
  env: silenceJsiiNode20,
  steps: [{ spawn: cdktnBuild.name }, inCdktn('package:java'), { exec: generateCdktnJavaExample }, { exec: runJavaExample('-P cdktn ') }],
});
// `npm test` ends by running the examples on the artifacts the steps above just built.
project.testTask.exec('ts-node -r tsconfig-paths/register examples/typescript/main.ts', { env: { TS_NODE_PROJECT: 'tsconfig.dev.json' } });
project.testTask.exec(generateCdktnExample);
project.testTask.exec(runCdktnExample);
project.testTask.exec(runJavaExample(''));
project.testTask.exec(generateCdktnJavaExample);
project.testTask.exec(runJavaExample('-P cdktn '));
project.testTask.exec(runGoExample);

project.npmignore?.exclude('/packages/');

// --- The framework CLIs (test/cli) -------------------------------------------------------------
// A user's path: `cdktf` / `cdktn` synth, deploy, output, diff and destroy on a TypeScript app per
// framework and a Java (Maven) app, with the library as users get it (the npm tarballs, the Maven
// artifact in dist/java), against fake-gcs-server in a namespace with only loopback. The CLIs, a
// Node.js 22 for cdktn-cli and each framework's `init`-made project are installed into the cache by
// scripts/framework-clis.sh; the Maven plugins and dependencies of the Java app are resolved (with
// network) before the suite, which runs offline.
const frameworkClis = project.addTask('framework-clis', {
  description: 'Installs cdktf-cli, cdktn-cli, a Node.js 22 and the init-made TypeScript projects the framework-CLI suite drives (cached)',
  exec: 'bash scripts/framework-clis.sh',
});
const cliJavaApp = 'test/cli/apps/java/pom.xml -Dstatebackends.repository=$PWD/dist/java -Dframework.repository=$PWD/node_modules/cdktf/dist/java ' + mavenVersion;
const cliSuite = project.addTask('test:cli:suite', {
  description: 'The framework-CLI suite (test/cli) on the artifacts already in dist/ (args go to jest)',
  steps: [
    { spawn: frameworkClis.name },
    { exec: `mvn -B -q -f ${cliJavaApp} compile exec:help dependency:resolve`, name: 'Resolve the Java app\'s plugins and dependencies' },
    { exec: 'jest --ci --coverage=false -c test/cli/jest.config.json', receiveArgs: true },
  ],
});
project.addTask('test:cli', {
  description: 'Packages the library (npm tarballs of both flavours, the cdktf Maven artifact) and runs the framework-CLI suite (test/cli)',
  env: silenceJsiiNode20,
  steps: [
    { spawn: project.compileTask.name },
    { spawn: 'package:js:cdktf' },
    { spawn: packageJava.name },
    { spawn: cdktnBuild.name },
    inCdktn('package:js'),
    { spawn: cliSuite.name, receiveArgs: true },
  ],
});
// Last in `npm test`: test:java packaged the Maven artifact and test:java:cdktn compiled the cdktn
// flavour, so only the npm tarballs are packed here (a few seconds each).
project.testTask.spawn(project.tasks.tryFind('package:js:cdktf')!);
project.testTask.exec('npx projen package:js', { cwd: cdktnDir });
project.testTask.spawn(cliSuite);
project.gitignore.exclude('/test/cli/apps/java/target/');

project.synth();
