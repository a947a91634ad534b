import { cdktf, github } from 'projen';
import { PROVIDER_ROWS } from '../test/support/provider-rows';

/**
 * The install step of the Terraform providers that create the state stores (test/support/
 * provider-rows.ts, through its view scripts/providers.txt), and the task that reads their resource
 * schemas into test/support/provider-schemas/. The judges tier builds them first (projenrc/tiers.ts).
 */
export function setupProviders(project: cdktf.ConstructLibraryCdktf): { install: string } {
  // Built from the source archives in ../shared/providers (or $STATE_BACKENDS_PROVIDERS_SRC) and
  // the Go module proxy into <cache>/providers, once per machine, and installed in a filesystem
  // mirror for Terraform and OpenTofu (scripts/providers.sh).
  const providers = project.addTask('providers', {
    description: 'Builds the Terraform providers of the state stores the tests validate with (Go 1.26+; about 3 to 10 minutes per provider the first time)',
    exec: 'bash scripts/providers.sh',
    receiveArgs: true,
  });
  project.addTask('providers:schemas', {
    description: 'Writes test/support/provider-schemas/ from the built providers, or from the source of those that do not build (test/support/provider-rows.ts)',
    exec: 'ts-node --project tsconfig.dev.json scripts/provider-schemas.ts',
  });
  return { install: providers.name };
}

/**
 * The release workflow's steps that put in place the providers built from a source archive, which
 * a runner does not have: HashiCorp's release binary of the row's version (checked against its
 * SHA256SUMS), named by the variable scripts/providers.sh and the suites read instead of the
 * cached build. The rows built from the Go module proxy are built there; those that do not build
 * here are not needed.
 */
export function providerReleaseSteps(): github.workflows.JobStep[] {
  return PROVIDER_ROWS.filter((r) => r.build.from === 'archive' && !r.doesNotBuild).map((r) => {
    if (r.namespace !== 'hashicorp') throw new Error(`projenrc/providers.ts: no release binary source for ${r.namespace}/${r.name}`);
    const base = `terraform-provider-${r.name}_${r.version}`;
    return {
      name: `Set up the ${r.name} provider ${r.version} (the release binary)`,
      run: [
        'cd "$RUNNER_TEMP"',
        `curl -fsSLO https://releases.hashicorp.com/terraform-provider-${r.name}/${r.version}/${base}_linux_amd64.zip`,
        `curl -fsSLO https://releases.hashicorp.com/terraform-provider-${r.name}/${r.version}/${base}_SHA256SUMS`,
        `sha256sum --check --ignore-missing ${base}_SHA256SUMS`,
        `unzip -o -d ${base} ${base}_linux_amd64.zip`,
        `echo "STATE_BACKENDS_PROVIDER_${r.name.toUpperCase()}=$(ls "$RUNNER_TEMP"/${base}/terraform-provider-${r.name}_v${r.version}*)" >> "$GITHUB_ENV"`,
      ].join('\n'),
    };
  });
}
