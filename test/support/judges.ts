/**
 * Judges beside terraform: any tool binary (terraform or an OpenTofu judge built by
 * scripts/judges.sh) runs `init -backend=false` and `validate -json` on one document, offline.
 * Unlike `validate` in terraform.ts, a failing init is a verdict here (a duplicate backend block
 * fails there), not a harness error.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export interface Verdict {
  /** init and validate both succeeded and validate found no error. */
  readonly accepted: boolean;
  /** Error texts (summary and detail), from init when it failed, otherwise from validate. */
  readonly errors: string[];
  readonly dir: string;
}

let cliConfig: string | undefined;

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  if (!cliConfig) {
    cliConfig = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'judgecli-')), 'cli.tfrc');
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

/** Runs `binary` on a fresh directory holding `main.tf.json` = `document`. */
export function judge(binary: string, document: string, extraEnv: Record<string, string> = {}): Verdict {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'judge-'));
  fs.writeFileSync(path.join(dir, 'main.tf.json'), document);
  const e = env(extraEnv);
  const init = spawnSync(binary, ['init', '-backend=false', '-input=false', '-no-color'], { cwd: dir, env: e, encoding: 'utf8' });
  if (init.error) throw init.error;
  if (init.status !== 0) return { accepted: false, errors: [`${init.stdout}\n${init.stderr}`], dir };
  const r = spawnSync(binary, ['validate', '-json', '-no-color'], { cwd: dir, env: e, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  const out = JSON.parse(r.stdout);
  const errors = (out.diagnostics ?? [])
    .filter((d: any) => d.severity === 'error')
    .map((d: any) => `${d.summary}${d.detail ? `: ${d.detail}` : ''}`);
  return { accepted: out.valid === true && errors.length === 0, errors, dir };
}

/** Where scripts/judges.sh puts the OpenTofu judge of `version`. */
export function tofuPath(version: string): string {
  return path.join(os.homedir(), '.cache', 'cdktf-state-backends', 'tofu', version, 'tofu');
}

/**
 * The OpenTofu judge of `version`, or undefined with a loud message when it was not built. Missing
 * is a failure only when the judges task ran (JUDGES_REQUIRED=1).
 */
export function requireTofu(version: string): string | undefined {
  const binary = tofuPath(version);
  let ok = false;
  try {
    fs.accessSync(binary, fs.constants.X_OK);
    ok = spawnSync(binary, ['version'], { env: env({}), encoding: 'utf8' }).status === 0;
  } catch {
    ok = false;
  }
  if (ok) return binary;
  const message = `\n!!! no OpenTofu ${version} judge at ${binary}; run scripts/judges.sh to build it. The OpenTofu checks are skipped\n`;
  if (process.env.JUDGES_REQUIRED === '1') throw new Error(message);
  // eslint-disable-next-line no-console
  console.warn(message);
  return undefined;
}
