/**
 * The run-time judges of `GcsStateBucket`: fake-gcs-server behind a recording proxy
 * (support/gcs-recorder.js) in a namespace with only loopback, the Google provider from the
 * providers' mirror (support/providers.ts), and the app a user writes (a bootstrap stack holding the
 * bucket, two stacks whose state is in it), synthesized as the CLIs run it: in the project's
 * directory (cdktf's local state is `<cwd>/terraform.<stack id>.tfstate`) into
 * `<project>/cdktf.out`, in whose stack directories the tools then run, so that the last init the
 * next synth reads is theirs.
 *
 * The provider and the backends find the emulator through the environment (`GOOGLE_STORAGE_CUSTOM_ENDPOINT`,
 * which both read, and `GOOGLE_OAUTH_ACCESS_TOKEN`); the provider block only gets a
 * `universe_domain` of another universe, without which the provider asks openidconnect.googleapis.com
 * whose token it holds at every configure, and retries for minutes (google/transport/config.go
 * logGoogleIdentities; no env var sets it). The bucket names its `project`: without one the provider
 * looks the project up through the Compute API after create.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, LocalBackend, TerraformOutput, TerraformProvider, TerraformResource, TerraformStack } from 'cdktf';
import { FAKE_GCS, Sandbox, startFakeGcs } from './emulators';
import { providersCliConfig } from './providers';
import { GcsStateBucket, GcsStateBucketProps } from '../../src/gcs-state-bucket';
import { ParsedTarget, TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';

/** Where the recording proxy listens in the namespace; fake-gcs-server is behind it on FAKE_GCS.port. */
const RECORDER_PORT = 4444;
const RECORDER = path.join(__dirname, 'gcs-recorder.js');

/** The project every bucket of these runs names (the emulator keeps none; the provider must not look one up). */
export const PROJECT = 'runtime-project';

/** Any universe but Google's: the provider then asks nobody who its token is. */
const UNIVERSE = 'emulator.invalid';

/** One request as the recording proxy logged it. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query. */
  readonly url: string;
  readonly status: number;
  /** A JSON body, parsed. */
  readonly json?: any;
}

/** fake-gcs-server (every bucket in `EU`) behind the recording proxy, in a namespace of its own. */
export class RecordedGcs {
  /** Starts both in a new namespace. */
  public static start(): RecordedGcs {
    const ns = startFakeGcs([], 'EU');
    const log = path.join(ns.dir, 'gcs-recorder.jsonl');
    ns.serve(process.execPath, [RECORDER, FAKE_GCS.base, String(RECORDER_PORT), log]);
    ns.waitFor('the recording proxy', () => fs.existsSync(log) && fs.readFileSync(log, 'utf8').includes('"listening"'));
    return new RecordedGcs(ns, log);
  }

  /** The JSON API's base path on the proxy, as the provider and the backends take it. */
  public readonly endpoint = `http://127.0.0.1:${RECORDER_PORT}/storage/v1/`;

  private constructor(public readonly ns: Sandbox, private readonly log: string) {}

  /** The environment the judges run in: the providers' mirror as the only installation method, the emulator's endpoint, a token. */
  public env(): Record<string, string> {
    return { TF_CLI_CONFIG_FILE: providersCliConfig(), GOOGLE_STORAGE_CUSTOM_ENDPOINT: this.endpoint, GOOGLE_OAUTH_ACCESS_TOKEN: 'emulator-token' };
  }

  /** Every request the proxy passed on, in order. */
  public requests(): RecordedRequest[] {
    return fs.readFileSync(this.log, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l)).filter((r) => r.method !== undefined);
  }

  /** The bucket as the emulator holds it, or undefined when it has none of that name. */
  public bucket(name: string): any {
    const r = this.ns.http(`${FAKE_GCS.base}/storage/v1/b/${name}`);
    return r.status === 200 ? JSON.parse(r.body) : undefined;
  }

  /** Makes a bucket with the emulator's API (as by hand), and an object in it. */
  public makeBucket(name: string, object: { name: string; body: string }): void {
    const made = this.ns.http(`${FAKE_GCS.base}/storage/v1/b?project=${PROJECT}`, {
      method: 'POST', body: JSON.stringify({ name }), headers: { 'Content-Type': 'application/json' },
    });
    if (made.status !== 200) throw new Error(`creating bucket ${name}: ${made.status} ${made.body}`);
    const put = this.ns.http(`${FAKE_GCS.base}/upload/storage/v1/b/${name}/o?uploadType=media&name=${encodeURIComponent(object.name)}`, {
      method: 'POST', body: object.body, headers: { 'Content-Type': 'text/plain' },
    });
    if (put.status !== 200) throw new Error(`writing ${object.name} in ${name}: ${put.status} ${put.body}`);
  }

  public stop(): void {
    this.ns.stop();
  }
}

