import { cdktf } from 'projen';
import { PackageBoth, silenceJsiiNode20 } from './packaging';

/** What the other modules reuse of the Java setup. */
export interface JavaSetup {
  readonly packageJava: ReturnType<PackageBoth>;
  /** `-Dstatebackends.version=...`, package.json's version for the poms. */
  readonly mavenVersion: string;
  /** examples/java on the artifact just packaged; `-P cdktn ` for the CDK Terrain flavour. */
  readonly runJavaExample: (profile: string) => string;
  /** Builds the cdktf flavour's artifact and runs the JUnit suite against it. */
  readonly testJava: ReturnType<PackageBoth>;
}

/** The Java artifact, the JUnit suite in test/java, the Java example and the Java API docs. */
export function setupJava(project: cdktf.ConstructLibraryCdktf, packageBoth: PackageBoth): JavaSetup {
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
  return { packageJava, mavenVersion, runJavaExample, testJava };
}
