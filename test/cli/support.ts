/**
 * The framework-CLI suite's harness: a user's app (TypeScript per framework, Java on cdktf) with the
 * library installed as users get it (the packed npm tarball, the Maven artifact in dist/java), driven
 * by the real `cdktf` / `cdktn` CLIs against fake-gcs-server (and Azurite, for the state-moving
 * scenarios of state-moves.ts), in a network namespace with only loopback (test/support/emulators.ts). The CLIs, a Node.js 22 for cdktn-cli and each framework's
 * `init`-made TypeScript project come from scripts/framework-clis.sh (cached); the tarballs and the
 * Maven artifact from the test run's packaging steps (`npx projen test:cli`).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AzuriteServer, cleanUp, listBlobs, readBlob, startAzurite } from '../support/azurite';
import { RunResult, Sandbox, gcsObject, gcsObjects, startFakeGcs, requireRuntime, workDir } from '../support/emulators';
import { cacheRoot, judgeEnv, networkSandbox } from '../support/judges';

export const ROOT = path.join(__dirname, '..', '..');
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
export const CLI_VERSION = { cdktf: '0.21.0', cdktn: '0.24.0' } as const;
const CLIS = path.join(cacheRoot(), 'framework-clis');
export const BUCKET = 'app-state';
export const TOKEN = 'emulator-token';

/** One app the suite drives. */
export interface CliApp {
  readonly framework: 'cdktf' | 'cdktn';
  readonly language: 'typescript' | 'java';
  /** The strict-mode context key the app's cdktf.json sets (the README's, cdktf-state-backends:strict). */
  readonly strictKey: string;
}

export const PACKAGE = (app: CliApp) => `${app.framework}-state-backends`;
const cliBinary = (app: CliApp) => path.join(CLIS, `${app.framework}-cli-${CLI_VERSION[app.framework]}`, 'node_modules', '.bin', app.framework);
const template = (app: CliApp) => path.join(CLIS, `app-${app.language}-${app.framework}-${CLI_VERSION[app.framework]}`, 'app');
/** The npm tarball `package:js` writes for the app's framework. */
export const tarball = (app: CliApp) => path.join(ROOT, ...(app.framework === 'cdktn' ? ['packages', 'cdktn-state-backends'] : []),
  'dist', 'js', `${PACKAGE(app)}@${VERSION}.jsii.tgz`);
const mavenRepo = path.join(ROOT, 'dist', 'java');
const javaArtifact = path.join(mavenRepo, 'io', 'github', 'statebackends', 'cdktf-state-backends', VERSION, `cdktf-state-backends-${VERSION}.jar`);
const cdktfJavaBinding = path.join(ROOT, 'node_modules', 'cdktf', 'dist', 'java');
/** cdktn-cli needs Node.js 22.19+; the Java app runs the library on it too (no end-of-life banner). */
const node22Dir = path.join(CLIS, 'node22-path');

/**
 * Whether the suite can run here: the CLIs and projects of scripts/framework-clis.sh, the packaged
 * library, fake-gcs-server and a namespace. Under CI a missing piece fails; elsewhere it skips, loudly.
 */
export function requireCli(app: CliApp): boolean {
  if (!requireRuntime('fake-gcs-server')) return false;
  const needs: Array<[string, string]> = [[cliBinary(app), 'npx projen framework-clis'], [path.join(node22Dir, 'node'), 'npx projen framework-clis']];
  if (app.language === 'typescript') needs.push([template(app), 'npx projen framework-clis'], [tarball(app), 'npx projen test:cli (it packages the library)']);
  else needs.push([javaArtifact, 'npx projen test:cli (it packages the library)'], [cdktfJavaBinding, 'npx projen cdktf:java']);
  const missing = needs.filter(([p]) => !fs.existsSync(p)).map(([p, how]) => `\n!!! framework-CLI suite: ${p} is missing; make it with: ${how}`);
  if (missing.length === 0) return true;
  if (process.env.CI) throw new Error(missing.join(''));
  // eslint-disable-next-line no-console
  console.warn(missing.join('') + '\n');
  return false;
}

