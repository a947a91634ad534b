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
  // The suite's files that passed under the same key are replayed (scripts/tier-memo.js); when every
  // one is, nothing is packed or installed for the apps.
  const live = 'node scripts/tier-memo.js live cli test/cli';
  const cliSuite = project.addTask('test:cli:suite', {
    description: 'The framework-CLI suite (test/cli) on the artifacts already in dist/ (args select files in test/cli, or go to jest)',
    steps: [
      { spawn: frameworkClis.name },
      // (validate first, alone: it installs the freshly packaged artifact, which Maven 3.8 looks for
      // before any phase runs when the goals below are on the same command line, failing on an empty ~/.m2)
      { exec: `mvn -B -q -f ${cliJavaApp} validate`, name: 'Install the packaged library for the Java app', condition: live },
      { exec: `mvn -B -q -f ${cliJavaApp} compile exec:help dependency:resolve`, name: 'Resolve the Java app\'s plugins and dependencies', condition: live },
      { exec: 'node scripts/run-tier.js --memo cli --config test/cli/jest.config.json test/cli --', receiveArgs: true },
    ],
  });
  project.gitignore.exclude('/test/cli/apps/java/target/');
  // The cli tier, last in `npm test`: the languages tier packaged the Maven artifact and compiled the
  // cdktn flavour, so only the npm tarballs are packed here (a few seconds each).
  return {
    install: frameworkClis.name,
    steps: [{ spawn: 'package:js:cdktf', condition: live }, { exec: 'npx projen package:js', cwd: cdktnDir, condition: live }, { spawn: cliSuite.name, receiveArgs: true }],
  };
}
