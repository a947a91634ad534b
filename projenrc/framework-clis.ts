import { cdktf, TaskStep } from 'projen';
import { cdktnDir } from './cdktn';
import { JavaSetup } from './java';

/**
 * A user's path: `cdktf` / `cdktn` synth, deploy, output, diff and destroy on a TypeScript app per
 * framework and a Java (Maven) app, with the library as users get it (the npm tarballs, the Maven
 * artifact in dist/java), against fake-gcs-server in a namespace with only loopback. The CLIs, a
 * Node.js 22 for cdktn-cli and each framework's `init`-made project are installed into the cache by
 * scripts/framework-clis.sh; the Maven plugins and dependencies of the Java app are resolved (with
 * network) before the suite, which runs offline.
 */
export function setupFrameworkClis(project: cdktf.ConstructLibraryCdktf, { mavenVersion }: JavaSetup): { install: string; steps: TaskStep[] } {
  const frameworkClis = project.addTask('framework-clis', {
    description: 'Installs cdktf-cli, cdktn-cli, a Node.js 22 and the init-made TypeScript projects the framework-CLI suite drives (cached)',
    exec: 'bash scripts/framework-clis.sh',
  });
  const cliJavaApp = 'test/cli/apps/java/pom.xml -Dstatebackends.repository=$PWD/dist/java -Dframework.repository=$PWD/node_modules/cdktf/dist/java ' + mavenVersion;
  const javaApp = project.addTask('test:cli:java-app', {
    description: 'Installs the Maven artifact in dist/java for the CLI suite\'s Java app and resolves its plugins and dependencies',
    steps: [
      // (validate first, alone: it installs the freshly packaged artifact, which Maven 3.8 looks for
      // before any phase runs when the goals below are on the same command line, failing on an empty ~/.m2)
      { exec: `mvn -B -q -f ${cliJavaApp} validate`, name: 'Install the packaged library for the Java app' },
      { exec: `mvn -B -q -f ${cliJavaApp} compile exec:help dependency:resolve`, name: 'Resolve the Java app\'s plugins and dependencies' },
    ],
  });
  // What the apps install, from what the tiers before built (the languages tier packaged the Maven
  // artifact and compiled the cdktn flavour): the npm tarballs (a few seconds each) and the Java app.
  const pack = project.addTask('test:cli:pack', {
    description: 'Packs both flavours\' npm tarballs and prepares the Java app: what the CLI suite\'s apps install',
    steps: [{ spawn: 'package:js:cdktf' }, { exec: 'npx projen package:js', cwd: cdktnDir }, { spawn: javaApp.name }],
  });
  /** The suite through scripts/run-tier.js, with its options before the config's. */
  const runTier = (options = '') => `node scripts/run-tier.js ${options}--config test/cli/jest.config.json test/cli --`;
  project.addTask('test:cli:suite', {
    description: 'The framework-CLI suite (test/cli), every file live, on the artifacts already in dist/ (args select files in test/cli, or go to jest)',
    steps: [{ spawn: frameworkClis.name }, { spawn: javaApp.name }, { exec: runTier(), receiveArgs: true }],
  });
  project.gitignore.exclude('/test/cli/apps/java/target/');
  // The cli tier, last in `npm test`: the files that passed under the same key are replayed
  // (scripts/tier-memo.js), and the apps' packages are made only when a file runs live.
  return {
    install: frameworkClis.name,
    steps: [{ exec: runTier(`--memo cli --before "npx projen ${pack.name}" `), receiveArgs: true }],
  };
}
