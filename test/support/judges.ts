/**
 * The real tools as judges: `init -backend=false` then `validate -json` on configurations that only
 * hold `terraform_remote_state` data sources. Their `config` is checked against the same backend
 * schemas as a backend block, offline: no backend is initialised and no provider is downloaded.
 *
 * The judges are the rows of test/support/judge-rows.ts (the one list every language's suite
 * reads, the others through its view scripts/judges.txt): `terraform` on PATH (its row's release in CI),
 * Terraform built from its source archive or from the Go module proxy, and the OpenTofu releases
 * built from the proxy, by `scripts/judges.sh` into a cache keyed by version
 * (`STATE_BACKENDS_OPENTOFU_JUDGES` replaces the OpenTofu versions;
 * `STATE_BACKENDS_TERRAFORM_<x_y_z>` names a Terraform binary in place of the cached build). A
 * listed judge that is missing fails the run under `CI` and is skipped, loudly, elsewhere. Each
 * tier runs the judges whose row names it (`requireJudges(tier)`); a row limited to some rules runs
 * in their tests only (`ruleJudges(id)`).
 *
 * Where the machine allows it, every judge runs in a network namespace of its own (`unshare -n`
 * as root, `unshare -rn` otherwise), so a check that would need the network fails instead of
 * reaching out.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { remembered } from './judge-memo';
import { EVERY_TIER, JUDGE_ROWS, JudgeRow, JudgeTier } from './judge-rows';
import { ParsedTarget, ToolName } from '../../src/private/target/target';

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

/** One tool binary at one version. */
export interface Judge {
  readonly tool: ToolName;
  readonly version: string;
  /** The executable to run. */
  readonly binary: string;
  /** `<tool> <version>`, e.g. `opentofu 1.10.7`. */
  readonly name: string;
  /** The library target matching this judge. */
  readonly target: ParsedTarget;
  /** The row it was listed by (its tiers, how it is built). */
  readonly row: JudgeRow;
}

const ROOT = path.join(__dirname, '..', '..');

/**
 * The judge rows (test/support/judge-rows.ts), the OpenTofu rows replaced by
 * `STATE_BACKENDS_OPENTOFU_JUDGES` (space-separated, for a wider matrix) when it is set: a listed
 * version keeps its row, another is built from the Go module proxy and runs in every tier.
 */
export function listedJudges(): JudgeRow[] {
  const override = process.env.STATE_BACKENDS_OPENTOFU_JUDGES?.trim();
  if (!override) return [...JUDGE_ROWS];
  const tofu = override.split(/\s+/).map((version) => JUDGE_ROWS.find((r) => r.tool === 'opentofu' && r.version === version)
    ?? { tool: 'opentofu' as const, version, build: { from: 'proxy' as const }, tiers: EVERY_TIER, why: 'STATE_BACKENDS_OPENTOFU_JUDGES' });
  return [...JUDGE_ROWS.filter((r) => r.tool !== 'opentofu'), ...tofu];
}

/** `tool@version` of every listed judge, whether or not this machine has it. */
export function listedJudgeTargets(): string[] {
  return listedJudges().map((j) => `${j.tool}@${j.version}`);
}

/**
 * The cache of built test tools, as scripts/cache-dir.js decides it (the one place that does):
 * `npm test` passes it to every suite as STATE_BACKENDS_CACHE; a suite run on its own
 * resolves it the same way.
 */
export function cacheRoot(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { cacheDir } = require(path.join(ROOT, 'scripts', 'cache-dir.js')) as { cacheDir: () => string };
  return cacheDir();
}

/** Where `scripts/judges.sh` puts OpenTofu `version`. */
export function opentofuBinary(version: string): string {
  return path.join(cacheRoot(), 'tofu', version, 'tofu');
}

/**
 * The binary of a listed judge: `terraform` for the one on PATH; for a built Terraform, the binary
 * `STATE_BACKENDS_TERRAFORM_<x_y_z>` names, else where `scripts/judges.sh` builds it.
 */
export function listedBinary(j: JudgeRow): string {
  if (j.build.from === 'path') return 'terraform';
  if (j.tool === 'opentofu') return opentofuBinary(j.version);
  return process.env[`STATE_BACKENDS_TERRAFORM_${j.version.replace(/\./g, '_')}`] || path.join(cacheRoot(), 'terraform', j.version, 'terraform');
}

