import { cdktf, github } from 'projen';
import { JUDGE_ROWS } from '../test/support/judge-rows';

/** The install steps of the judges and of the storage emulators, which the test tiers spawn (projenrc/tiers.ts). */
export function setupJudges(project: cdktf.ConstructLibraryCdktf): { judges: string; emulators: string } {
  // One place decides where built test tools (judges, emulators) are cached: scripts/cache-dir.js.
  // Every task is told the result, so bash, jest, pytest and JUnit read the same path even when
  // $HOME and the account's home differ.
  project.tasks.addEnvironment('STATE_BACKENDS_CACHE', '$(node scripts/cache-dir.js)');
  // The tests judge the generated configurations with the judges of test/support/judge-rows.ts (bash
  // reads its view scripts/judges.txt): terraform on PATH, Terraform built from its source archive or
  // the Go module proxy, and OpenTofu built from the proxy, into a per-version cache. The tiers that
  // run the tools build them first.
  const judges = project.addTask('judges', {
    description: 'Builds the Terraform and OpenTofu judges the tests use (Go 1.26+; about 3 to 10 minutes per version the first time)',
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
  return { judges: judges.name, emulators: emulators.name };
}

/**
 * The release workflow's steps that put the Terraform judges in place: the one on PATH with
 * hashicorp/setup-terraform, each built one as HashiCorp's release binary (checked against its
 * SHA256SUMS), named by the variable the suites read in place of the cached build.
 */
export function terraformJudgeSteps(): github.workflows.JobStep[] {
  return JUDGE_ROWS.filter((r) => r.tool === 'terraform').map((r) => {
    if (r.build.from === 'path') {
      return { name: `Set up terraform ${r.version} (a judge, on PATH)`, uses: 'hashicorp/setup-terraform@v3', with: { terraform_version: r.version, terraform_wrapper: false } };
    }
    const v = r.version;
    return {
      name: `Set up Terraform ${v} (a judge)`,
      run: [
        'cd "$RUNNER_TEMP"',
        `curl -fsSLO https://releases.hashicorp.com/terraform/${v}/terraform_${v}_linux_amd64.zip`,
        `curl -fsSLO https://releases.hashicorp.com/terraform/${v}/terraform_${v}_SHA256SUMS`,
        `sha256sum --check --ignore-missing terraform_${v}_SHA256SUMS`,
        `unzip -o -d terraform-${v} terraform_${v}_linux_amd64.zip`,
        `echo "STATE_BACKENDS_TERRAFORM_${v.replace(/\./g, '_')}=$RUNNER_TEMP/terraform-${v}/terraform" >> "$GITHUB_ENV"`,
      ].join('\n'),
    };
  });
}
