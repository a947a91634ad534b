/**
 * Run-time judge of GcsStateBucket: every judge, with the Google provider built from its source (from
 * the providers' mirror, offline), creates the bucket on fake-gcs-server, keeps two stacks' state in
 * it, moves the bootstrap stack's own state into it as the synth's note says, refuses to destroy it,
 * tears it down as the README says, and adopts a bucket made by hand (README "Creating the state
 * store"). One emulator per judge, the steps in order (each needs the one before).
 *
 * fake-gcs-server keeps a bucket's name and versioning only (its location is its `-location` flag)
 * and drops the other settings, so the request the provider sent, kept by a recording proxy between
 * the two (support/gcs-recorder.js), is the proof of the settings; and every plan after the create
 * proposes to set the dropped ones again, in place: a plan shows the move changed nothing by being
 * the plan before it. Every step is checked on the stored objects, never on exit codes alone.
 */
import * as fs from 'fs';
import * as path from 'path';
import { StoredState, gcsObject, gcsObjects, gcsState, parseState, requireRuntime, FAKE_GCS_VERSION, RunResult } from '../support/emulators';
import { FLAVOUR } from '../support/flavour';
import { PROJECT, RecordedGcs, StoreApp, Synthesized, newProject, synthStoreApp } from '../support/gcs-store-runs';
import { Judge, describeEachJudge, judgeEnv, requireJudges } from '../support/judges';
import { builtProvider } from '../support/providers';
import { scenario } from '../support/runtime-stacks';

const JUDGES = requireRuntime('fake-gcs-server') && builtProvider('google') ? requireJudges('runtime') : [];
const BUCKET = 'acme-tfstate';
const LABELS = { team: 'platform' };
const KMS_KEY = `projects/${PROJECT}/locations/eu/keyRings/tf/cryptoKeys/state`;
const APPLY = ['apply', '-auto-approve', '-input=false', '-no-color'];
const INIT = ['init', '-input=false', '-no-color'];
/** The init of the notes' copy command, `TF_CLI_ARGS_init=-force-copy <cli> diff <stack>`. */
const COPY = [...INIT, '-force-copy'];

/** What the plan of `dir` would do, per resource address: its actions, and the import's id. */
interface PlannedChange { readonly actions: string[]; readonly importing?: string }

