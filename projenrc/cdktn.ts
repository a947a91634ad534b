import { cdk, cdktf, javascript, TaskStep } from 'projen';
import { JavaSetup } from './java';
import { compiledTsconfig, lazyIndexAfterCompile, silenceJsiiNode20 } from './packaging';

/** The cdktn flavour's package, a projen subproject. */
export const cdktnDir = 'packages/cdktn-state-backends';

/** A task of the cdktn subproject, run from the root. */
export const inCdktn = (task: string) => ({ exec: `npx projen ${task}`, cwd: cdktnDir });

/** What the root project reuses of the cdktn flavour's set-up. */
export interface CdktnSetup {
  readonly cdktnBuild: ReturnType<cdktf.ConstructLibraryCdktf['addTask']>;
  /** The languages tier's cdktn steps: Java (JUnit), its API docs, Go. */
  readonly languageSteps: readonly TaskStep[];
  /** The examples tier: TypeScript, Java and Go apps on both flavours. */
  readonly exampleSteps: readonly TaskStep[];
}

/**
 * A second jsii package from the same source tree: packages/cdktn-state-backends is a projen
 * subproject whose src/ is generated from ./src by scripts/flavour.js (imports of cdktf become
 * cdktn, the package name and the flavour marker in src/private/target/flavour.ts change) and is never
 * committed. It is an npm workspace, so the root `npm ci` installs cdktn and the constructs range
 * cdktn accepts next to it, apart from the cdktf flavour's dependencies.
 */
export function setupCdktn(project: cdktf.ConstructLibraryCdktf, { mavenVersion, runJavaExample }: JavaSetup, runGoExample: string): CdktnSetup {
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
    tsconfig: compiledTsconfig,
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
  lazyIndexAfterCompile(cdktnLib.compileTask, '../..');
  // The sources are generated from ../../src before every compile of the subproject.
  cdktnLib.preCompileTask.exec('node ../../scripts/flavour.js');
  cdktnLib.tasks.tryFind('docgen')!.exec('jsii-docgen -l java -o docs/API.java.md');
  // The Maven repository reachable from CI here serves no io.cdktn:cdktn 0.24.0 (CDK Terrain publishes
  // its Maven artifacts to Central since 0.22.1): build its Java binding from the npm package, as for cdktf.
  const cdktnJar = `node_modules/cdktn/dist/java/io/cdktn/cdktn/${cdktnVersion}/cdktn-${cdktnVersion}.jar`;
  cdktnLib.tasks.tryFind('package:java')!.prependExec(`test -f ${cdktnJar} || jsii-pacmak node_modules/cdktn --target java --no-npmignore`);
  cdktnLib.tasks.tryFind('package:java')!.prependExec('node ../../scripts/require-java.js');

  project.addTask('cdktn:generate', {
    description: 'Generates packages/cdktn-state-backends/src from src/ (the cdktn flavour; scripts/flavour.js)',
    exec: 'node scripts/flavour.js',
  });
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

  project.npmignore?.exclude('/packages/');
  return {
    cdktnBuild,
    // After the cdktf flavour's: the cdktn artifact and suites (test:java:cdktn compiles the flavour).
    languageSteps: [
      { spawn: testJavaCdktn.name },
      { exec: `node scripts/check-api-md.js ${cdktnDir}` },
      { exec: 'npx projen package:go', cwd: cdktnDir },
      { exec: goSuiteCdktn },
    ],
    // The examples on the artifacts the languages tier built.
    exampleSteps: [
      { exec: 'ts-node -r tsconfig-paths/register examples/typescript/main.ts', env: { TS_NODE_PROJECT: 'tsconfig.dev.json' } },
      { exec: generateCdktnExample },
      { exec: runCdktnExample },
      { exec: runJavaExample('') },
      { exec: generateCdktnJavaExample },
      { exec: runJavaExample('-P cdktn ') },
      { exec: runGoExample },
    ],
  };
}
