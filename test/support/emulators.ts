/**
 * The run-time judges' harness: a private network (and mount) namespace with only loopback, the
 * storage emulators serving inside it, and the real tools (the judges of support/judges.ts) storing
 * state there with what the library emits.
 *
 * The namespace is held by one process (`unshare -mn` as root: `lo` brought up, a hosts file of the
 * test's own bind-mounted over /etc/hosts); servers, tools and the test's own HTTP requests (curl)
 * join it with `nsenter`. Each suite has its own namespace, so ports never clash with anything, and
 * stopping the namespace stops every server started in it, even when a test fails.
 *
 * Emulators (installed by scripts/emulators.sh): fake-gcs-server, built into
 * `${STATE_BACKENDS_CACHE:-~/.cache/cdktf-state-backends}/fake-gcs-server/<version>/`,
 * Azurite from node_modules, moto's S3 server in a virtual environment under
 * `<cache>/moto/<version>/venv` (support/moto.ts), and the project's TableStore fake, built from
 * test/support/tablestore-fake into `<cache>/tablestore-fake/<hash of its sources>/`
 * (support/tablestore.ts). A missing emulator or namespace fails the run under CI and is skipped,
 * loudly, elsewhere.
 */
import { ChildProcess, spawn, spawnSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cacheRoot, judgeEnv } from './judges';

export const FAKE_GCS_VERSION = '1.56.1';
export const MOTO_VERSION = '5.2.1';
const ROOT = path.join(__dirname, '..', '..');

/** The fake-gcs-server binary scripts/emulators.sh installs. */
export function fakeGcsBinary(): string {
  return path.join(cacheRoot(), 'fake-gcs-server', FAKE_GCS_VERSION, 'fake-gcs-server');
}

/** Where fake-gcs-server answers inside a sandbox, and its JSON API endpoint for the backends. */
export const FAKE_GCS = { port: 4443, base: 'http://127.0.0.1:4443', endpoint: 'http://127.0.0.1:4443/storage/v1/b' } as const;

/**
 * A sandbox with fake-gcs-server serving `buckets` (in memory, on `FAKE_GCS.base`). Every bucket's
 * location is `location` (the emulator answers its `-location` flag, whatever a create asked for).
 */
export function startFakeGcs(buckets: readonly string[], location?: string): Sandbox {
  const ns = Sandbox.start();
  ns.serve(fakeGcsBinary(), ['-host', '127.0.0.1', '-port', String(FAKE_GCS.port), '-scheme', 'http', '-backend', 'memory',
    '-external-url', FAKE_GCS.base, '-public-host', `127.0.0.1:${FAKE_GCS.port}`, ...(location ? ['-location', location] : [])]);
  ns.waitFor('fake-gcs-server', () => ns.http(`${FAKE_GCS.base}/storage/v1/b`).status === 200);
  for (const name of buckets) {
    const made = ns.http(`${FAKE_GCS.base}/storage/v1/b`, { method: 'POST', body: JSON.stringify({ name }), headers: { 'Content-Type': 'application/json' } });
    if (made.status !== 200) throw new Error(`creating bucket ${name}: ${made.status} ${made.body}`);
  }
  return ns;
}

/** The names of the objects fake-gcs-server holds in `bucket` under `prefix`, sorted. */
export function gcsObjects(ns: Sandbox, bucket: string, prefix = ''): string[] {
  const r = ns.http(`${FAKE_GCS.base}/storage/v1/b/${bucket}/o?prefix=${encodeURIComponent(prefix)}`);
  if (r.status !== 200) throw new Error(`listing ${bucket}: ${r.status} ${r.body}`);
  return ((JSON.parse(r.body).items ?? []) as Array<{ name: string }>).map((i) => i.name).sort();
}

/** The body of object `name` in `bucket`, or undefined when there is none. */
export function gcsObject(ns: Sandbox, bucket: string, name: string): string | undefined {
  const r = ns.http(`${FAKE_GCS.base}/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}?alt=media`);
  return r.status === 200 ? r.body : undefined;
}

/** The state stored as `name` in `bucket` (throws when there is none). */
export function gcsState(ns: Sandbox, bucket: string, name: string): StoredState {
  const body = gcsObject(ns, bucket, name);
  if (body === undefined) throw new Error(`no object ${name} in ${bucket}`);
  return parseState(body);
}

