/**
 * The judges' offline verdicts, remembered on this machine. An offline run of a judge (`init
 * -backend=false` and `validate`, the offline init judge) answers from what it reads alone: its
 * binary, the command, the environment it is given and the files of its directory. So each verdict
 * is kept under the key of exactly those (`<cache>/judge-memo/`), with the code that runs it, and a
 * run whose key was answered before replays that answer instead of asking again:
 *
 * - the binary: its build identity (`go version -m`: the Go release, every module and its checksum,
 *   the build flags; the file's sha256 where there is none), as the address oracle keys a judge
 *   (test/support/oracle-key.ts);
 * - the inputs the caller names: the command, the files, the variables it adds;
 * - the variables of the test's own environment a judge reads (TF_*, TOFU_*, the stores' credentials
 *   and endpoints, the cloud SDKs' config directories, proxies, certificates, HOME), the files under
 *   HOME where the stores' SDKs look for credentials when no variable gives them (gcloud's
 *   application default credentials, the Azure CLI's profile, Alibaba Cloud's and Tencent Cloud's
 *   CLI credentials, the Terraform CLI's credentials file), and the sandbox (with or without
 *   network, which callers name);
 * - the harness: this file, judges.ts (judgeEnv, runJudge, validate), init-judge.ts, judge-verdict.ts,
 *   tofu-run.ts (OpenTofu's runs on a fresh directory) and the external key provider's program.
 *
 * An answer older than DRIFT_DAYS is asked again (drift: what no key holds, the machine), and
 * `STATE_BACKENDS_JUDGE_MEMO=off` asks every one (and keeps the new answers). Each test file says at
 * its end how many answers it replayed, and from where.
 */
import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** Days after which a remembered answer is asked again (drift). */
export const DRIFT_DAYS = 7;

const ROOT = path.join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cacheDir } = require(path.join(ROOT, 'scripts', 'cache-dir.js')) as { cacheDir: () => string };
const HARNESS = [
  'test/support/judge-memo.ts', 'test/support/judges.ts', 'test/support/init-judge.ts', 'test/support/judge-verdict.ts', 'test/support/tofu-run.ts',
  // (the external key provider's program, which OpenTofu runs)
  'test/support/external-program.js',
];
/** The variables of the test's environment a judge may read (judgeEnv passes the environment on). */
const READ_BY_JUDGES = /^(TF_|TOFU_|OPENTOFU_|CHECKPOINT_|ARM_|AZURE_|GOOGLE_|CLOUDSDK_|ALICLOUD_|ALIBABA_CLOUD_|TENCENTCLOUD_|AWS_|HTTPS?_PROXY$|NO_PROXY$|SSL_CERT_|HOME$)/i;
/** The files under HOME the stores' SDKs read credentials from when no variable gives them (their contents are part of the key). */
const HOME_CREDENTIALS = [
  '.config/gcloud/application_default_credentials.json', '.config/gcloud/active_config', '.azure/azureProfile.json', '.azure/msal_token_cache.json',
  '.aliyun/config.json', '.alibabacloud/credentials', '.tccli/default.credential', '.terraform.d/credentials.tfrc.json', '.terraformrc',
];

const tally = { replayed: 0, asked: 0 };
let harness: string | undefined;
const binaries = new Map<string, string>();

const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** A binary's build identity (see the file's comment), once per process. */
export function binaryIdentity(binary: string): string {
  const file = binary.includes('/') ? binary
    : path.join((process.env.PATH ?? '').split(':').find((d) => d && fs.existsSync(path.join(d, binary))) ?? '', binary);
  const stat = fs.statSync(file);
  const id = `${fs.realpathSync(file)}:${stat.size}:${stat.mtimeMs}`;
  let identity = binaries.get(id);
  if (identity === undefined) {
    const info = spawnSync('go', ['version', '-m', file], { encoding: 'utf8', env: { ...process.env, GOTOOLCHAIN: 'local' } });
    // (the first line names the file, which differs between machines)
    identity = info.status === 0 && info.stdout.includes('\tpath\t') ? sha(info.stdout.split('\n').slice(1).join('\n')) : sha(fs.readFileSync(file));
    binaries.set(id, identity);
  }
  return identity;
}

