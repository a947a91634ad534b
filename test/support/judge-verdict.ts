/**
 * A judge's verdict on one document, for tests that expect a refusal: `init -backend=false` and
 * `validate -json`, offline, where (unlike `validate` in judges.ts) a failing init is a verdict (a
 * duplicate backend block fails there), not a harness error.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { remembered } from './judge-memo';
import { judgeEnv, networkSandbox, runJudge } from './judges';

export interface Verdict {
  /** init and validate both succeeded and validate found no error. */
  readonly accepted: boolean;
  /** Error texts (summary and detail), from init when it failed, otherwise from validate. */
  readonly errors: string[];
  readonly dir: string;
}

/** Runs `binary` on a fresh directory holding `main.tf.json` = `document`. */
export function judge(binary: string, document: string, extraEnv: Record<string, string> = {}): Verdict {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'judge-'));
  fs.writeFileSync(path.join(dir, 'main.tf.json'), document);
  // (an offline verdict on the document alone: remembered under the key of what the judge reads, test/support/judge-memo.ts)
  const verdict = remembered(binary, { run: 'judge', sandbox: networkSandbox().description, document, extraEnv }, () => {
    const env = judgeEnv(extraEnv);
    const init = runJudge(binary, ['init', '-backend=false', '-input=false', '-no-color'], { cwd: dir, env });
    if (init.error) throw init.error;
    // (the run's directory is the same in every output: named by a placeholder, put back below)
    if (init.status !== 0) return { accepted: false, errors: [`${init.stdout}\n${init.stderr}`.split(dir).join('<dir>')] };
    const r = runJudge(binary, ['validate', '-json', '-no-color'], { cwd: dir, env });
    if (r.error) throw r.error;
    const out = JSON.parse(r.stdout);
    const errors = (out.diagnostics ?? [])
      .filter((d: any) => d.severity === 'error')
      .map((d: any) => `${d.summary}${d.detail ? `: ${d.detail}` : ''}`.split(dir).join('<dir>'));
    return { accepted: out.valid === true && errors.length === 0, errors };
  });
  return { ...verdict, errors: verdict.errors.map((e: string) => e.split('<dir>').join(dir)), dir };
}