/** The app's parts a run changes between synths (README "Creating the state store"). */
export interface StoreApp {
  /** The bucket's props besides `name`, `location` and `project`. */
  readonly bucket?: Partial<GcsStateBucketProps>;
  /** A local backend given to the bootstrap stack in the code (the tear-down's first step). */
  readonly localBackend?: boolean;
  /** The two stacks whose state is in the bucket: `network` (output `n`) and `service` (output `network_n`, read from network). */
  readonly appStacks?: boolean;
}

/** What a synth of the app wrote. */
export interface Synthesized {
  /** Each stack's directory under `<project>/cdktf.out/stacks`. */
  readonly dirs: Readonly<Record<string, string>>;
  /** The bootstrap stack's backend block. */
  readonly backend: Record<string, any>;
  /** The stack/state-moved notes on the bootstrap stack. */
  readonly moved: string[];
}

/** A new project directory, as the CLIs' `init` makes (the app's synth runs there). */
export function newProject(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Synthesizes the app in `project` for `target`: a stack `bootstrap` holding the bucket `name`
 * (location EU, project PROJECT) and, with `appStacks`, `network` and `service`, whose backends and
 * remote state come from the bucket.
 */
export function synthStoreApp(project: string, target: ParsedTarget, name: string, app: StoreApp = {}): Synthesized {
  // The whole app runs in the project's directory, as the CLIs run it: cdktf's LocalBackend takes its path from there.
  const stacks = quietly(() => inDirectory(project, () => makeApp(target, name, app)));
  const dirs = Object.fromEntries(stacks.map((s) => [s, path.join(project, 'cdktf.out', 'stacks', s)]));
  const json = JSON.parse(fs.readFileSync(path.join(dirs.bootstrap, 'cdk.tf.json'), 'utf8'));
  const manifest = JSON.parse(fs.readFileSync(path.join(project, 'cdktf.out', 'manifest.json'), 'utf8'));
  const moved = (manifest.stacks.bootstrap.annotations ?? []).map((a: { message: string }) => a.message)
    .filter((m: string) => m.endsWith('[stack/state-moved]'));
  return { dirs, backend: json.terraform.backend, moved };
}

/** Makes and synthesizes the app into `cdktf.out` of the working directory; the ids of its stacks. */
function makeApp(target: ParsedTarget, name: string, app: StoreApp): string[] {
  const made = new App({ outdir: 'cdktf.out', context: { [TARGET_CONTEXT_KEY]: formatTarget(target) } });
  const bootstrap = new TerraformStack(made, 'bootstrap');
  if (app.localBackend) new LocalBackend(bootstrap, {});
  const bucket = new GcsStateBucket(bootstrap, 'state', { name, location: 'EU', project: PROJECT, ...app.bucket });
  onEmulator(bootstrap);
  const stacks = ['bootstrap'];
  if (app.appStacks) {
    const network = new TerraformStack(made, 'network');
    bucket.backend(network, { prefix: 'network' });
    const data = new TerraformResource(network, 'data', { terraformResourceType: 'terraform_data' });
    data.addOverride('input', `network of ${name}`);
    new TerraformOutput(network, 'n_out', { value: '${terraform_data.data.output}' }).overrideLogicalId('n');
    const service = new TerraformStack(made, 'service');
    bucket.backend(service, { prefix: 'service' });
    const read = bucket.remoteState(service, 'network', { prefix: 'network' });
    new TerraformOutput(service, 'network_n_out', { value: read.getString('n') }).overrideLogicalId('network_n');
    stacks.push('network', 'service');
  }
  made.synth();
  return stacks;
}

/** The provider block the bucket declared, pointed at another universe (the escape hatch any cdktf element has). */
function onEmulator(stack: TerraformStack): void {
  const provider = stack.node.children.find((c): c is TerraformProvider => TerraformProvider.isTerraformProvider(c) && c.terraformResourceType === 'google');
  if (!provider) throw new Error('the bootstrap stack has no google provider block');
  provider.addOverride('universe_domain', UNIVERSE);
}

/** Runs `f` with `dir` as the working directory, as the CLIs run the app in the project's. */
function inDirectory<T>(dir: string, f: () => T): T {
  const before = process.cwd();
  process.chdir(dir);
  try {
    return f();
  } finally {
    process.chdir(before);
  }
}

/** Runs `f` without what the synth prints (the notes are read from the manifest). */
function quietly<T>(f: () => T): T {
  const quiet = [jest.spyOn(process.stderr, 'write').mockImplementation(() => true), jest.spyOn(process.stdout, 'write').mockImplementation(() => true)];
  try {
    return f();
  } finally {
    quiet.forEach((q) => q.mockRestore());
  }
}
