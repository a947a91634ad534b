/**
 * Runs a real OpenTofu judge (`init`, `plan`, `apply`) on configurations the tests synthesize.
 *
 * The judges are built from the Go module proxy by scripts/judges.sh into
 * `${STATE_BACKENDS_CACHE:-~/.cache/cdktf-state-backends}/tofu/<version>/tofu`. Runs are
 * offline: an empty CLI config, no checkpoint calls, local backends only, no providers; and, when
 * the tests run as root and the kernel allows it, inside a network namespace without network
 * (`unshare -n`), so a KMS key provider can only fail to reach its service.
 */
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { rememberedAsync, remembered } from './judge-memo';
import { judgesOff, listedJudges, opentofuBinary } from './judges';
import { ENCRYPTION_SINCE } from '../../src/private/encryption/schema';
import { NEWEST_KNOWN, compareVersions } from '../../src/private/target/target';

/** The OpenTofu release the encryption tests judge with: the newest known one. */
export const TOFU_VERSION = NEWEST_KNOWN.opentofu;

/** Every OpenTofu judge of the judges tier that has state encryption, oldest first (TOFU_VERSION among them). */
export function encryptionJudges(): string[] {
  return listedJudges()
    .filter((j) => j.tool === 'opentofu' && j.tiers.includes('judges') && compareVersions(j.version, ENCRYPTION_SINCE) >= 0)
    .map((j) => j.version)
    .sort(compareVersions);
}

/** Where scripts/judges.sh puts the binary of `version`. */
export function tofuPath(version = TOFU_VERSION): string {
  return opentofuBinary(version);
}

/**
 * The binary of `version`, or undefined when it is missing: loudly, and under CI as a failure.
 * Call it at the top of a suite.
 */
export function requireTofu(version = TOFU_VERSION): string | undefined {
  if (judgesOff()) return undefined;
  const bin = tofuPath(version);
  if (fs.existsSync(bin)) return bin;
  const message = `\n!!! OpenTofu ${version} judge missing at ${bin}; build it with: bash scripts/judges.sh ${version}\n`;
  if (process.env.CI) throw new Error(message);
  // eslint-disable-next-line no-console
  console.warn(message);
  return undefined;
}

let cliConfig: string | undefined;
let isolation: boolean | undefined;

/** Whether runs go through `unshare -n` (root, and the kernel allows a new network namespace). */
export function networkIsolated(): boolean {
  if (isolation === undefined) {
    isolation = process.getuid?.() === 0 && spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  }
  return isolation;
}

export interface TofuResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, for matching messages. */
  readonly output: string;
  /** The command line, for reports. */
  readonly command: string;
}

function invocation(dir: string, args: readonly string[], env: Record<string, string>, version: string) {
  if (!cliConfig) {
    cliConfig = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tofucli-')), 'tofurc');
    fs.writeFileSync(cliConfig, '');
  }
  const runEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TF_CLI_CONFIG_FILE: cliConfig,
    CHECKPOINT_DISABLE: '1',
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    ...env,
  };
  const bin = tofuPath(version);
  const [cmd, argv] = networkIsolated() ? ['unshare', ['-n', bin, ...args]] : [bin, [...args]];
  return { cmd, argv, options: { cwd: dir, env: runEnv }, command: `tofu ${args.join(' ')}` };
}

function result(status: number | null, stdout: string, stderr: string, command: string): TofuResult {
  return { status: status ?? -1, stdout, stderr, output: `${stdout}\n${stderr}`, command };
}

/**
 * Runs `tofu <args>` in `dir` with `env` added to a clean, offline environment (pass `-no-color`
 * for plain-text messages).
 */
export function tofu(dir: string, args: readonly string[], env: Record<string, string> = {}, version = TOFU_VERSION): TofuResult {
  const { cmd, argv, options, command } = invocation(dir, args, env, version);
  const r = spawnSync(cmd, argv, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 150_000 });
  if (r.error) throw r.error;
  return result(r.status, r.stdout ?? '', r.stderr ?? '', command);
}

/**
 * `tofu` without blocking, for runs that mostly wait (a KMS client retrying an unreachable
 * service for a minute): several of them run side by side.
 */
export function tofuAsync(dir: string, args: readonly string[], env: Record<string, string> = {}, version = TOFU_VERSION): Promise<TofuResult> {
  const { cmd, argv, options, command } = invocation(dir, args, env, version);
  return new Promise((done, fail) => {
    const child = spawn(cmd, argv, options);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done(result(status, stdout, stderr, command));
    });
  });
}

/** A fresh directory holding `files`. */
export function workDir(files: Record<string, string>, prefix = 'tofuenc-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

/** `tofu init` then `tofu plan` (or `apply -auto-approve`); stops at the first failure. */
export function initAnd(dir: string, step: 'plan' | 'apply', env: Record<string, string> = {}, version = TOFU_VERSION): TofuResult {
  const init = tofu(dir, ['init', '-input=false', '-no-color'], env, version);
  if (init.status !== 0) return init;
  return tofu(dir, step === 'plan' ? ['plan', '-input=false', '-no-color'] : ['apply', '-input=false', '-auto-approve', '-no-color'], env, version);
}

/** A result with the run's directory named by a placeholder (`dir`) or named again (`back`). */
function renamed(r: TofuResult, from: string, to: string): TofuResult {
  const swap = (t: string) => t.split(from).join(to);
  return { ...r, stdout: swap(r.stdout), stderr: swap(r.stderr), output: swap(r.output) };
}

/**
 * `initAnd` on a fresh directory holding `files`, which nothing reads afterwards: an offline
 * verdict on the files alone, remembered under the key of what OpenTofu reads (test/support/judge-memo.ts).
 */
export function freshRun(files: Record<string, string>, step: 'plan' | 'apply', env: Record<string, string> = {}, version = TOFU_VERSION): TofuResult {
  const dir = workDir(files);
  const inputs = { run: 'tofu-fresh', isolated: networkIsolated(), files, step, env };
  return renamed(remembered(tofuPath(version), inputs, () => renamed(initAnd(dir, step, env, version), dir, '<dir>')), '<dir>', dir);
}

/**
 * `tofu init` on a fresh directory holding `files`, without blocking (a KMS client that waits for
 * its service), remembered as `freshRun` is; a run cut off by the time limit is not kept.
 */
export async function freshInit(files: Record<string, string>, env: Record<string, string> = {}, version = TOFU_VERSION): Promise<TofuResult> {
  const dir = workDir(files);
  const inputs = { run: 'tofu-fresh-init', isolated: networkIsolated(), files, env };
  const r = await rememberedAsync(tofuPath(version), inputs,
    async () => renamed(await tofuAsync(dir, ['init', '-input=false', '-no-color'], env, version), dir, '<dir>'), (answer) => answer.status !== -1);
  return renamed(r, '<dir>', dir);
}

/** Diagnostics (the `Error:` paragraphs) of a run, whitespace collapsed. */
export function errorsOf(r: TofuResult): string[] {
  return r.output
    .split(/\n(?=(?:│ )?Error: )/)
    .filter((p) => /^(?:│ )?Error: /.test(p))
    .map((p) => p.replace(/│/g, ' ').replace(/\s+/g, ' ').trim());
}