/** Azurite's blob service from the devDependency. */
export function azuriteBinary(): string {
  return path.join(ROOT, 'node_modules', '.bin', 'azurite-blob');
}

/** moto's S3 server, from the virtual environment scripts/emulators.sh installs. */
export function motoBinary(): string {
  return path.join(cacheRoot(), 'moto', MOTO_VERSION, 'venv', 'bin', 'moto_server');
}

const TABLESTORE_FAKE_SOURCES = path.join(__dirname, 'tablestore-fake');

/**
 * The TableStore fake scripts/emulators.sh builds: its directory is named by the sha256 of its
 * sources (the .go files, go.mod and go.sum in C-locale order, as the script computes it).
 */
export function tablestoreFakeBinary(): string {
  const files = fs.readdirSync(TABLESTORE_FAKE_SOURCES).filter((f) => /(\.go|^go\.mod|^go\.sum)$/.test(f)).sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(fs.readFileSync(path.join(TABLESTORE_FAKE_SOURCES, f)));
  return path.join(cacheRoot(), 'tablestore-fake', hash.digest('hex').slice(0, 16), 'tablestore-fake');
}

export type Emulator = 'fake-gcs-server' | 'azurite' | 'moto' | 'tablestore-fake';

/**
 * Whether the run-time judges can run here (root namespaces, every emulator named). Under CI a
 * missing piece is a failure; elsewhere the suite is skipped, loudly.
 */
export function requireRuntime(...emulators: readonly Emulator[]): boolean {
  const problems: string[] = [];
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || spawnSync('unshare', ['-mn', 'true']).status !== 0) {
    problems.push('the run-time judges need root and `unshare -mn` (a private network namespace with only loopback)');
  }
  for (const emulator of emulators) {
    const bin = { 'fake-gcs-server': fakeGcsBinary, 'azurite': azuriteBinary, 'moto': motoBinary, 'tablestore-fake': tablestoreFakeBinary }[emulator]();
    if (!fs.existsSync(bin)) problems.push(`${emulator} is missing at ${bin}; install it with: npx projen emulators`);
  }
  if (problems.length === 0) return true;
  const message = problems.map((p) => `\n!!! ${p}`).join('') + '\n';
  if (process.env.CI) throw new Error(message);
  // eslint-disable-next-line no-console
  console.warn(message);
  return false;
}

export interface RunResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr, for matching messages. */
  readonly output: string;
}

/** A private network + mount namespace with loopback only, and what runs in it. */
export class Sandbox {
  /** Starts the namespace; `hosts` lines are bind-mounted over /etc/hosts inside it. */
  public static start(hosts: readonly string[] = []): Sandbox {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-ns-'));
    const hostsFile = path.join(dir, 'hosts');
    fs.writeFileSync(hostsFile, ['127.0.0.1 localhost', ...hosts, ''].join('\n'));
    const ready = path.join(dir, 'ready');
    const holder = spawn('unshare', ['-mn', '--', 'sh', '-c',
      `ip link set lo up && mount --bind '${hostsFile}' /etc/hosts && touch '${ready}' && exec sleep 100000`], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!fs.existsSync(ready)) {
      if (Date.now() > deadline || holder.exitCode !== null) {
        holder.kill('SIGKILL');
        throw new Error('the run-time namespace did not start (unshare -mn, ip link set lo up, mount --bind /etc/hosts)');
      }
      spawnSync('sleep', ['0.05']);
    }
    return new Sandbox(holder, dir);
  }

  private readonly children: ChildProcess[] = [];
  /** Files deleted when the namespace stops (the certificates' private keys). */
  private readonly secrets: string[] = [];

  private constructor(private readonly holder: ChildProcess, public readonly dir: string) {}

  /**
   * nsenter's arguments. Joining a mount namespace leaves the working directory outside it (nsenter's
   * `--wd` opens it before joining, so getcwd fails), hence the `cd` inside.
   */
  private enter(cwd = '/'): string[] {
    return ['-t', String(this.holder.pid), '-n', '-m', '--', 'sh', '-c', 'cd "$0" && exec "$@"', cwd];
  }

