/**
 * The bootstrap stack's own state (src/private/framework/own-state.ts): local until its local
 * state records the store created, then a backend in its own store under `state-store/<stack id>`,
 * with the stack/state-moved note that says how to copy the state there.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, LocalBackend, TerraformStack, Testing } from 'cdktf';
import { AzurermStateContainer, GcsStateBucket, OssStateBucket, StateBackendTarget } from '../../../../src';
import { FLAVOUR } from '../../../support/flavour';

/** Writes stack `id`'s last init under `app`'s output: a backend of `type` with `config`. */
function recordInit(app: App, id: string, type: string, config: Record<string, unknown>): void {
  const dir = path.join(app.outdir, 'stacks', id, '.terraform');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'terraform.tfstate'), JSON.stringify({ version: 3, terraform_version: '1.11.4', backend: { type, config, hash: 1 } }));
}

/** A local state file recording `resources` (`type.name`) as created, as the tools write it. */
function localState(resources: readonly string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'own-state-')), 'terraform.bootstrap.tfstate');
  const entries = resources.map((r) => {
    const [type, name] = r.split('.');
    return { mode: 'managed', type, name, provider: 'provider["registry.terraform.io/hashicorp/x"]', instances: [{ schema_version: 0, attributes: { id: name } }] };
  });
  fs.writeFileSync(file, JSON.stringify({ version: 4, terraform_version: '1.11.4', serial: 1, lineage: 'l', outputs: {}, resources: entries }));
  return file;
}

/** Synthesizes `app` quietly; the bootstrap stack's backend block and its state-moved notes. */
function synthBootstrap(app: App): { backend: Record<string, any>; moved: string[] } {
  const quiet = [jest.spyOn(process.stderr, 'write').mockImplementation(() => true), jest.spyOn(process.stdout, 'write').mockImplementation(() => true)];
  try {
    app.synth();
  } finally {
    quiet.forEach((q) => q.mockRestore());
  }
  const json = JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', 'bootstrap', 'cdk.tf.json'), 'utf8'));
  const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
  const moved = manifest.stacks.bootstrap.annotations.map((a: { message: string }) => a.message).filter((m: string) => m.endsWith('[stack/state-moved]'));
  return { backend: json.terraform.backend, moved };
}

function gcsApp(): { app: App; stack: TerraformStack; bucket: GcsStateBucket } {
  const app = Testing.app();
  StateBackendTarget.terraform('1.11.4').applyTo(app);
  const stack = new TerraformStack(app, 'bootstrap');
  return { app, stack, bucket: new GcsStateBucket(stack, 'state', { name: 'acme-tfstate', location: 'EU' }) };
}

