import { cdktf } from 'projen';

/** The judges, the emulators, the fast loop and the run-time suite. */
export function setupJudges(project: cdktf.ConstructLibraryCdktf): void {
  // One place decides where built test tools (judges, emulators) are cached: scripts/cache-dir.js.
  // Every task is told the result, so bash, jest, pytest and JUnit read the same path even when
  // $HOME and the account's home differ.
  project.tasks.addEnvironment('STATE_BACKENDS_CACHE', '$(node scripts/cache-dir.js)');
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
  // module proxy into the same per-version cache, the project's TableStore fake (test/support/
  // tablestore-fake, built the same way, keyed by the hash of its sources), moto in a virtual
  // environment there (from PyPI), and Azurite, a devDependency. Checked before the suites.
  const emulators = project.addTask('emulators', {
    description: 'Installs the storage emulators the run-time judges use (fake-gcs-server and the TableStore fake from the Go module proxy; moto from PyPI; Azurite from npm)',
    exec: 'bash scripts/emulators.sh',
  });
  project.testTask.prependSpawn(emulators);
  // The one-minute loop a contributor runs after every change: the cdktf flavour's unit and rule
  // suites and a small seeded fuzz sample, without the judges, the emulators, Java or Python (the
  // suites that only judge are left out; the rest skip their judge checks). `npm test` runs it all.
  const testFast = project.addTask('test:fast', {
    description: 'The fast loop (under a minute): cdktf flavour, unit and rule suites, a small fuzz sample; no judges, emulators, Java or Python',
    env: { STATE_BACKENDS_JUDGES: 'off', FUZZ_RUNS_PER_STORE: '1000' },
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
}