let home: string | undefined;
/** The contents of HOME_CREDENTIALS (an absent file is ""), once per process. */
function homeCredentials(): string {
  home ??= sha(HOME_CREDENTIALS.map((f) => {
    try {
      return `${f}\0${fs.readFileSync(path.join(os.homedir(), f), 'utf8')}`;
    } catch {
      return `${f}\0`;
    }
  }).join('\0'));
  return home;
}

function harnessKey(): string {
  harness ??= sha(HARNESS.map((f) => `${f}\0${fs.readFileSync(path.join(ROOT, f), 'utf8')}`).join('\0'));
  return harness;
}

/** Whether remembered answers may be replayed (STATE_BACKENDS_JUDGE_MEMO=off: ask every judge). */
const replaying = () => process.env.STATE_BACKENDS_JUDGE_MEMO !== 'off';

/** Where the answer of `binary` on `inputs` is kept (see the file's comment for what the key holds). */
function entryFile(binary: string, inputs: unknown): string {
  const environment = Object.entries(process.env).filter(([k]) => READ_BY_JUDGES.test(k)).sort(([a], [b]) => a.localeCompare(b));
  const key = sha(JSON.stringify([harnessKey(), binaryIdentity(binary), environment, homeCredentials(), inputs]));
  return path.join(cacheDir(), 'judge-memo', key.slice(0, 2), `${key}.json`);
}

/** The answer kept in `file`, when there is one of the last DRIFT_DAYS and replaying is on. */
function lookUp<T>(file: string): { answer: T } | undefined {
  if (!replaying()) return undefined;
  try {
    const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as { at: number; answer: T };
    if (Date.now() - entry.at >= DRIFT_DAYS * 86_400_000) return undefined;
    tally.replayed++;
    return { answer: entry.answer };
  } catch {
    return undefined; // (not answered yet, or unreadable: ask)
  }
}

function keepIn<T>(file: string, answer: T): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // (written whole, then renamed: a reader in another worker sees the old entry or the new one)
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ at: Date.now(), answer }));
  fs.renameSync(tmp, file);
}

/**
 * The verdict of `binary` on `inputs` (everything the run reads besides the binary and the
 * environment: the command, the files, the variables the caller adds): remembered when it was
 * answered under the same key in the last DRIFT_DAYS, else `ask()`ed and remembered (unless `keep`,
 * asked after the run, says no). Only what `ask` returns is kept: it must be JSON, and not name the
 * run's directory.
 */
export function remembered<T>(binary: string, inputs: unknown, ask: () => T, keep: () => boolean = () => true): T {
  const file = entryFile(binary, inputs);
  const found = lookUp<T>(file);
  if (found) return found.answer;
  const answer = ask();
  tally.asked++;
  if (keep()) keepIn(file, answer);
  return answer;
}

/** `remembered` for a run that is awaited (several wait side by side). */
export async function rememberedAsync<T>(
  binary: string, inputs: unknown, ask: () => Promise<T>, keep: (answer: T) => boolean = () => true,
): Promise<T> {
  const file = entryFile(binary, inputs);
  const found = lookUp<T>(file);
  if (found) return found.answer;
  const answer = await ask();
  tally.asked++;
  if (keep(answer)) keepIn(file, answer);
  return answer;
}

// Each test file that asks judges says how many answers it replayed.
if (typeof afterAll === 'function') {
  afterAll(() => {
    if (tally.replayed === 0) return;
    // eslint-disable-next-line no-console
    console.log(`judge memo: ${tally.replayed} offline verdicts REPLAYED from ${path.join(cacheDir(), 'judge-memo')} (answered under the same key, ` +
      `harness ${harnessKey().slice(0, 16)}, in the last ${DRIFT_DAYS} days), ${tally.asked} asked; STATE_BACKENDS_JUDGE_MEMO=off asks every one`);
  });
}