/** A namespace with fake-gcs-server serving the bucket the apps keep their state in. */
export function startEmulator(): Sandbox {
  return startFakeGcs([BUCKET]);
}

/**
 * What every CLI run gets: offline, no version checks, the token the emulator takes, an empty CLI
 * config. A TypeScript app's ts-node only transpiles main.ts (TS_NODE_TRANSPILE_ONLY; a test gives
 * 'false' for a run as a user's, type-checked): the global set-up type-checked every fixture against
 * the installed package once (prepareApps); checking it again at every run of the suite proved nothing
 * more, and cost each run of the app 3.8-4.2 s against 1.3 s transpiling alone.
 */
function cliEnv(app: CliApp, extra: Record<string, string>): NodeJS.ProcessEnv {
  // (Maven's JVM compiles with its first tier only: a run lasts seconds, and the full JIT nearly doubles its CPU time)
  const jvm: Record<string, string> = app.language === 'java' ? { MAVEN_OPTS: [process.env.MAVEN_OPTS, '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'].filter(Boolean).join(' ') } : {};
  const tsNode: Record<string, string> = app.language === 'typescript' ? { TS_NODE_TRANSPILE_ONLY: 'true' } : {};
  const env = judgeEnv({ DISABLE_VERSION_CHECK: '1', npm_config_offline: 'true', npm_config_update_notifier: 'false', ...jvm, ...tsNode, ...extra });
  // The Java app and cdktn-cli run on Node.js 22: no banner to silence (the test run sets the silencer for Node 20).
  if (app.framework === 'cdktn' || app.language === 'java') {
    env.PATH = `${node22Dir}:${env.PATH}`;
    delete env.JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION;
  }
  return env;
}

/** The apps of the suite (one test file per app and scenario set). */
export const APPS: readonly CliApp[] = [
  { framework: 'cdktf', language: 'typescript', strictKey: 'cdktf-state-backends:strict' },
  { framework: 'cdktn', language: 'typescript', strictKey: 'cdktf-state-backends:strict' },
  { framework: 'cdktf', language: 'java', strictKey: 'cdktf-state-backends:strict' },
];

/** Where the suite's global set-up prepared each app once (test/cli/setup.ts); every describe takes a copy. */
const PREPARED = 'STATE_BACKENDS_CLI_APPS';
const preparedDir = (app: CliApp) => path.join(process.env[PREPARED] ?? '', `${app.framework}-${app.language}`);

