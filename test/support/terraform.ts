/**
 * The real tool as judge: `terraform init -backend=false` then `terraform validate -json` on
 * configurations that only hold `terraform_remote_state` data sources. Their `config` is checked
 * against the same backend schemas as a backend block, offline: nothing here reaches beyond the
 * machine (checkpoint calls are disabled, no backend is initialised, no provider is downloaded).
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export interface Diagnostic {
  readonly severity: string;
  readonly summary: string;
  readonly detail?: string;
  readonly address?: string;
}

export interface ValidateResult {
  readonly valid: boolean;
  readonly diagnostics: Diagnostic[];
  readonly dir: string;
}

const ENV = {
  ...process.env,
  CHECKPOINT_DISABLE: '1',
  TF_IN_AUTOMATION: '1',
  TF_INPUT: '0',
  NO_COLOR: '1',
};

let cached: { version?: string; problem?: string } | undefined;

/** The terraform binary's version, or undefined (with a loud message) when it is missing. */
export function terraformVersion(): string | undefined {
  if (!cached) {
    const r = spawnSync('terraform', ['version', '-json'], { env: withCliConfig(), encoding: 'utf8' });
    if (r.error || r.status !== 0) {
      cached = { problem: `terraform is not on PATH (${r.error?.message ?? r.stderr}); install Terraform 1.11.4 to run the tool checks` };
    } else {
      cached = { version: JSON.parse(r.stdout).terraform_version };
    }
  }
  return cached.version;
}

/**
 * Call at the top of a suite that needs terraform. Without the binary the suite says so loudly;
 * under CI that is a failure, elsewhere the tool checks are skipped.
 */
export function requireTerraform(): string | undefined {
  const version = terraformVersion();
  if (!version) {
    const message = `\n!!! ${cached?.problem}\n`;
    if (process.env.CI) throw new Error(message);
    // eslint-disable-next-line no-console
    console.warn(message);
  }
  return version;
}

let cliConfig: string | undefined;
function withCliConfig(): NodeJS.ProcessEnv {
  if (!cliConfig) {
    cliConfig = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tfcli-')), 'terraformrc');
    fs.writeFileSync(cliConfig, '');
  }
  return { ...ENV, TF_CLI_CONFIG_FILE: cliConfig };
}

/**
 * Writes `files` to a fresh directory and runs init (no backend) and validate there, with
 * `extraEnv` added to the environment.
 */
export function validate(files: Record<string, string>, extraEnv: Record<string, string> = {}): ValidateResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfvalidate-'));
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), content);
  }
  const env = { ...withCliConfig(), ...extraEnv };
  try {
    execFileSync('terraform', ['init', '-backend=false', '-input=false'], { cwd: dir, env, stdio: 'pipe' });
  } catch (e: any) {
    throw new Error(`terraform init failed in ${dir}:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
  const r = spawnSync('terraform', ['validate', '-json'], { cwd: dir, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const out = JSON.parse(r.stdout);
  return { valid: out.valid, diagnostics: out.diagnostics ?? [], dir };
}

/** A `.tf.json` document holding one remote state per entry (address -> backend + config). */
export function remoteStatesDocument(entries: Record<string, { backend: string; config: unknown }>): string {
  const data: Record<string, unknown> = {};
  for (const [address, e] of Object.entries(entries)) {
    data[address] = { backend: e.backend, config: e.config };
  }
  return JSON.stringify({ data: { terraform_remote_state: data } }, null, 1);
}

/**
 * A backend block's attributes as a remote-state config: a nested block (an object in the backend
 * JSON) becomes a one-element list, the form `config` accepts.
 */
export function backendToRemoteConfig(attributes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(attributes)) {
    out[k] = v !== null && typeof v === 'object' && !Array.isArray(v) ? [v] : v;
  }
  return out;
}
