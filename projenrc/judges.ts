import { cdktf, TaskStep } from 'projen';

/** The install steps of the judges and of the storage emulators, which the test tiers spawn (projenrc/tiers.ts). */
export function setupJudges(project: cdktf.ConstructLibraryCdktf): { installJudges: TaskStep; installEmulators: TaskStep } {
  // One place decides where built test tools (judges, emulators) are cached: scripts/cache-dir.js.
  // Every task is told the result, so bash, jest, pytest and JUnit read the same path even when
  // $HOME and the account's home differ.
  project.tasks.addEnvironment('STATE_BACKENDS_CACHE', '$(node scripts/cache-dir.js)');
  // The tests judge the generated configurations with the judges of scripts/judges.txt: terraform on
  // PATH, Terraform built from its source archive, and OpenTofu built from the Go module proxy, into a
  // per-version cache. The tiers that run the tools build them first.
  const judges = project.addTask('judges', {
    description: 'Builds the Terraform (from source) and OpenTofu judges the tests use (Go 1.26+; about 3 and 10 minutes per version the first time)',
    exec: 'bash scripts/judges.sh',
    receiveArgs: true,
  });
  // The run-time judges (test/runtime/) store state on emulators: fake-gcs-server, built from the Go
  // module proxy into the same per-version cache, the project's TableStore fake (test/support/
  // tablestore-fake, built the same way, keyed by the hash of its sources), moto in a virtual
  // environment there (from PyPI), and Azurite, a devDependency.
  const emulators = project.addTask('emulators', {
    description: 'Installs the storage emulators the run-time judges use (fake-gcs-server and the TableStore fake from the Go module proxy; moto from PyPI; Azurite from npm)',
    exec: 'bash scripts/emulators.sh',
  });
  return { installJudges: { spawn: judges.name }, installEmulators: { spawn: emulators.name } };
}