let cliConfig: string | undefined;
/** The environment every judge runs in: no checkpoint calls, no input, an empty CLI config. */
export function judgeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  if (!cliConfig) {
    cliConfig = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tfcli-')), 'empty.tfrc');
    fs.writeFileSync(cliConfig, '');
  }
  return {
    ...process.env,
    CHECKPOINT_DISABLE: '1',
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    NO_COLOR: '1',
    TF_CLI_CONFIG_FILE: cliConfig,
    ...extra,
  };
}

let sandbox: { prefix: string[]; description: string } | undefined;

/**
 * The command prefix that cuts a judge off the network: `unshare -n` as root, `unshare -rn` (a
 * user namespace) where unprivileged namespaces are allowed, nothing elsewhere.
 */
export function networkSandbox(): { readonly prefix: readonly string[]; readonly description: string } {
  if (!sandbox) {
    sandbox = { prefix: [], description: 'with the network (this machine cannot run unshare -n)' };
    if (process.platform === 'linux') {
      for (const flags of process.getuid?.() === 0 ? [['-n'], ['-r', '-n']] : [['-r', '-n']]) {
        if (spawnSync('unshare', [...flags, 'true']).status === 0) {
          sandbox = { prefix: ['unshare', ...flags, '--'], description: `without network (unshare ${flags.join(' ')})` };
          break;
        }
      }
    }
  }
  return sandbox;
}

