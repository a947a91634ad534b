import { cdktf } from 'projen';
import { cdktnDir, inCdktn } from './cdktn';
import { JavaSetup } from './java';
import { silenceJsiiNode20 } from './packaging';

/**
 * A user's path: `cdktf` / `cdktn` synth, deploy, output, diff and destroy on a TypeScript app per
 * framework and a Java (Maven) app, with the library as users get it (the npm tarballs, the Maven
 * artifact in dist/java), against fake-gcs-server in a namespace with only loopback. The CLIs, a
 * Node.js 22 for cdktn-cli and each framework's `init`-made project are installed into the cache by
 * scripts/framework-clis.sh; the Maven plugins and dependencies of the Java app are resolved (with
 * network) before the suite, which runs offline.
 */
export function setupFrameworkClis(project: cdktf.ConstructLibraryCdktf, { packageJava, mavenVersion }: JavaSetup, cdktnBuild: ReturnType<cdktf.ConstructLibraryCdktf['addTask']>): void {
  const frameworkClis = project.addTask('framework-clis', {
    description: 'Installs cdktf-cli, cdktn-cli, a Node.js 22 and the init-made TypeScript projects the framework-CLI suite drives (cached)',
    exec: 'bash scripts/framework-clis.sh',
  });
  const cliJavaApp = 'test/cli/apps/java/pom.xml -Dstatebackends.repository=$PWD/dist/java -Dframework.repository=$PWD/node_modules/cdktf/dist/java ' + mavenVersion;
  const cliSuite = project.addTask('test:cli:suite', {
    description: 'The framework-CLI suite (test/cli) on the artifacts already in dist/ (args go to jest)',
    steps: [
      { spawn: frameworkClis.name },
      // (validate first, alone: it installs the freshly packaged artifact, which Maven 3.8 looks for
      // before any phase runs when the goals below are on the same command line, failing on an empty ~/.m2)
      { exec: `mvn -B -q -f ${cliJavaApp} validate`, name: 'Install the packaged library for the Java app' },
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
}
