/**
 * The offline init judge: `init` of a backend block with dummy credentials, without network (the
 * judges' sandbox), so that the tool configures the backend and its SDK builds its first request.
 * What the tool or the SDK refuses before any request shows in the output (TF_LOG=debug: the COS
 * SDK's refusal is only logged); anything else fails later, reaching for the network. A run is cut
 * off after `timeout` ms: some SDKs retry an unreachable host for minutes, which only shows that
 * nothing was refused locally.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { rememberedAsync } from './judge-memo';
import { Judge, judgeEnv, networkSandbox } from './judges';

export interface InitVerdict {
  /** The tool, its SDK or Go's URL and name checks refused the block before any request. */
  readonly refusedLocally: boolean;
  /** What the run printed, for messages: the lines naming an error (the debug log's too), and its last 2,000 characters. */
  readonly output: string;
}

/** A debug log line of a request the SDK sent, or tried to: what comes after every local refusal. */
const REQUESTED = /\[(?:DEBUG|ERROR)\] (?:GET|PUT|POST|HEAD) https?:\/\/|request failed|network is unreachable/;

/** At most this many offline inits at once: a run mostly waits, on a client that retries an unreachable host. */
const AT_ONCE = 8;
let running = 0;
const waiting: Array<() => void> = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Runs `init` of `backend` (`{ <name>: { ...attributes } }`) with `env` added, and decides whether
 * it was refused before any request: `localRefusal` matches what the tool says then. Runs started
 * together wait side by side (AT_ONCE at a time).
 */
export async function initOffline(
  judge: Judge,
  backend: Record<string, unknown>,
  env: Record<string, string>,
  localRefusal: RegExp,
  timeout = 20_000,
): Promise<InitVerdict> {
  const inputs = { run: 'init-offline', sandbox: networkSandbox().description, backend, env, localRefusal: localRefusal.source, timeout };
  // (remembered under the key of what the judge reads, test/support/judge-memo.ts; a run cut off before its log shows a
  // request is not: whether the tool would still have refused depends on how fast the machine was, so the next run asks)
  const { verdict } = await rememberedAsync(judge.binary, inputs, () => inSlot(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${judge.tool}-init-`));
    fs.writeFileSync(path.join(dir, 'main.tf.json'), JSON.stringify({ terraform: { backend } }));
    const [command, ...args] = [...networkSandbox().prefix, judge.binary, 'init', '-input=false', '-no-color'];
    const r = await run(command, args, dir, judgeEnv({ TF_LOG: 'debug', HOME: dir, ...env }), timeout);
    const output = r.output.split(dir).join('<dir>');
    fs.rmSync(dir, { recursive: true, force: true });
    if (r.status === 0) throw new Error(`${judge.name} init succeeded without network, which no backend can:\n${output.slice(-2000)}`);
    const errors = output.split('\n').filter((l) => /error/i.test(l)).slice(0, 50).join('\n');
    return {
      verdict: { refusedLocally: localRefusal.test(output), output: `${errors}\n...\n${output.slice(-2000)}` },
      keep: !r.cutOff || REQUESTED.test(output),
    };
  }), (answer) => answer.keep);
  return verdict;
}

/** Runs a command to its end, or kills it (SIGKILL) after `timeout` ms. */
function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeout: number) {
  return new Promise<{ status: number | null; cutOff: boolean; output: string }>((done, fail) => {
    const child = spawn(command, args, { cwd, env });
    let output = '';
    let cutOff = false;
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      cutOff = true;
      child.kill('SIGKILL');
    }, timeout);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, cutOff, output });
    });
  });
}