/** Runs a judge's binary in the sandbox. */
export function runJudge(binary: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const [command, ...rest] = [...networkSandbox().prefix, binary, ...args];
  return spawnSync(command, rest, { cwd: options.cwd, env: options.env ?? judgeEnv(), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

interface Discovery {
  readonly judges: Judge[];
  readonly problems: string[];
}

let discovered: Discovery | undefined;

function discover(): Discovery {
  if (discovered) return discovered;
  // The fast loop (`npx projen test:fast`) runs without judges, on purpose and silently.
  if (judgesOff()) return (discovered = { judges: [], problems: [] });
  const judges: Judge[] = [];
  const problems: string[] = [];
  const probe = (listed: JudgeRow) => {
    const { tool, build } = listed;
    const binary = listedBinary(listed);
    const expected = build.from === 'path' ? undefined : listed.version;
    const r = runJudge(binary, ['version', '-json']);
    if (r.error || r.status !== 0) {
      const why = r.error?.message ?? r.stderr.trim();
      problems.push(build.from === 'path'
        ? `terraform is not on PATH (${why}); install Terraform (${listed.version} in CI) to run the tool checks`
        : `${tool === 'terraform' ? 'Terraform' : 'OpenTofu'} ${expected} is not at ${binary} (${why}); run \`npx projen judges\` (needs Go 1.26+` +
          (build.from === 'archive' ? `, and the source archive or STATE_BACKENDS_TERRAFORM_${listed.version.replace(/\./g, '_')}; see CONTRIBUTING.md)` : ')'));
      return;
    }
    const version: string = JSON.parse(r.stdout).terraform_version;
    if (expected && version !== expected) {
      problems.push(`${binary} reports version ${version}, expected ${expected}`);
      return;
    }
    // terraform on PATH may be any release (the list gives CI's); one already judging is not run twice.
    if (judges.some((j) => j.tool === tool && j.version === version)) return;
    judges.push({ tool, version, binary, name: `${tool} ${version}`, target: { tool, version }, row: listed });
  };
  for (const listed of listedJudges()) probe(listed);
  discovered = { judges, problems };
  return discovered;
}

/** `STATE_BACKENDS_JUDGES=off`: the suites skip every judge (the fast loop sets it). */
export function judgesOff(): boolean {
  return process.env.STATE_BACKENDS_JUDGES === 'off';
}

/**
 * Call at the top of a suite that needs the judges: the available ones that `tier` runs. A missing
 * judge is reported loudly; under CI that is a failure, elsewhere its checks are skipped.
 */
export function requireJudges(tier: JudgeTier = 'judges'): Judge[] {
  const { judges, problems } = discover();
  if (problems.length > 0) {
    const message = problems.map((p) => `\n!!! ${p}`).join('') + '\n';
    if (process.env.CI) throw new Error(message);
    // eslint-disable-next-line no-console
    console.warn(message);
  }
  return judges.filter((j) => j.row.tiers.includes(tier));
}

/**
 * The judges limited to rule `id` (a row's `rules`, test/support/judge-rows.ts): a release before the
 * one where the rule's verdict changes, which no judge of the tables reaches. Missing ones are
 * reported as `requireJudges` does.
 */
export function ruleJudges(id: string): Judge[] {
  requireJudges();
  return discover().judges.filter((j) => j.row.rules?.includes(id));
}

/** The Terraform judges present (on PATH first, then those built) that the judges tier runs; see `requireJudges`. */
export function terraformJudges(): Judge[] {
  return discover().judges.filter((j) => j.tool === 'terraform' && j.row.tiers.includes('judges'));
}

/**
 * The judge of exactly `tool@version`, for verdicts written for that release, or undefined: another
 * release of the tool is not a judge for them. A missing judge is said loudly, and under CI a
 * missing listed judge is a failure (as in `requireJudges`).
 */
export function judgeFor(target: string): Judge | undefined {
  const found = requireJudges().find((j) => `${j.tool}@${j.version}` === target);
  if (found || judgesOff()) return found;
  const listed = listedJudgeTargets().includes(target);
  const message = `\n!!! no judge is ${target} (${listed ? 'listed in test/support/judge-rows.ts but not on this machine' : 'test/support/judge-rows.ts does not list it'}); its verdicts are not checked\n`;
  if (listed && process.env.CI) throw new Error(message);
  // eslint-disable-next-line no-console
  console.warn(message);
  return undefined;
}

/**
 * `describe.each` over the judges, naming each suite after its judge; with no judge at all, one
 * skipped suite says so (jest refuses an empty table).
 */
export function describeEachJudge(title: string, judges: readonly Judge[], body: (judge: Judge) => void): void {
  if (judges.length === 0) {
    describe.skip(`${title} (no judge available)`, () => test.todo('install terraform or build the OpenTofu judges'));
    return;
  }
  describe.each(judges.map((j) => [j.name, j] as const))(`%s: ${title}`, (_name, judge) => body(judge));
}

/**
 * Writes `files` to a fresh directory and runs the judge's init (no backend) and validate there,
 * with `extraEnv` added to the environment.
 */
export function validate(judge: Judge, files: Record<string, string>, extraEnv: Record<string, string> = {}): ValidateResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${judge.tool}-validate-`));
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), content);
  }
  // (an offline verdict on the files alone: remembered under the key of what the judge reads, test/support/judge-memo.ts)
  const verdict = remembered(judge.binary, { run: 'validate', sandbox: networkSandbox().description, files, extraEnv }, () => initAndValidate(judge, dir, judgeEnv(extraEnv)));
  return { ...verdict, dir };
}

/** `init -backend=false` and `validate -json` of `judge` in `dir`; `what` names the set-up in an error (`with hashicorp/google`). */
export function initAndValidate(judge: Judge, dir: string, env: NodeJS.ProcessEnv, what = ''): { valid: boolean; diagnostics: Diagnostic[] } {
  const init = runJudge(judge.binary, ['init', '-backend=false', '-input=false', '-no-color'], { cwd: dir, env });
  if (init.error || init.status !== 0) {
    throw new Error(`${judge.name} init${what ? ` ${what}` : ''} failed in ${dir}:\n${init.stdout ?? ''}${init.stderr ?? ''}${init.error?.message ?? ''}`);
  }
  const r = runJudge(judge.binary, ['validate', '-json'], { cwd: dir, env });
  let out: { valid: boolean; diagnostics?: Diagnostic[] };
  try {
    out = JSON.parse(r.stdout);
  } catch {
    throw new Error(`${judge.name} validate printed no JSON in ${dir}:\n${r.stdout}${r.stderr}`);
  }
  return { valid: out.valid, diagnostics: out.diagnostics ?? [] };
}

/** Runs `init` (providers included) in a fresh directory holding `files`; for the offline proof. */
export function initWithProviders(judge: Judge, files: Record<string, string>): { status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${judge.tool}-init-`));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  const r = runJudge(judge.binary, ['init', '-input=false'], { cwd: dir });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
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
