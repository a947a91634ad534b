/**
 * The backend the last init of a stack's directory used against the one a synth names
 * (src/private/framework/moved-state.ts): `.terraform/terraform.tfstate` under
 * `<outdir>/stacks/<stack>` as both tools write it, and the `stack/state-moved` warning.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack, Testing } from 'cdktf';
import { AzurermBackend, GcsBackend, StateBackendTarget, StateBackendValue, StateBackendWarnings } from '../../../../src';
import { lastInit } from '../../../../src/private/framework/moved-state';
import { warningsOf } from '../../../support/annotations';
import { FLAVOUR } from '../../../support/flavour';

/** An app (terraform 1.11.4) whose stack `network`'s directory holds a last init of `type` with `config`. */
function initialized(type: string, config: Record<string, unknown>, workspace?: string): { app: App; stack: TerraformStack } {
  const app = Testing.app();
  StateBackendTarget.terraform('1.11.4').applyTo(app);
  const dotTerraform = path.join(app.outdir, 'stacks', 'network', '.terraform');
  fs.mkdirSync(dotTerraform, { recursive: true });
  // As terraform 1.11.4 writes it: every argument of the schema, null where unset.
  fs.writeFileSync(path.join(dotTerraform, 'terraform.tfstate'), JSON.stringify({
    version: 3, terraform_version: '1.11.4', backend: { type, config: { access_token: null, credentials: null, ...config }, hash: 1 },
  }));
  if (workspace) fs.writeFileSync(path.join(dotTerraform, 'environment'), workspace);
  return { app, stack: new TerraformStack(app, 'network') };
}

const moved = (stack: TerraformStack) => warningsOf(stack).filter((w) => w.endsWith('[stack/state-moved]'));
/** The stack's directory as the warning names it: relative to the working directory when below it (here, in a temporary directory: absolute). */
const dirOf = (app: App) => {
  const dir = path.join(app.outdir, 'stacks', 'network');
  const relative = path.relative(process.cwd(), dir);
  return relative.startsWith('..') ? dir : relative;
};

describe('lastInit', () => {
  test('reads the type, the arguments set and the workspace, and nothing where no init ran', () => {
    const { app } = initialized('gcs', { bucket: 'app-state', prefix: 'network' }, 'blue');
    expect(lastInit(path.join(app.outdir, 'stacks', 'network'))).toEqual({ type: 'gcs', config: { bucket: 'app-state', prefix: 'network' }, workspace: 'blue' });
    expect(lastInit(path.join(app.outdir, 'stacks', 'other'))).toBeUndefined();
  });
});