/** Runs a command offline (in a network namespace of its own where the machine allows it); throws with its output when it fails. */
function offline(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const [cmd, ...rest] = [...networkSandbox().prefix, command, ...args];
  const r = spawnSync(cmd, rest, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 300_000 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${r.stdout}${r.stderr}${r.error?.message ?? ''}`);
}

/** The TypeScript apps' fixture folder (main.ts, bootstrap.ts). */
const TS_FIXTURE = path.join(__dirname, 'apps', 'typescript');

/** A TypeScript fixture's app (`<main>.ts` of `fixture`), as the app's main.ts: the cdktn copy rewritten by scripts/flavour.js. */
function typescriptMain(app: CliApp, fixture: string, main: 'main' | 'bootstrap'): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (app.framework === 'cdktn') return require(path.join(ROOT, 'scripts', 'flavour.js')).cdktnExample(fixture)[`${main}.ts`];
  return fs.readFileSync(path.join(fixture, `${main}.ts`), 'utf8');
}

/** The Maven properties of the Java app: the artifact under test and the framework's binding (`extra`: more, such as the main class). */
const javaProps = (extra = '') =>
  `-Dstatebackends.version=${VERSION} -Dstatebackends.repository=${mavenRepo} -Dframework.repository=${cdktfJavaBinding}${extra}`;

/** The Java app's cdktf.json: the CLI runs it with Maven, offline. */
const javaCdktfJson = (extra = '') =>
  ({ language: 'java', app: `mvn -o -B -e -q compile exec:java ${javaProps(extra)}`, terraformProviders: [], terraformModules: [], context: {} });

/**
 * Prepares each app once for the whole suite (the global set-up runs it): for TypeScript a copy of
 * the framework's `init`-made project with the fixture's main.ts (the cdktn copy rewritten by
 * scripts/flavour.js) and the packed library installed by `npm install <tarball>`, offline; for
 * Java the fixture and a cdktf.json, compiled offline. An app whose pieces are missing is left out
 * (its suites skip, or fail under CI, as requireCli says); so are the apps not in `apps` (the
 * suite's files of the run name theirs).
 */
export function prepareApps(apps: readonly CliApp[] = APPS): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-apps-'));
  process.env[PREPARED] = root;
  for (const app of apps) {
    const missing = app.language === 'typescript' ? [template(app), tarball(app)] : [javaArtifact, cdktfJavaBinding];
    if (![...missing, path.join(node22Dir, 'node')].every((p) => fs.existsSync(p))) continue;
    const dir = preparedDir(app);
    if (app.language === 'java') {
      fs.cpSync(path.join(__dirname, 'apps', 'java'), dir, { recursive: true, filter: (f) => !f.includes(`${path.sep}target`) });
      writeCdktfJson(dir, javaCdktfJson());
      offline('mvn', ['-o', '-B', '-q', 'compile', ...javaProps().split(' ')], dir, cliEnv(app, {}));
      continue;
    }
    fs.cpSync(template(app), dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'main.ts'), typescriptMain(app, TS_FIXTURE, 'main'));
    offline('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball(app)], dir, cliEnv(app, {}));
    typecheckFixtures(app, dir);
  }
  return root;
}

/** The TypeScript fixtures the suite's apps run (makeApp's `main` and `fixture`), by the file name they are checked under. */
const TS_FIXTURES: ReadonlyArray<readonly [string, string, 'main' | 'bootstrap']> = [
  ['main.ts', TS_FIXTURE, 'main'],
  ['fixture-bootstrap.ts', TS_FIXTURE, 'bootstrap'],
  ['fixture-recipes.ts', path.join(__dirname, 'apps', 'recipes'), 'main'],
];

/**
 * Type-checks every TypeScript fixture once, as the app's ts-node would at each synth: the app's own
 * tsconfig (the framework's `init` made it), the packed library installed; throws with tsc's errors.
 */
function typecheckFixtures(app: CliApp, dir: string): void {
  const written = TS_FIXTURES.filter(([file]) => file !== 'main.ts').map(([file, fixture, main]) => {
    fs.writeFileSync(path.join(dir, file), typescriptMain(app, fixture, main));
    return file;
  });
  const config = path.join(dir, 'tsconfig.fixtures.json');
  fs.writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', compilerOptions: { incremental: false }, include: TS_FIXTURES.map(([file]) => file) }));
  try {
    offline(path.join(dir, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', config], dir, cliEnv(app, {}));
  } finally {
    for (const f of [...written, config]) fs.rmSync(path.join(dir, f), { force: true });
  }
}

/**
 * The app's directory: a copy of the app the global set-up prepared (the packed library installed,
 * the Java app compiled), its node_modules hard-linked (nothing writes there: the runs write
 * cdktf.json, cdktf.out and the stacks' .terraform beside it). `main` picks the app: `main`
 * (main.ts, Main.java), or `bootstrap` (bootstrap.ts, Bootstrap.java: the state store's app of
 * state-store.ts); `fixture` is the TypeScript fixture's folder it comes from
 * (test/cli/apps/typescript unless given; the cdktn copy rewritten by scripts/flavour.js).
 */
export function makeApp(app: CliApp, options: { main?: 'main' | 'bootstrap'; fixture?: string } = {}): string {
  const from = preparedDir(app);
  if (!process.env[PREPARED] || !fs.existsSync(from)) throw new Error(`the CLI suite's global set-up (test/cli/setup.ts) prepared no ${from}`);
  const dir = workDir(`cli-${app.framework}-${app.language}-`, {});
  for (const entry of fs.readdirSync(from)) {
    const copied = spawnSync('cp', [entry === 'node_modules' ? '-al' : '-a', path.join(from, entry), dir], { encoding: 'utf8' });
    if (copied.status !== 0) throw new Error(`copying ${from}/${entry}: ${copied.stderr}`);
  }
  const main = options.main ?? 'main';
  if (app.language === 'java') {
    if (main !== 'main') writeCdktfJson(dir, javaCdktfJson(' -Dapp.main=com.mycompany.app.Bootstrap'));
  } else if (main !== 'main' || options.fixture) {
    fs.writeFileSync(path.join(dir, 'main.ts'), typescriptMain(app, options.fixture ?? TS_FIXTURE, main));
  }
  return dir;
}

/** Rewrites the app's cdktf.json with `change` applied to it. */
export function writeCdktfJson(dir: string, content: Record<string, unknown>): void {
  fs.writeFileSync(path.join(dir, 'cdktf.json'), JSON.stringify(content, null, 2) + '\n');
}

export function readCdktfJson(dir: string): Record<string, any> {
  return JSON.parse(fs.readFileSync(path.join(dir, 'cdktf.json'), 'utf8'));
}

/** A store the state-moving scenarios run on, and its emulator: fake-gcs-server or Azurite. */
export type Store = 'gcs' | 'azurerm';

/** The buckets (containers) the apps keep state in: the hand-written one, and one per environment. */
export const BUCKETS = [BUCKET, `${BUCKET}-prod`, `${BUCKET}-dev`] as const;

/** A running emulator of a store: its namespace, what a run needs from it, and its stored objects. */
export interface StoreEmulator {
  readonly store: Store;
  readonly ns: Sandbox;
  /** What the app's runs get: the store, and the credentials the emulator takes. */
  readonly env: Record<string, string>;
  /** The objects (blobs) in a bucket (container), by name, sorted. */
  names(bucket: string): string[];
  /** A stored state (throws when there is none). */
  state(bucket: string, name: string): Stored;
  stop(): void;
}

/** The store's emulator with the buckets of BUCKETS (on GCS, `buckets` when given), each in a namespace of its own. */
export function startStore(store: Store, buckets: readonly string[] = BUCKETS): StoreEmulator {
  if (store === 'gcs') {
    const ns = startFakeGcs(buckets);
    return {
      store,
      ns,
      env: { STORE: store, GOOGLE_OAUTH_ACCESS_TOKEN: TOKEN },
      names: (bucket) => gcsObjects(ns, bucket),
      state: (bucket, name) => parseStored(gcsObject(ns, bucket, name), `${bucket}/${name}`),
      stop: () => ns.stop(),
    };
  }
  const az: AzuriteServer = startAzurite(BUCKETS);
  return {
    store,
    ns: az.ns,
    env: { STORE: store, ARM_ACCESS_KEY: az.key, SSL_CERT_FILE: az.caFile },
    names: (container) => listBlobs(az, container, '').map((b) => b.name),
    state: (container, name) => parseStored(readBlob(az, container, name), `${container}/${name}`),
    stop: () => cleanUp(az),
  };
}

/** Whether the state-moving scenarios of `app` can run on `store` here (see requireCli). */
export function requireStore(app: CliApp, store: Store): boolean {
  return requireCli(app) && requireRuntime(store === 'gcs' ? 'fake-gcs-server' : 'azurite');
}

/** What the suite checks of a stored state. */
export interface Stored {
  readonly serial: number;
  readonly lineage: string;
  readonly outputs: Record<string, unknown>;
  /** Resource addresses (`terraform_data.vpc`, `data.terraform_remote_state.x`). */
  readonly resources: string[];
}

/** A stored state's serial, lineage, outputs and resource addresses. */
function parseStored(body: string | undefined, where: string): Stored {
  if (body === undefined) throw new Error(`no object ${where}`);
  const s = JSON.parse(body);
  const outputs: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.outputs ?? {})) outputs[k] = (v as { value: unknown }).value;
  const resources = ((s.resources ?? []) as Array<{ type: string; name: string; mode: string }>).map((x) => `${x.mode === 'data' ? 'data.' : ''}${x.type}.${x.name}`);
  return { serial: s.serial, lineage: s.lineage, outputs, resources };
}

