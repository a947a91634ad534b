/**
 * The real providers judge the resources the state stores emit: `validateStacks` runs `init`
 * (offline, from the providers' filesystem mirror, no backend) and `validate -json` on synthesized
 * stacks with every judge, and returns the verdicts.
 *
 * The providers are the rows of test/support/provider-rows.ts, built by `scripts/providers.sh`
 * (`npx projen providers`, which the judges tier runs first) into the cache and installed in a
 * mirror that Terraform and OpenTofu read through a generated CLI config, never a registry. A
 * provider that is not built fails the run under `CI` and is skipped, loudly, elsewhere
 * (`builtProvider`); a row marked `doesNotBuild` is never built, and its resources are held to
 * the schema read from its source (test/support/provider-schemas.ts) instead.
 *
 *   const verdicts = validateStacks('google', [stackDir]);        // one per judge and stack
 *   expect(verdicts.filter((v) => !v.valid)).toEqual([]);
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { binaryIdentity, remembered } from './judge-memo';
import { Diagnostic, Judge, cacheRoot, initAndValidate, judgeEnv, judgesOff, requireJudges } from './judges';
import { ProviderRow, providerRow } from './provider-rows';

/** One judge's verdict on one stack. */
export interface ProviderVerdict {
  readonly judge: Judge;
  /** The stack's directory, as given. */
  readonly stack: string;
  readonly valid: boolean;
  readonly diagnostics: Diagnostic[];
  /** Where the judge ran, or would have (the stack's configuration files are kept there). */
  readonly workDir: string;
}

/** `<cache>/providers`: the built providers, their mirror and the CLI config that names it. */
export function providersDir(): string {
  return path.join(cacheRoot(), 'providers');
}

/** The binary `STATE_BACKENDS_PROVIDER_<NAME>` names, else where `scripts/providers.sh` builds a row's. */
export function providerBinary(row: ProviderRow): string {
  return process.env[`STATE_BACKENDS_PROVIDER_${row.name.toUpperCase()}`]
    || path.join(providersDir(), row.name, row.version, `terraform-provider-${row.name}`);
}

/** The CLI config (TF_CLI_CONFIG_FILE) whose only installation method is the mirror. */
export function providersCliConfig(): string {
  return path.join(providersDir(), 'providers.tfrc');
}

/** Whether the mirror serves `row` to both tools (scripts/providers.sh links a provider there once it runs). */
function mirrored(row: ProviderRow): boolean {
  if (!fs.existsSync(providersCliConfig())) return false;
  return ['registry.terraform.io', 'registry.opentofu.org'].every((host) => {
    const dir = path.join(providersDir(), 'mirror', host, row.namespace, row.name, row.version);
    return fs.existsSync(dir) && fs.readdirSync(dir).some((platform) => fs.existsSync(path.join(dir, platform, `terraform-provider-${row.name}_v${row.version}`)));
  });
}

/**
 * The row of provider `name` when this machine has it built and mirrored, else undefined: said
 * loudly, and under CI a failure (as a missing judge is); silently for a row that does not build here.
 */
export function builtProvider(name: string): ProviderRow | undefined {
  const row = providerRow(name);
  if (judgesOff() || row.doesNotBuild) return undefined;
  if (fs.existsSync(providerBinary(row)) && mirrored(row)) return row;
  const message = `\n!!! provider ${row.namespace}/${row.name} ${row.version} is not built at ${providerBinary(row)} or not in the mirror; run \`npx projen providers\` (needs Go 1.26+; see CONTRIBUTING.md); its checks are skipped\n`;
  if (process.env.CI) throw new Error(message);
  // eslint-disable-next-line no-console
  console.warn(message);
  return undefined;
}

/** `hashicorp/google` from `google`, `registry.terraform.io/hashicorp/google` or `Hashicorp/Google`. */
function sourceAddress(source: string): string {
  const parts = source.toLowerCase().split('/');
  return (parts.length === 1 ? ['hashicorp', ...parts] : parts.slice(-2)).join('/');
}

/** The stack's configuration files (`*.tf.json`, `*.tf`), checked to require the provider of `row`. */
function stackFiles(row: ProviderRow, stack: string): string[] {
  const files = fs.readdirSync(stack).filter((f) => /\.tf(\.json)?$/.test(f));
  const required = files.filter((f) => f.endsWith('.json')).flatMap((f) => {
    const doc = JSON.parse(fs.readFileSync(path.join(stack, f), 'utf8'));
    return Object.values<{ source?: string }>(doc.terraform?.required_providers ?? {}).map((p) => sourceAddress(p.source ?? ''));
  });
  if (files.length === 0 || (files.every((f) => f.endsWith('.json')) && !required.includes(`${row.namespace}/${row.name}`))) {
    throw new Error(`${stack} holds no configuration whose terraform.required_providers names ${row.namespace}/${row.name} (found: ${required.join(', ') || 'none'})`);
  }
  return files;
}

/**
 * Runs `init -backend=false` (providers from the mirror only, offline) and `validate -json` on each
 * stack directory (a synthesized cdktf stack: cdk.tf.json with `terraform.required_providers`
 * naming the provider, `provider` and `resource` blocks) with each judge, in a fresh directory per
 * judge and stack. Returns one verdict per judge and stack, or none when the provider is not built
 * (`builtProvider` says so). An `init` that fails (a version constraint the mirror's version does
 * not meet, a provider the mirror lacks) throws with its output.
 *
 * A verdict is remembered (test/support/judge-memo.ts) under the judge's key and what else the run
 * reads: the provider's build identity, the CLI config naming the mirror, the configuration files
 * and this file; a verdict under the same key is replayed instead of asked again.
 */
export function validateStacks(name: string, stacks: readonly string[], judges: readonly Judge[] = requireJudges()): ProviderVerdict[] {
  const row = builtProvider(name);
  if (!row) return [];
  const verdicts: ProviderVerdict[] = [];
  const provider = [`${row.namespace}/${row.name}@${row.version}`, binaryIdentity(providerBinary(row)), fs.readFileSync(providersCliConfig(), 'utf8'), harness()];
  for (const stack of stacks) {
    const files = stackFiles(row, stack);
    const contents = files.map((f) => [f, fs.readFileSync(path.join(stack, f), 'utf8')]);
    for (const judge of judges) {
      const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `${judge.tool}-${row.name}-`));
      for (const f of files) fs.copyFileSync(path.join(stack, f), path.join(workDir, f));
      const answer = remembered(judge.binary, ['providers/validate', ...provider, contents], () => validateIn(judge, row, workDir));
      verdicts.push({ judge, stack, ...answer, workDir });
    }
  }
  return verdicts;
}

let source: string | undefined;
/** This file's text, in the key of each verdict: the code that runs the judge. */
function harness(): string {
  source ??= fs.readFileSync(__filename, 'utf8');
  return source;
}

/** `init -backend=false` and `validate -json` of `judge` in `workDir`, offline from the mirror. */
function validateIn(judge: Judge, row: ProviderRow, workDir: string): { valid: boolean; diagnostics: Diagnostic[] } {
  const env = judgeEnv({ TF_CLI_CONFIG_FILE: providersCliConfig() });
  try {
    return initAndValidate(judge, workDir, env, `with ${row.namespace}/${row.name}`);
  } finally {
    // What init installed (links to the mirror, or a copy of a large binary) goes; the config stays.
    fs.rmSync(path.join(workDir, '.terraform'), { recursive: true, force: true });
  }
}