describeEachJudge(`GcsStateBucket on fake-gcs-server ${FAKE_GCS_VERSION}`, JUDGES, (judge: Judge) => {
  let gcs: RecordedGcs;
  const project = newProject(`store-${judge.tool}-${judge.version}-`);
  const localState = path.join(project, 'terraform.bootstrap.tfstate');
  let first: Synthesized;
  let planBeforeMove: Record<string, PlannedChange>;

  beforeAll(() => {
    gcs = RecordedGcs.start();
  });
  afterAll(() => gcs?.stop());

  const run = (dir: string, args: readonly string[]) => gcs.ns.run(judge.binary, args, { cwd: dir, env: judgeEnv(gcs.env()) });
  const ok = (r: RunResult) => {
    if (r.status !== 0) throw new Error(`${judge.name} failed:\n${r.output}`);
    return r;
  };
  const synth = (app: StoreApp = {}) => synthStoreApp(project, judge.target, BUCKET, { appStacks: true, ...app });
  const stored = (name: string): StoredState => gcsState(gcs.ns, BUCKET, name);
  const showState = (dir: string) => JSON.parse(ok(run(dir, ['show', '-json', '-no-color'])).stdout);
  /** The plan of `dir` (saved as run.plan): what it printed, and its changes by address. */
  const plan = (dir: string): { text: string; changes: Record<string, PlannedChange> } => {
    const text = ok(run(dir, ['plan', '-input=false', '-no-color', '-out=run.plan'])).stdout;
    const changes: any[] = JSON.parse(ok(run(dir, ['show', '-json', '-no-color', 'run.plan'])).stdout).resource_changes ?? [];
    const byAddress = changes.map((c) => [c.address, { actions: c.change.actions, importing: c.change.importing?.id }]);
    return { text, changes: Object.fromEntries(byAddress) };
  };

  test(scenario('gcs-store-bootstrap', 'the bootstrap stack, on local state, creates the bucket'), () => {
    // GIVEN the app as a user writes it, synthesized before the bucket exists
    first = synth({ bucket: { labels: LABELS, kmsKeyName: KMS_KEY } });
    expect(Object.keys(first.backend)).toEqual(['local']);
    expect(first.moved).toEqual([]);
    // WHEN the bootstrap stack is deployed (init, apply: the Google provider from the mirror)
    ok(run(first.dirs.bootstrap, INIT));
    ok(run(first.dirs.bootstrap, APPLY));
    // THEN the emulator holds the bucket, versioned, and the local state records it
    expect(gcs.bucket(BUCKET)).toMatchObject({ name: BUCKET, location: 'EU', versioning: { enabled: true } });
    const state = JSON.parse(fs.readFileSync(localState, 'utf8'));
    expect(state.resources.map((r: any) => `${r.type}.${r.instances.length}`)).toEqual(['google_storage_bucket.1']);
    // AND the state has force_destroy false (the provider's own setting: no request carries it)
    const bucket = showState(first.dirs.bootstrap).values.root_module.resources[0];
    expect([bucket.type, bucket.values.name, bucket.values.force_destroy]).toEqual(['google_storage_bucket', BUCKET, false]);
    planBeforeMove = plan(first.dirs.bootstrap).changes;
  });

  test(scenario('gcs-store-defaults', 'the bucket\'s create request carries every default, the labels and the KMS key'), () => {
    // GIVEN the requests the provider sent through the recording proxy
    const inserts = gcs.requests().filter((r) => r.method === 'POST' && r.url.startsWith('/storage/v1/b?'));
    // THEN one created the bucket in the project, with every setting the construct writes
    expect(inserts).toHaveLength(1);
    expect(new URL(inserts[0].url, 'http://x').searchParams.get('project')).toBe(PROJECT);
    expect(inserts[0].status).toBe(200);
    const body = inserts[0].json;
    expect(body.name).toBe(BUCKET);
    expect(body.location).toBe('EU');
    expect(body.versioning).toEqual({ enabled: true });
    expect(body.lifecycle).toEqual({ rule: [{ action: { type: 'Delete' }, condition: { daysSinceNoncurrentTime: 365, isLive: false } }] });
    expect(body.softDeletePolicy).toEqual({ retentionDurationSeconds: '604800' });
    expect(body.iamConfiguration).toEqual({ uniformBucketLevelAccess: { enabled: true }, publicAccessPrevention: 'enforced' });
    expect(body.encryption).toEqual({ defaultKmsKeyName: KMS_KEY });
    // (the provider adds its own label)
    expect(body.labels).toEqual({ ...LABELS, 'goog-terraform-provisioned': 'true' });
    // AND nothing else but the provider's default storage class
    expect(Object.keys(body).sort()).toEqual(['encryption', 'iamConfiguration', 'labels', 'lifecycle', 'location', 'name', 'softDeletePolicy', 'storageClass', 'versioning']);
    expect(body.storageClass).toBe('STANDARD');
  });

  test(scenario('gcs-store-app-stacks', 'two stacks keep their state in the bucket; one reads the other through remoteState'), () => {
    // WHEN network, then service (which reads network's output) are deployed
    ok(run(first.dirs.network, INIT));
    ok(run(first.dirs.network, APPLY));
    ok(run(first.dirs.service, INIT));
    ok(run(first.dirs.service, APPLY));
    // THEN both states are objects in the bucket, under the prefixes backend() gave
    expect(gcsObjects(gcs.ns, BUCKET)).toEqual(['network/default.tfstate', 'service/default.tfstate']);
    expect(stored('network/default.tfstate').outputs).toEqual({ n: `network of ${BUCKET}` });
    // AND service read network's output from its stored state
    expect(stored('service/default.tfstate').outputs).toEqual({ network_n: `network of ${BUCKET}` });
  });

  test(scenario('gcs-store-own-state', 'the next synth moves the bootstrap\'s state into its bucket; the note\'s command copies it, lineage kept'), () => {
    const local = parseState(fs.readFileSync(localState, 'utf8'));
    // WHEN the app is synthesized again, its local state recording the bucket
    const second = synth();
    // THEN the bootstrap stack's backend is in its own bucket, and the synth notes the move with the command
    expect(second.backend).toEqual({ gcs: { bucket: BUCKET, prefix: 'state-store/bootstrap' } });
    expect(second.moved).toHaveLength(1);
    const command = /to copy the state there: (.*?) \(/.exec(second.moved[0])?.[1];
    expect(command).toBe(`TF_CLI_ARGS_init=-force-copy ${FLAVOUR} diff bootstrap`);
    // WHEN that command's init runs, as the plain tool does it: init given TF_CLI_ARGS_init's -force-copy
    ok(run(second.dirs.bootstrap, COPY));
    // THEN the bucket holds the bootstrap's state: the local state's resources and lineage, its serial one
    // up (the gcs backend first writes an empty state where the workspace has none, and the copy is
    // written over it as the next serial: gcs/backend_state.go StateMgr, states/remote/state.go PersistState)
    const moved = stored('state-store/bootstrap/default.tfstate');
    expect([moved.lineage, moved.serial]).toEqual([local.lineage, local.serial + 1]);
    const object = JSON.parse(gcsObject(gcs.ns, BUCKET, 'state-store/bootstrap/default.tfstate')!);
    expect(object.resources).toEqual(JSON.parse(fs.readFileSync(localState, 'utf8')).resources);
    // AND the plan is the one before the move: the bucket known, nothing to create or destroy (the
    // emulator's dropped settings are the only changes)
    expect(plan(second.dirs.bootstrap).changes).toEqual(planBeforeMove);
    expect(Object.values(planBeforeMove).flatMap((c) => c.actions)).toEqual(['update']);
    // WHEN the deploy applies, THEN the next state is written in the bucket, lineage kept; the local file is left as it was
    ok(run(second.dirs.bootstrap, APPLY));
    const applied = stored('state-store/bootstrap/default.tfstate');
    expect([applied.lineage, applied.serial]).toEqual([local.lineage, moved.serial + 1]);
    expect(parseState(fs.readFileSync(localState, 'utf8'))).toEqual(local);
    // AND the synth after it keeps the backend, with no note
    const third = synth();
    expect([third.backend, third.moved]).toEqual([second.backend, []]);
    // (README: the local file goes once the bucket's state is the bootstrap's)
    fs.rmSync(localState);
  });

  test(scenario('gcs-store-destroy-refused', 'destroy of the bootstrap stack fails on prevent_destroy; bucket and state unchanged'), () => {
    const before = stored('state-store/bootstrap/default.tfstate');
    // WHEN the bootstrap stack is destroyed
    const r = run(synth().dirs.bootstrap, ['destroy', '-auto-approve', '-input=false', '-no-color']);
    // THEN the tool refuses (opentofu 1.12.6 and later: "Resource instance cannot be destroyed"), and nothing changed
    expect(r.status).not.toBe(0);
    expect(r.output.replace(/\s+/g, ' ')).toMatch(/Error: (Resource instance|Instance) cannot be destroyed .* has (lifecycle\.)?prevent_destroy set/);
    expect(gcs.bucket(BUCKET)).toBeDefined();
    expect(stored('state-store/bootstrap/default.tfstate')).toEqual(before);
  });

  test(scenario('gcs-store-tear-down', 'the README\'s tear-down: state out of the bucket, loosen, deploy, destroy every stack'), () => {
    const inBucket = stored('state-store/bootstrap/default.tfstate');
    // GIVEN step 1: the bootstrap stack given a local backend in the code, and the note's copy (init -force-copy)
    const out = synth({ localBackend: true });
    expect(Object.keys(out.backend)).toEqual(['local']);
    ok(run(out.dirs.bootstrap, COPY));
    const local = parseState(fs.readFileSync(localState, 'utf8'));
    expect(local.lineage).toBe(inBucket.lineage);
    // WHEN step 2: preventDestroy(false), forceDestroy(true), deployed
    const loose = synth({ localBackend: true, bucket: { preventDestroy: false, forceDestroy: true } });
    ok(run(loose.dirs.bootstrap, APPLY));
    expect(showState(loose.dirs.bootstrap).values.root_module.resources[0].values.force_destroy).toBe(true);
    // AND step 3: every stack destroyed, those in the bucket first
    for (const stack of ['service', 'network']) {
      ok(run(loose.dirs[stack], ['destroy', '-auto-approve', '-input=false', '-no-color']));
      expect(stored(`${stack}/default.tfstate`).outputs).toEqual({});
    }
    ok(run(loose.dirs.bootstrap, ['destroy', '-auto-approve', '-input=false', '-no-color']));
    // THEN the bucket is gone with every object in it
    expect(gcs.bucket(BUCKET)).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(localState, 'utf8')).resources).toEqual([]);
  });

  test(scenario('gcs-store-adopt', 'adopt imports a bucket made by hand: 1 to import, no replacement; bucket and objects kept'), () => {
    // GIVEN a bucket made by hand, holding an object
    const legacy = 'legacy-tfstate';
    gcs.makeBucket(legacy, { name: 'keep/default.tfstate', body: 'kept' });
    const made = gcs.bucket(legacy);
    const adopting = newProject(`adopt-${judge.tool}-${judge.version}-`);
    // (another location would replace the bucket: the plan fails on prevent_destroy, as the README says)
    const elsewhere = synthStoreApp(adopting, judge.target, legacy, { bucket: { adopt: true, location: 'US' } });
    ok(run(elsewhere.dirs.bootstrap, INIT));
    const refused = run(elsewhere.dirs.bootstrap, ['plan', '-input=false', '-no-color']);
    expect(refused.status).not.toBe(0);
    expect(refused.output.replace(/\s+/g, ' ')).toMatch(/Error: (Resource instance|Instance) cannot be destroyed/);
    const app = synthStoreApp(adopting, judge.target, legacy, { bucket: { adopt: true } });
    // WHEN the plan is made
    const planned = plan(app.dirs.bootstrap);
    // THEN it imports the bucket, changes its settings in place, and replaces nothing
    expect(planned.text).toMatch(/Plan: 1 to import, 0 to add, 1 to change, 0 to destroy/);
    expect(Object.values(planned.changes)).toEqual([{ actions: ['update'], importing: `${PROJECT}/${legacy}` }]);
    // WHEN it is applied
    ok(run(app.dirs.bootstrap, ['apply', '-input=false', '-no-color', 'run.plan']));
    // THEN the same bucket is there, with its object, and the state holds it
    expect(gcs.bucket(legacy)).toMatchObject({ name: legacy, timeCreated: made.timeCreated });
    expect(gcsObjects(gcs.ns, legacy)).toEqual(['keep/default.tfstate']);
    expect(showState(app.dirs.bootstrap).values.root_module.resources.map((r: any) => r.values.id)).toEqual([legacy]);
    // AND the provider sent the settings in place (a patch of that bucket), never a create
    const sent = gcs.requests().filter((r) => r.url.startsWith(`/storage/v1/b/${legacy}?`) && r.method === 'PATCH');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[sent.length - 1].json).toMatchObject({
      iamConfiguration: { uniformBucketLevelAccess: { enabled: true }, publicAccessPrevention: 'enforced' },
      lifecycle: { rule: [{ action: { type: 'Delete' }, condition: { daysSinceNoncurrentTime: 365, isLive: false } }] },
      softDeletePolicy: { retentionDurationSeconds: '604800' },
      versioning: { enabled: true },
    });
    expect(gcs.requests().filter((r) => r.method === 'POST' && r.url.startsWith('/storage/v1/b?')).map((r) => r.json.name)).not.toContain(legacy);
  });
});