  /** Runs a command in the namespace and waits for it. */
  public run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}): RunResult {
    const r = spawnSync('nsenter', [...this.enter(options.cwd), command, ...args], {
      cwd: options.cwd, env: options.env ?? judgeEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: options.timeout ?? 150_000,
    });
    if (r.error) throw r.error;
    return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, output: `${r.stdout}\n${r.stderr}` };
  }

  /**
   * Runs a command in the namespace without waiting. Aborting `signal` kills it with SIGKILL (nsenter
   * and the shell exec it, so the signal reaches the command itself).
   */
  public runAsync(
    command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {},
  ): Promise<RunResult> {
    const child = spawn('nsenter', [...this.enter(options.cwd), command, ...args], {
      cwd: options.cwd, env: options.env ?? judgeEnv(), signal: options.signal, killSignal: 'SIGKILL',
    });
    this.children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    return new Promise((done, fail) => {
      child.on('error', (e) => (e.name === 'AbortError' ? undefined : fail(e)));
      child.on('close', (status) => done({ status: status ?? -1, stdout, stderr, output: `${stdout}\n${stderr}` }));
    });
  }

  /** Starts a server in the namespace; it is stopped with the namespace. Its output goes to `log`. */
  public serve(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): { log: string } {
    const log = path.join(this.dir, `${path.basename(command)}-${this.children.length}.log`);
    const fd = fs.openSync(log, 'a');
    const child = spawn('nsenter', [...this.enter(), command, ...args], { stdio: ['ignore', fd, fd], env });
    fs.closeSync(fd);
    this.children.push(child);
    return { log };
  }

  /** `curl` in the namespace: the HTTP status and the body. */
  public http(
    url: string, options: { method?: string; body?: string; headers?: Record<string, string>; caFile?: string } = {},
  ): { status: number; body: string } {
    const args = ['-s', '-o', '-', '-w', '\n%{http_code}', '-X', options.method ?? 'GET'];
    for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}: ${v}`);
    if (options.body !== undefined) args.push('--data-binary', options.body);
    if (options.caFile) args.push('--cacert', options.caFile);
    args.push(url);
    const r = this.run('curl', args, { env: process.env, timeout: 20_000 });
    const cut = r.stdout.lastIndexOf('\n');
    return { status: Number(r.stdout.slice(cut + 1)) || 0, body: r.stdout.slice(0, cut) };
  }

  /**
   * A self-signed certificate for the `dnsNames` (wildcards allowed), made by `openssl` in the
   * namespace's directory (never committed): the servers take both files, the tools trust the
   * certificate through SSL_CERT_FILE. The key is deleted when the namespace stops.
   */
  public certificate(name: string, dnsNames: readonly string[]): { caFile: string; keyFile: string } {
    const caFile = path.join(this.dir, `${name}-cert.pem`);
    const keyFile = path.join(this.dir, `${name}-key.pem`);
    const ssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${name}`,
      '-addext', `subjectAltName=${dnsNames.map((n) => `DNS:${n}`).join(',')}`, '-keyout', keyFile, '-out', caFile], { encoding: 'utf8' });
    this.secrets.push(keyFile);
    if (ssl.status !== 0) throw new Error(`openssl could not make the test certificate: ${ssl.stderr}`);
    return { caFile, keyFile };
  }

  /** Waits until `ok` holds (polled), or throws after `ms` with `what`. */
  public waitFor(what: string, ok: () => boolean, ms = 20_000): void {
    const deadline = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      spawnSync('sleep', ['0.1']);
    }
  }

  /** Stops every server and run started here, then the namespace. */
  public stop(): void {
    for (const c of this.children) if (c.exitCode === null) c.kill('SIGKILL');
    this.holder.kill('SIGKILL');
    for (const f of this.secrets) fs.rmSync(f, { force: true });
  }
}

/** A fresh directory holding `files`. */
export function workDir(prefix: string, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

/** The parts of a stored state the harness checks after every step. */
export interface StoredState {
  readonly serial: number;
  readonly lineage: string;
  readonly outputs: Record<string, unknown>;
}

/** Parses a stored state object (throws on anything else, such as an encrypted one). */
export function parseState(body: string): StoredState {
  const s = JSON.parse(body);
  if (typeof s.serial !== 'number' || typeof s.lineage !== 'string') throw new Error(`not a state: ${body.slice(0, 200)}`);
  const outputs: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.outputs ?? {})) outputs[k] = (v as { value: unknown }).value;
  return { serial: s.serial, lineage: s.lineage, outputs };
}
