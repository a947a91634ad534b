/**
 * The offline init judge: `init` of a backend block with dummy credentials, without network (the
 * judges' sandbox), so that the tool configures the backend and its SDK builds its first request.
 * What the tool or the SDK refuses before any request shows in the output (TF_LOG=debug: the COS
 * SDK's refusal is only logged); anything else fails later, reaching for the network. A run is cut
 * off after `timeout` ms: some SDKs retry an unreachable host for minutes, which only shows that
 * nothing was refused locally.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Judge, judgeEnv, networkSandbox } from './judges';

export interface InitVerdict {
  /** The tool, its SDK or Go's URL and name checks refused the block before any request. */
  readonly refusedLocally: boolean;
  /** What the run printed (debug log included), for messages. */
  readonly output: string;
}

/**
 * Runs `init` of `backend` (`{ <name>: { ...attributes } }`) with `env` added, and decides whether
 * it was refused before any request: `localRefusal` matches what the tool says then.
 */
export function initOffline(
  judge: Judge,
  backend: Record<string, unknown>,
  env: Record<string, string>,
  localRefusal: RegExp,
  timeout = 20_000,
): InitVerdict {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${judge.tool}-init-`));
  fs.writeFileSync(path.join(dir, 'main.tf.json'), JSON.stringify({ terraform: { backend } }));
  const [command, ...args] = [...networkSandbox().prefix, judge.binary, 'init', '-input=false', '-no-color'];
  const r = spawnSync(command, args, {
    cwd: dir,
    env: judgeEnv({ TF_LOG: 'debug', HOME: dir, ...env }),
    encoding: 'utf8',
    timeout,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  fs.rmSync(dir, { recursive: true, force: true });
  if (r.status === 0) throw new Error(`${judge.name} init succeeded without network, which no backend can:\n${output.slice(-2000)}`);
  return { refusedLocally: localRefusal.test(output), output };
}
