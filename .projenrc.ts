import { cdktf, javascript } from 'projen';

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
  },
  // ts-jest only transpiles (isolatedModules), so the tests are type-checked by tsc first.
  typecheckTests: true,
  eslintOptions: {
    dirs: ['src'],
    devdirs: ['test', 'examples', 'bench', 'scripts'],
    tsconfigPath: './tsconfig.dev.json',
    projectService: false,
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

  docgen: true,
  jestOptions: {
    updateSnapshot: javascript.UpdateSnapshot.NEVER,
    jestConfig: {
      // terraform validate runs inside the suites; give them room on a 2-core machine.
      testTimeout: 120_000,
      // The README snippets import the package by name; in the repo that is src/, never a stale lib/.
      moduleNameMapper: { '^cdktf-state-backends$': '<rootDir>/src' },
    },
  },

  // CI for this repository is `.ci/run`; GitHub workflows would never run here.
  github: false,
  release: false,

  devDeps: ['@cdktf/hcl2json@0.21.0', 'tsconfig-paths@^4', 'fast-check@^4'],
});

// The npm registry reachable from CI serves unrs-resolver 1.13.0 (used by jest and the eslint
// resolver) without most of its per-platform bindings, so npm cannot write a complete lock file
// and `npm ci` refuses it. 1.12.2 is complete there.
project.package.addField('overrides', { 'unrs-resolver': '1.12.2' });

// Releases are not automated here (release: false), so the version is set by hand.
project.package.addVersion('0.1.0');

const silenceJsiiNode20 = { JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: '20' };
for (const name of ['compile', 'test', 'docgen', 'package:js', 'package-all']) {
  project.tasks.tryFind(name)?.env('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
}

// --- Java -----------------------------------------------------------------------------------
// Maven Central has no com.hashicorp:cdktf newer than 0.19.2, so the Java binding of the cdktf npm
// package we build against is generated from its own jsii assembly, into
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
const packageJava = project.tasks.tryFind('package:java')!;
packageJava.env('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
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
testJava.exec(`mvn -B -f test/java/pom.xml test ${mavenVersion}`);
project.testTask.spawn(testJava);

// --- Judges ---------------------------------------------------------------------------------
// The tests judge the generated configurations with terraform on PATH and with OpenTofu binaries
// built from the Go module proxy into a per-version cache (scripts/opentofu-judges.txt lists the
// versions). The build runs first, so a fresh machine gets the judges before the suites need them.
const judges = project.addTask('judges', {
  description: 'Builds the OpenTofu judges the tests use (Go 1.26+; about 10 minutes per version the first time)',
  exec: 'bash scripts/judges.sh',
  receiveArgs: true,
});
project.testTask.prependSpawn(judges);
// test:java compiled the .jsii, so the generated docs can be held to it.
project.testTask.exec('node scripts/check-api-md.js');

project.addTask('example:java', {
  description: 'Builds the Maven artifact and runs examples/java (a two-stack app)',
  env: silenceJsiiNode20,
  steps: [
    { spawn: project.compileTask.name },
    { spawn: packageJava.name },
    { exec: `mvn -B -q -f examples/java/pom.xml compile exec:java ${mavenVersion}` },
  ],
});

// Java users get the same reference with Java names and builder syntax.
project.tasks.tryFind('docgen')!.exec('jsii-docgen -l java -o docs/API.java.md');

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

project.gitignore.exclude('/examples/typescript/cdktf.out/', '/examples/java/cdktf.out/', '/examples/java/target/', '/test/java/target/', '/scratch/', '/test/.readme-*/', '/bench/java/target/', '/bench/results/*-quick.md', '/bench/results/*.cpuprofile');
project.npmignore?.exclude('/examples/', '/.ci/', '/BENCHMARKS.md', '/scripts/', '/bench/');

project.synth();