/**
 * Runs the app's own command (cdktf.json's `app`: `mvn ... compile exec:java`, `npx ts-node main.ts`)
 * in the namespace without the CLI, as a user runs it to synthesize; the output as for `cli`.
 */
export function runApp(ns: Sandbox, app: CliApp, dir: string, extra: Record<string, string> = {}): RunResult {
  const r = ns.run('sh', ['-c', readCdktfJson(dir).app], { cwd: dir, env: cliEnv(app, { GOOGLE_OAUTH_ACCESS_TOKEN: TOKEN, ...extra }), timeout: 240_000 });
  return { status: r.status, stdout: readable(r.stdout), stderr: readable(r.stderr), output: readable(r.output) };
}

/** Runs the app's CLI in the namespace (stdin closed); the output without colours and spinner frames. */
export function cli(ns: Sandbox, app: CliApp, dir: string, args: string[], extra: Record<string, string> = {}): RunResult {
  const env = cliEnv(app, { GOOGLE_OAUTH_ACCESS_TOKEN: TOKEN, ...extra });
  // As on a user's terminal, where the CLI answers init's questions (TF_INPUT=0, as CI may set it, only when a test says so).
  if (!('TF_INPUT' in extra)) delete env.TF_INPUT;
  const r = ns.run(cliBinary(app), args, { cwd: dir, env, timeout: 240_000 });
  return { status: r.status, stdout: readable(r.stdout), stderr: readable(r.stderr), output: readable(r.output) };
}