describe('the bootstrap stack\'s own state', () => {
  test('stays local while nothing records the bucket', () => {
    const { app } = gcsApp();
    expect(Object.keys(synthBootstrap(app).backend)).toEqual(['local']);
  });

  test('moves to the bucket once its local state records it, with the note that copies the state there', () => {
    const { app, bucket } = gcsApp();
    recordInit(app, 'bootstrap', 'local', { path: localState([`google_storage_bucket.${(bucket.bucketResource).friendlyUniqueId}`]), workspace_dir: null });
    const { backend, moved } = synthBootstrap(app);
    expect(backend).toEqual({ gcs: { bucket: 'acme-tfstate', prefix: 'state-store/bootstrap' } });
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatch(new RegExp('^stack bootstrap\'s state moves: the last init in .* used a local backend, this synth names a gcs backend; .*; ' +
      `to copy the state there: TF_CLI_ARGS_init=-force-copy ${FLAVOUR} diff bootstrap `));
  });

  test('offers the copy alone: -reconfigure would start the stack that holds the bucket empty, planning the bucket anew', () => {
    const { app, bucket } = gcsApp();
    recordInit(app, 'bootstrap', 'local', { path: localState([`google_storage_bucket.${bucket.bucketResource.friendlyUniqueId}`]), workspace_dir: null });
    const [note] = synthBootstrap(app).moved;
    expect(note).toContain(`TF_CLI_ARGS_init=-force-copy ${FLAVOUR} diff bootstrap`);
    expect(note).not.toContain('-reconfigure');
  });

  test('an adopted bucket\'s note says the copy replaces a state another checkout moved there', () => {
    const app = Testing.app();
    StateBackendTarget.terraform('1.11.4').applyTo(app);
    const stack = new TerraformStack(app, 'bootstrap');
    const bucket = new GcsStateBucket(stack, 'state', { name: 'acme-tfstate', location: 'EU', adopt: true });
    recordInit(app, 'bootstrap', 'local', { path: localState([`google_storage_bucket.${bucket.bucketResource.friendlyUniqueId}`]), workspace_dir: null });
    const [note] = synthBootstrap(app).moved;
    expect(note).toContain('the store is adopted (it existed before this state): if another checkout moved this stack\'s state into it, ' +
      'that object holds it and the copy replaces it without a question: then do not copy');
  });

  test('under TF_CLI_ARGS_init=-reconfigure the note says the init copies nothing, and what the plan then does', () => {
    const { app, bucket } = gcsApp();
    recordInit(app, 'bootstrap', 'local', { path: localState([`google_storage_bucket.${bucket.bucketResource.friendlyUniqueId}`]), workspace_dir: null });
    const before = process.env.TF_CLI_ARGS_init;
    process.env.TF_CLI_ARGS_init = '-reconfigure';
    try {
      const [note] = synthBootstrap(app).moved;
      expect(note).toContain('this run\'s init uses it as it is (-reconfigure in TF_CLI_ARGS_init), copying nothing');
      expect(note).toContain('that plan creates the store anew and fails (it exists)');
      expect(note).not.toContain('Backend configuration changed');
    } finally {
      if (before === undefined) delete process.env.TF_CLI_ARGS_init;
      else process.env.TF_CLI_ARGS_init = before;
    }
  });

  test('stays in the bucket once the last init used it', () => {
    const { app } = gcsApp();
    recordInit(app, 'bootstrap', 'gcs', { bucket: 'acme-tfstate', prefix: 'state-store/bootstrap' });
    const { backend, moved } = synthBootstrap(app);
    expect(backend).toEqual({ gcs: { bucket: 'acme-tfstate', prefix: 'state-store/bootstrap' } });
    expect(moved).toEqual([]);
  });

  test('a last init in another bucket, or a local state without the bucket, leaves the stack local', () => {
    const other = gcsApp();
    recordInit(other.app, 'bootstrap', 'gcs', { bucket: 'other-tfstate', prefix: 'x' });
    expect(Object.keys(synthBootstrap(other.app).backend)).toEqual(['local']);
    const empty = gcsApp();
    recordInit(empty.app, 'bootstrap', 'local', { path: localState(['google_storage_bucket.other']) });
    expect(Object.keys(synthBootstrap(empty.app).backend)).toEqual(['local']);
  });

  test('a backend the app gives the stack wins', () => {
    const { app, stack, bucket } = gcsApp();
    recordInit(app, 'bootstrap', 'local', { path: localState([`google_storage_bucket.${bucket.bucketResource.friendlyUniqueId}`]) });
    new LocalBackend(stack, { path: 'keep.tfstate' });
    expect(synthBootstrap(app).backend).toEqual({ local: { path: 'keep.tfstate' } });
  });

  test('OSS moves once both the bucket and the lock table are recorded, and locks with its table', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'bootstrap');
    const oss = new OssStateBucket(stack, 'state', { bucket: 'acme-tfstate', region: 'cn-hangzhou' });
    const bucket = `alicloud_oss_bucket.${oss.bucketResource.friendlyUniqueId}`;
    recordInit(app, 'bootstrap', 'local', { path: localState([bucket]) });
    expect(Object.keys(synthBootstrap(app).backend)).toEqual(['local']);
    const again = Testing.app();
    const oss2 = new OssStateBucket(new TerraformStack(again, 'bootstrap'), 'state', { bucket: 'acme-tfstate', region: 'cn-hangzhou' });
    recordInit(again, 'bootstrap', 'local', { path: localState([bucket, `alicloud_ots_table.${oss2.lockTableResource!.friendlyUniqueId}`]) });
    expect(synthBootstrap(again).backend.oss).toMatchObject({ bucket: 'acme-tfstate', prefix: 'state-store/bootstrap', tablestore_table: 'terraform_lock' });
  });

  test('AzureRM keeps it as the blob state-store/<stack id>.tfstate, once the account and the container are recorded', () => {
    const app = Testing.app();
    const az = new AzurermStateContainer(new TerraformStack(app, 'bootstrap'), 'state', { storageAccountName: 'acmetfstate', resourceGroupName: 'rg', location: 'westeurope' });
    recordInit(app, 'bootstrap', 'local', {
      path: localState([`azurerm_storage_account.${az.accountResource.friendlyUniqueId}`, `azurerm_storage_container.${az.containerResource.friendlyUniqueId}`]),
    });
    expect(synthBootstrap(app).backend.azurerm).toMatchObject({ storage_account_name: 'acmetfstate', container_name: 'tfstate', key: 'state-store/bootstrap.tfstate' });
  });
});