describe('stack/state-moved', () => {
  test('warns if the synth names another object than the last init used, with both commands', () => {
    // GIVEN a directory last initialized with prefix "network", and a synth with forEachStack's layout
    const { app, stack } = initialized('gcs', { bucket: 'app-state', prefix: 'network' });
    GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'prod' });
    // THEN the warning names both objects and the commands
    expect(moved(stack)).toEqual([
      `stack network's state moves: the last init in ${dirOf(app)} used gcs bucket="app-state", object "network/default.tfstate", ` +
        'this synth names gcs bucket="app-state", object "prod/network/default.tfstate"; ' +
        `to copy the state there: ${FLAVOUR} deploy network --migrate-state (init -migrate-state copies every workspace's state and leaves the old objects as they are); ` +
        `to use the new object as it is, without copying: TF_CLI_ARGS_init=-reconfigure ${FLAVOUR} deploy network [stack/state-moved]`,
    ]);
  });

  test('names the object of the workspace the directory has selected', () => {
    const { stack } = initialized('gcs', { bucket: 'app-state', prefix: 'network' }, 'blue');
    new GcsBackend(stack, { bucket: 'app-state', prefix: 'net' });
    expect(moved(stack).join('\n')).toContain('used gcs bucket="app-state", object "network/blue.tfstate", this synth names gcs bucket="app-state", object "net/blue.tfstate"');
  });

  test('does not warn where the object is the same, however the block is spelled', () => {
    const { stack } = initialized('gcs', { bucket: 'app-state', prefix: 'network' });
    new GcsBackend(stack, { bucket: 'app-state', prefix: '/network/' });
    expect(moved(stack)).toEqual([]);
  });

  test('does not warn where no init ran in the directory', () => {
    const stack = new TerraformStack(Testing.app(), 'network');
    new GcsBackend(stack, { bucket: 'app-state', prefix: 'network' });
    expect(moved(stack)).toEqual([]);
  });

  test('warns if the backend type changed', () => {
    const { stack } = initialized('local', { path: '../../terraform.network.tfstate' });
    new AzurermBackend(stack, { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'network.tfstate' });
    expect(moved(stack).join('\n')).toContain(`used a local backend, this synth names a azurerm backend; to copy the state there: ${FLAVOUR} deploy network --migrate-state`);
  });

  test('takes the values the run gave at init as the last init gave them: only the code\'s part moves', () => {
    // GIVEN a bucket left to init (given as -backend-config=bucket=... last time)
    const same = initialized('gcs', { bucket: 'acme-prod', prefix: 'network' });
    new GcsBackend(same.stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    expect(moved(same.stack)).toEqual([]);
    const other = initialized('gcs', { bucket: 'acme-prod', prefix: 'network' });
    new GcsBackend(other.stack, { bucket: StateBackendValue.fromInit(), prefix: 'prod/network' });
    expect(moved(other.stack).join('\n')).toContain('used gcs bucket="acme-prod", object "network/default.tfstate", this synth names gcs bucket="acme-prod", object "prod/network/default.tfstate"');
  });

  test('does not warn where a config file gives the object the last init used (a switch of environment is the run\'s choice)', () => {
    const { stack } = initialized('gcs', { bucket: 'acme-prod', prefix: 'network' });
    const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    backend.addConfigFile('prod', { bucket: 'acme-prod' });
    backend.addConfigFile('dev', { bucket: 'acme-dev' });
    expect(moved(stack)).toEqual([]);
  });

  test('warns if no config file gives the object the last init used, naming -reconfigure and never --migrate-state for a switch', () => {
    // GIVEN a directory last initialized with a bucket no file names now
    const { app, stack } = initialized('gcs', { bucket: 'acme-prod-old', prefix: 'network' });
    const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    backend.addConfigFile('prod', { bucket: 'acme-prod' });
    backend.addConfigFile('dev', { bucket: 'acme-dev' });
    expect(moved(stack)).toEqual([
      `stack network's state is where no config file puts it: the last init in ${dirOf(app)} used gcs bucket="acme-prod-old", object "network/default.tfstate", ` +
        'this synth names gcs bucket="acme-prod", object "network/default.tfstate" with prod.tfbackend, gcs bucket="acme-dev", object "network/default.tfstate" with dev.tfbackend; ' +
        `to switch to another environment's object: TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend" ${FLAVOUR} deploy network ` +
        '(never --migrate-state there: it copies the last environment\'s state over the other\'s); ' +
        `to move this environment's state to the object its file now names: TF_CLI_ARGS_init=-backend-config=prod.tfbackend ${FLAVOUR} deploy network --migrate-state [stack/state-moved]`,
    ]);
  });

  test('names the config file the last init was given in the commands to move', () => {
    const { stack } = initialized('gcs', { bucket: 'acme-prod', prefix: 'network' });
    const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'prod/network' });
    backend.addConfigFile('dev', { bucket: 'acme-dev' });
    backend.addConfigFile('prod', { bucket: 'acme-prod' });
    expect(moved(stack).join('\n')).toContain(
      `to copy the state there: TF_CLI_ARGS_init=-backend-config=prod.tfbackend ${FLAVOUR} deploy network --migrate-state ` +
        '(init -migrate-state copies every workspace\'s state and leaves the old objects as they are); ' +
        `to use the new object as it is, without copying: TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend" ${FLAVOUR} deploy network [stack/state-moved]`,
    );
  });

  test('can be acknowledged like every warning', () => {
    const { app, stack } = initialized('gcs', { bucket: 'app-state', prefix: 'network' });
    new GcsBackend(stack, { bucket: 'app-state', prefix: 'prod/network' });
    StateBackendWarnings.acknowledge(app, 'stack/state-moved', 'the state was copied with terraform init -migrate-state');
    expect(moved(stack)).toEqual([]);
  });
});