/**
 * Runs `command` as a user types it (a command the library printed, as printed): `sh -c` in the app's
 * directory, the app's CLI on PATH under its own name, the environment as for `cli` (an `extra`
 * value of '' leaves that variable out).
 */
export function shell(ns: Sandbox, app: CliApp, dir: string, command: string, extra: Record<string, string> = {}): RunResult {
  const env = cliEnv(app, { GOOGLE_OAUTH_ACCESS_TOKEN: TOKEN, ...extra });
  env.PATH = `${path.dirname(cliBinary(app))}:${env.PATH}`;
  if (!('TF_INPUT' in extra)) delete env.TF_INPUT;
  for (const [k, v] of Object.entries(extra)) if (v === '') delete env[k];
  const r = ns.run('sh', ['-c', command], { cwd: dir, env, timeout: 240_000 });
  return { status: r.status, stdout: readable(r.stdout), stderr: readable(r.stderr), output: readable(r.output) };
}

/** The text a user reads: ANSI escapes and the spinner's frames removed, one line per line. */
export function readable(text: string): string {
  return text
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
    .split(/\r?\n|\r/)
    .filter((l) => l.trim() !== '' && !/^\s*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]\s/.test(l))
    .join('\n');
}

/** The objects stored under the bucket, by name. */
export function storedNames(ns: Sandbox): string[] {
  return gcsObjects(ns, BUCKET);
}

/** A stored state: serial, lineage, outputs by name, resource addresses. */
export function storedState(ns: Sandbox, name: string): Stored {
  return parseStored(gcsObject(ns, BUCKET, name), `${BUCKET}/${name}`);
}
