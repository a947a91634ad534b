import { cdktf } from 'projen';
import { JavaSetup } from './java';
import { silenceJsiiNode20 } from './packaging';
import { PythonSetup } from './python';

/** The benchmarks (outside the test suite; see BENCHMARKS.md). */
export function setupBench(
  project: cdktf.ConstructLibraryCdktf,
  { packageJava, mavenVersion }: JavaSetup,
  { packagePython, pythonArgs }: PythonSetup,
): void {
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
  benchPython.exec(`node scripts/python.js bench ${pythonArgs}`, { receiveArgs: true });
  // The README's patterns (issue 42): one fresh process per run, the driver in TypeScript for the
  // three languages (bench/patterns.ts; BENCHMARKS.md, "README patterns").
  const driver = 'ts-node -T --project tsconfig.dev.json bench/patterns.ts';
  const benchPatterns = project.addTask('bench:patterns', {
    description: 'The README\'s patterns against cdktf built-ins, S = 1/100/1000/2000, a fresh node per run (writes bench/results/patterns-<language>.md)',
    env: silenceJsiiNode20,
  });
  benchPatterns.spawn(project.compileTask);
  benchPatterns.exec(driver, { receiveArgs: true });
  const benchPatternsJava = project.addTask('bench:patterns:java', {
    description: 'The README\'s patterns from Java, a fresh JVM per run (writes bench/results/patterns-<language>.md)',
    env: silenceJsiiNode20,
  });
  benchPatternsJava.spawn(project.compileTask);
  benchPatternsJava.spawn(packageJava);
  // `compile` installs the packaged jar, writes target/classpath.txt and compiles PatternsChild.
  benchPatternsJava.exec(`mvn -B -q -f bench/java/pom.xml compile ${mavenVersion}`);
  benchPatternsJava.exec(`${driver} --language=java`, { receiveArgs: true });
  const benchPatternsPython = project.addTask('bench:patterns:python', {
    description: 'The README\'s patterns from Python, a fresh interpreter per run (writes bench/results/patterns-<language>.md)',
    env: silenceJsiiNode20,
  });
  benchPatternsPython.spawn(project.compileTask);
  benchPatternsPython.spawn(packagePython);
  benchPatternsPython.exec(`node scripts/python.js bench-patterns ${pythonArgs}`, { receiveArgs: true });
  const benchProfile = project.addTask('bench:profile', {
    description: 'CPU profile of the benchmark app, summarized by owner and function',
    env: silenceJsiiNode20,
  });
  benchProfile.spawn(project.compileTask);
  benchProfile.exec('ts-node -T --project tsconfig.dev.json bench/profile.ts', { receiveArgs: true });
}
