/**
 * The backend the last init of a stack's directory used against the one a synth and its run name
 * (src/private/framework/moved-state.ts, last-init.ts, moved-state-text.ts, orphaned-inits.ts):
 * `.terraform/terraform.tfstate` under `<outdir>/stacks/<stack>` as the tools write it (every argument,
 * null where unset, and the hash of the block alone), the run's TF_CLI_ARGS_init and TF_WORKSPACE,
 * and the `stack/state-moved` warning.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Aspects, TerraformOutput, TerraformResource, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { CosBackend, GcsBackend, AzurermBackend, StateBackendTarget, StateBackendValue, StateBackendWarnings } from '../../../../src';
import { lastInit } from '../../../../src/private/framework/last-init';
import { backendBlockHash } from '../../../../src/private/kit/backend-hash';
import { warningsOf } from '../../../support/annotations';
import { FLAVOUR } from '../../../support/flavour';

/** The arguments of terraform 1.11.4's gcs backend, as its records name them. */
const GCS_KEYS = ['access_token', 'bucket', 'credentials', 'encryption_key', 'impersonate_service_account', 'impersonate_service_account_delegates',
  'kms_encryption_key', 'prefix', 'storage_custom_endpoint'];

interface Init {
  readonly type?: string;
  readonly keys?: readonly string[];
  /** The block the last init read (its hash is recorded); none: a record without a hash. */
  readonly block?: Record<string, unknown>;
  readonly workspace?: string;
  readonly stack?: string;
  readonly target?: StateBackendTarget;
}

/** Writes, under `app`'s output, stack `id`'s last init of `config` (terraform 1.11.4's record). */
function recordInit(app: App, config: Record<string, unknown>, init: Init = {}): void {
  const type = init.type ?? 'gcs';
  const keys = init.keys ?? GCS_KEYS;
  const recorded = { ...Object.fromEntries(keys.map((k) => [k, null])), ...config };
  const dotTerraform = path.join(app.outdir, 'stacks', init.stack ?? 'network', '.terraform');
  fs.mkdirSync(dotTerraform, { recursive: true });
  const hash = init.block ? backendBlockHash(type, keys, recorded, init.block) : undefined;
  fs.writeFileSync(path.join(dotTerraform, 'terraform.tfstate'), JSON.stringify({ version: 3, terraform_version: '1.11.4', backend: { type, config: recorded, hash } }));
  if (init.workspace) fs.writeFileSync(path.join(dotTerraform, 'environment'), init.workspace);
}

/** An app (terraform 1.11.4 unless `init.target`) whose stack `network`'s directory holds a last init of `config`. */
function initialized(config: Record<string, unknown>, init: Init = {}): { app: App; stack: TerraformStack } {
  const app = Testing.app();
  (init.target ?? StateBackendTarget.terraform('1.11.4')).applyTo(app);
  recordInit(app, config, init);
  return { app, stack: new TerraformStack(app, 'network') };
}

/** What the framework CLIs set for the app they run (src/private/framework/warnings.ts). */
const CLI_VARIABLE = 'CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS';

/** Runs `fn` with `env` set (TF_CLI_ARGS_init, TF_WORKSPACE, ...), as a CLI passes its environment to the app. */
function withEnv<T>(env: Record<string, string>, fn: () => T): T {
  const names = ['TF_CLI_ARGS_init', 'TF_CLI_ARGS', 'TF_WORKSPACE', CLI_VARIABLE, ...Object.keys(env)];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  names.forEach((n) => delete process.env[n]);
  Object.assign(process.env, env);
  try {
    return fn();
  } finally {
    for (const [n, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[n];
      else process.env[n] = v;
    }
  }
}

const moved = (stack: TerraformStack, env: Record<string, string> = {}) => withEnv(env, () => warningsOf(stack).filter((w) => w.endsWith('[stack/state-moved]')));
/** The stack's directory as the warning names it: relative to the working directory when below it (here, in a temporary directory: absolute). */
const dirOf = (app: App, id = 'network') => {
  const dir = path.join(app.outdir, 'stacks', id);
  const relative = path.relative(process.cwd(), dir);
  return relative.startsWith('..') ? dir : relative;
};
const COPY_NOTE = '(init -migrate-state copies every workspace\'s state and leaves the old objects as they are; with named workspaces besides default, put ' +
  '-force-copy in TF_CLI_ARGS_init instead of --migrate-state: init then asks "migrate all workspaces?", which neither CLI answers)';

describe('lastInit', () => {
  test('reads the type, the arguments set, the hash and the workspace, and nothing where no init ran', () => {
    const { app } = initialized({ bucket: 'app-state', prefix: 'network' }, { workspace: 'blue', block: { bucket: 'app-state', prefix: 'network' } });
    const last = lastInit(path.join(app.outdir, 'stacks', 'network'));
    expect(last).toMatchObject({ type: 'gcs', config: { bucket: 'app-state', prefix: 'network' }, workspace: 'blue' });
    expect(last?.hash).toBe(backendBlockHash('gcs', GCS_KEYS, {}, { bucket: 'app-state', prefix: 'network' }));
    expect(Object.keys(last!.recorded)).toEqual(GCS_KEYS);
    expect(lastInit(path.join(app.outdir, 'stacks', 'other'))).toBeUndefined();
  });
});

describe('stack/state-moved', () => {
  describe('the code moves the object', () => {
    test('warns if the synth names another object than the last init used, with both commands', () => {
      // GIVEN a directory last initialized with prefix "network", and a synth with forEachStack's layout
      const { app, stack } = initialized({ bucket: 'app-state', prefix: 'network' }, { block: { bucket: 'app-state', prefix: 'network' } });
      GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'prod' });
      // THEN the warning names both objects and the commands
      expect(moved(stack)).toEqual([
        `stack network's state moves: the last init in ${dirOf(app)} used gcs bucket="app-state", object "network/default.tfstate", ` +
          'this synth names gcs bucket="app-state", object "prod/network/default.tfstate"; ' +
          `to copy the state there: ${FLAVOUR} deploy network --migrate-state ${COPY_NOTE}; ` +
          `to use the new object as it is, without copying (its state, empty if none): TF_CLI_ARGS_init=-reconfigure ${FLAVOUR} deploy network [stack/state-moved]`,
      ]);
    });

    test('names the object of the run\'s workspace (TF_WORKSPACE over the directory\'s), and copies with -force-copy there', () => {
      // GIVEN a directory whose selected workspace is blue
      const { stack } = initialized({ bucket: 'app-state', prefix: 'network' }, { workspace: 'blue', block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'net' });
      // THEN the objects are blue's, and the copy answers "migrate all workspaces?" with -force-copy
      const blue = moved(stack).join('\n');
      expect(blue).toContain('used gcs bucket="app-state", object "network/blue.tfstate", this synth names gcs bucket="app-state", object "net/blue.tfstate"');
      expect(blue).toContain(`to copy the state there: TF_CLI_ARGS_init=-force-copy ${FLAVOUR} deploy network (the run's workspace is blue`);
      expect(blue).not.toContain('--migrate-state');
      // AND with TF_WORKSPACE=dev, dev's
      expect(moved(stack, { TF_WORKSPACE: 'dev' }).join('\n')).toContain('object "network/dev.tfstate", this synth names gcs bucket="app-state", object "net/dev.tfstate"');
    });

    test('does not warn where the last init selected another workspace: the workspace is the run\'s choice, not a move', () => {
      // GIVEN a directory whose selected workspace is blue, and the block the last init read
      const { stack } = initialized({ bucket: 'app-state', prefix: 'network' }, { workspace: 'blue', block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'network' });
      // THEN neither the directory's workspace nor another the run selects is a move
      expect(moved(stack)).toEqual([]);
      expect(moved(stack, { TF_WORKSPACE: 'default' })).toEqual([]);
      expect(moved(stack, { TF_WORKSPACE: 'dev' })).toEqual([]);
    });

    test('does not warn where the object is the same, however the block is spelled', () => {
      const { stack } = initialized({ bucket: 'app-state', prefix: 'network' }, { block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(stack, { bucket: 'app-state', prefix: '/network/' });
      expect(moved(stack)).toEqual([]);
    });

    test('does not warn where no init ran in the directory', () => {
      const stack = new TerraformStack(Testing.app(), 'network');
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'network' });
      expect(moved(stack)).toEqual([]);
    });

    test('a stack that reads another\'s outputs is deployed alone with --ignore-missing-stack-dependencies (the CLIs refuse it otherwise)', () => {
      // GIVEN the app stack, reading the network's resource, last initialized with its own prefix
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      recordInit(app, { bucket: 'app-state', prefix: 'app' }, { stack: 'app', block: { bucket: 'app-state', prefix: 'app' } });
      const network = new TerraformStack(app, 'network');
      const vpc = new TerraformResource(network, 'vpc', { terraformResourceType: 'terraform_data' });
      new TerraformOutput(new TerraformStack(app, 'app'), 'vpc', { value: vpc.getStringAttribute('id') });
      GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'prod' });
      // WHEN the app is synthesized (which makes the dependency) THEN the app stack's commands carry the flag
      const text = withEnv({}, () => {
        const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
        try {
          app.synth();
        } finally {
          quiet.mockRestore();
        }
        return JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8')).stacks.app.annotations.map((a: { message: string }) => a.message).join('\n');
      });
      expect(text).toContain(`to copy the state there: ${FLAVOUR} deploy app --ignore-missing-stack-dependencies --migrate-state`);
    });

    test('warns if the backend type changed', () => {
      const { stack } = initialized({ path: '../../terraform.network.tfstate' }, { type: 'local', keys: ['path', 'workspace_dir'] });
      new AzurermBackend(stack, { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'network.tfstate' });
      expect(moved(stack).join('\n')).toContain(`used a local backend, this synth names a azurerm backend; to copy the state there: ${FLAVOUR} deploy network --migrate-state`);
    });

    test('takes the values the run gave at init as the last init gave them: only the code\'s part moves, and the commands give them again', () => {
      // GIVEN a bucket left to init (given as -backend-config=bucket=... last time)
      const same = initialized({ bucket: 'acme-prod', prefix: 'network' }, { block: { prefix: 'network' } });
      new GcsBackend(same.stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
      expect(moved(same.stack)).toEqual([]);
      const other = initialized({ bucket: 'acme-prod', prefix: 'network' }, { block: { prefix: 'network' } });
      new GcsBackend(other.stack, { bucket: StateBackendValue.fromInit(), prefix: 'prod/network' });
      const text = moved(other.stack).join('\n');
      expect(text).toContain('used gcs bucket="acme-prod", object "network/default.tfstate", this synth names gcs bucket="acme-prod", object "prod/network/default.tfstate"');
      expect(text).toContain(`to copy the state there: TF_CLI_ARGS_init=-backend-config=bucket=acme-prod ${FLAVOUR} deploy network --migrate-state`);
    });

    test('compares parts from env vars as the run\'s values: a COS region from TENCENTCLOUD_REGION moves with the prefix only', () => {
      const keys = ['bucket', 'region', 'prefix', 'key', 'secret_id', 'secret_key'];
      const init = { type: 'cos', keys, block: { bucket: 'tf-1250000000', prefix: 'network' } };
      const same = initialized({ bucket: 'tf-1250000000', prefix: 'network' }, init);
      new CosBackend(same.stack, { bucket: 'tf-1250000000', prefix: 'network' });
      expect(moved(same.stack)).toEqual([]);
      const other = initialized({ bucket: 'tf-1250000000', prefix: 'network' }, init);
      new CosBackend(other.stack, { bucket: 'tf-1250000000', prefix: 'prod/network' });
      expect(moved(other.stack).join('\n')).toContain('this synth names cos bucket="tf-1250000000", object "prod/network/terraform.tfstate"');
    });

    test('compares an OpenTofu variable as the run\'s value: the literal part of `vars/${var.env}` moving is a move', () => {
      const tofu = StateBackendTarget.opentofu('1.12.6');
      const keys = [...GCS_KEYS];
      // GIVEN the last init evaluated prefix "vars/${var.env}" with env = dev
      const same = initialized({ bucket: 'acme', prefix: 'vars/dev' }, { block: { bucket: 'acme', prefix: 'vars/dev' }, target: tofu, keys });
      const env = new TerraformVariable(same.stack, 'env', { type: 'string' });
      new GcsBackend(same.stack, { bucket: 'acme', prefix: `vars/${env.stringValue}` });
      expect(moved(same.stack)).toEqual([]);
      const other = initialized({ bucket: 'acme', prefix: 'vars/dev' }, { block: { bucket: 'acme', prefix: 'vars/dev' }, target: tofu, keys });
      const env2 = new TerraformVariable(other.stack, 'env', { type: 'string' });
      new GcsBackend(other.stack, { bucket: 'acme', prefix: `v2/${env2.stringValue}` });
      expect(moved(other.stack).join('\n')).toContain('used gcs bucket="acme", object "vars/dev/default.tfstate", this synth names gcs bucket="acme", object "v2/${var.env}/default.tfstate"');
    });

    test('compares `${terraform.workspace}` as the workspace of the last init, and a literal `%{` as itself (OpenTofu evaluates the block)', () => {
      const tofu = StateBackendTarget.opentofu('1.12.6');
      const keys = [...GCS_KEYS];
      // GIVEN the last init, in workspace dev, evaluated prefix "app/${terraform.workspace}" to app/dev
      const same = initialized({ bucket: 'acme', prefix: 'app/dev' }, { block: { bucket: 'acme', prefix: 'app/dev' }, target: tofu, keys, workspace: 'dev' });
      new GcsBackend(same.stack, { bucket: 'acme', prefix: 'app/${terraform.workspace}' });
      expect(moved(same.stack)).toEqual([]);
      // AND a prefix holding %{ as text (emitted escaped) against the record's literal text
      const literal = initialized({ bucket: 'acme', prefix: 'net%{work' }, { block: { bucket: 'acme', prefix: 'net%{work' }, target: tofu, keys });
      new GcsBackend(literal.stack, { bucket: 'acme', prefix: 'net%{work' });
      expect(moved(literal.stack)).toEqual([]);
      // THEN a literal part that moves is a move
      const other = initialized({ bucket: 'acme', prefix: 'app/dev' }, { block: { bucket: 'acme', prefix: 'app/dev' }, target: tofu, keys, workspace: 'dev' });
      new GcsBackend(other.stack, { bucket: 'acme', prefix: 'v2/${terraform.workspace}' });
      expect(moved(other.stack).join('\n')).toContain('used gcs bucket="acme", object "app/dev/dev.tfstate", this synth names gcs bucket="acme", object "v2/dev/dev.tfstate"');
    });

    test('after the stack\'s aspects: an aspect\'s override of the prefix, as the last init read it, is no move', () => {
      // GIVEN the last init read the block as the aspect leaves it
      const { app, stack } = initialized({ bucket: 'app-state', prefix: 'prod/network' }, { block: { bucket: 'app-state', prefix: 'prod/network' } });
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'network' });
      Aspects.of(stack).add({ visit: (node) => { if (node instanceof GcsBackend) node.addOverride('prefix', 'prod/network'); } });
      // WHEN the app is synthesized THEN no warning is in the manifest
      withEnv({}, () => {
        const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
        try {
          app.synth();
        } finally {
          quiet.mockRestore();
        }
      });
      const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
      expect(manifest.stacks.network.annotations.filter((a: { message: string }) => a.message.includes('[stack/state-moved]'))).toEqual([]);
    });

    test('can be acknowledged like every warning', () => {
      const { app, stack } = initialized({ bucket: 'app-state', prefix: 'network' }, { block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'prod/network' });
      StateBackendWarnings.acknowledge(app, 'stack/state-moved', 'the state was copied with terraform init -migrate-state');
      expect(moved(stack)).toEqual([]);
    });

    test('is shown, not refused, in strict mode: the deploy that moves the state must pass', () => {
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      StateBackendWarnings.strict(app);
      recordInit(app, { bucket: 'app-state', prefix: 'network' }, { block: { bucket: 'app-state', prefix: 'network' } });
      const stack = new TerraformStack(app, 'network');
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'prod/network' });
      const errors = withEnv({}, () => stack.node.findAll().flatMap((c) => c.node.validate()));
      expect(errors).toEqual([]);
      expect(warningsOf(stack).filter((w) => w.endsWith('[stack/state-moved]'))).toHaveLength(1);
    });
  });

  describe('values given at init (TF_CLI_ARGS_init) are the run\'s, not a move', () => {
    /** The block prefix "network", deployed with -backend-config=prefix=pr-42 (a pull request's object). */
    const pullRequest = () => {
      const { stack } = initialized({ bucket: 'app-state', prefix: 'pr-42' }, { block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'network' });
      return stack;
    };

    test('does not warn for the same override in TF_CLI_ARGS_init, nor for a run that gives none (the block is as the last init read it)', () => {
      expect(moved(pullRequest(), { TF_CLI_ARGS_init: '-backend-config=prefix=pr-42' })).toEqual([]);
      expect(moved(pullRequest())).toEqual([]);
    });

    test('a run given another value names that object, and copies nothing unless the state belongs there', () => {
      const text = moved(pullRequest(), { TF_CLI_ARGS_init: '-backend-config=prefix=pr-43' }).join('\n');
      expect(text).toContain('this run\'s init names gcs bucket="app-state", object "pr-43/default.tfstate"');
      expect(text).toContain(`if that is another environment's object (a pull request's, say): TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=pr-43" ${FLAVOUR} deploy network`);
      expect(text).toContain('never copy one environment\'s state over another\'s');
      // AND a run that chose -reconfigure, or to copy, is not warned
      expect(moved(pullRequest(), { TF_CLI_ARGS_init: '-reconfigure -backend-config=prefix=pr-43' })).toEqual([]);
      expect(moved(pullRequest(), { TF_CLI_ARGS_init: '-force-copy -backend-config=prefix=pr-43' })).toEqual([]);
    });
  });

  describe('config files, one per environment', () => {
    /** prod and dev files; the last init used `bucket` with the block's prefix `lastPrefix`; the block now has `prefix`. */
    const environments = (bucket: string, prefix = 'network', lastPrefix = 'network', files = ['prod', 'dev']) => {
      const { app, stack } = initialized({ bucket, prefix: lastPrefix }, { block: { prefix: lastPrefix } });
      const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix });
      for (const f of files) backend.addConfigFile(f, { bucket: `acme-${f}` });
      return { app, stack };
    };

    test('does not warn where a config file gives the object the last init used (a switch of environment is the run\'s choice)', () => {
      expect(moved(environments('acme-prod').stack)).toEqual([]);
      expect(moved(environments('acme-prod').stack, { TF_CLI_ARGS_init: '-backend-config=prod.tfbackend' })).toEqual([]);
      expect(moved(environments('acme-prod').stack, { TF_CLI_ARGS_init: '-reconfigure -backend-config=dev.tfbackend' })).toEqual([]);
    });

    test('warns if the run switches environments without -reconfigure, and never advises --migrate-state there', () => {
      const { app, stack } = environments('acme-prod');
      expect(moved(stack, { TF_CLI_ARGS_init: '-backend-config=dev.tfbackend' })).toEqual([
        `stack network's run switches environments: the last init in ${dirOf(app)} used gcs bucket="acme-prod", object "network/default.tfstate" (prod.tfbackend), ` +
          'this run\'s init names gcs bucket="acme-dev", object "network/default.tfstate" (dev.tfbackend), and stops at "Backend configuration changed"; ' +
          `to switch (its object as it is): TF_CLI_ARGS_init="-reconfigure -backend-config=dev.tfbackend" ${FLAVOUR} deploy network; ` +
          'never --migrate-state between environments: it copies prod.tfbackend\'s state over dev.tfbackend\'s [stack/state-moved]',
      ]);
    });

    test('finds the run\'s file in a relative output directory, as the CLIs give it (cdktf.out)', () => {
      // GIVEN an app whose output directory is relative to the working directory
      const cwd = process.cwd();
      process.chdir(fs.mkdtempSync(path.join(os.tmpdir(), 'moved-relative-')));
      try {
        const app = new App({ outdir: 'cdktf.out' });
        StateBackendTarget.terraform('1.11.4').applyTo(app);
        recordInit(app, { bucket: 'acme-prod', prefix: 'network' }, { block: { prefix: 'network' } });
        const backend = new GcsBackend(new TerraformStack(app, 'network'), { bucket: StateBackendValue.fromInit(), prefix: 'network' });
        for (const f of ['prod', 'dev']) backend.addConfigFile(f, { bucket: `acme-${f}` });
        // WHEN the run gives dev's file THEN the switch is named, with the directory as the user names it
        const text = moved(TerraformStack.of(backend), { TF_CLI_ARGS_init: '-backend-config=dev.tfbackend' }).join('\n');
        expect(text).toContain(`stack network's run switches environments: the last init in ${path.join('cdktf.out', 'stacks', 'network')} used`);
      } finally {
        process.chdir(cwd);
      }
    });

    test('warns if the run copies one environment\'s state over another\'s (-force-copy in TF_CLI_ARGS_init)', () => {
      const text = moved(environments('acme-dev').stack, { TF_CLI_ARGS_init: '-force-copy -backend-config=prod.tfbackend' }).join('\n');
      expect(text).toContain('stack network\'s run copies one environment\'s state over another\'s');
      expect(text).toContain(`to switch environments instead: TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend" ${FLAVOUR} deploy network`);
    });

    test('where no config file names the last init\'s object, says which file names which object and gives no --migrate-state command', () => {
      // GIVEN the last init used staging's bucket, whose file is gone (an environment retired), prod first and dev second
      for (const env of [{}, { TF_CLI_ARGS_init: '-backend-config=dev.tfbackend' }] as Array<Record<string, string>>) {
        const { app, stack } = environments('acme-staging');
        expect(moved(stack, env)).toEqual([
          `stack network's state is where no config file puts it: the last init in ${dirOf(app)} used gcs bucket="acme-staging", object "network/default.tfstate", ` +
            'and the config files name gcs bucket="acme-prod", object "network/default.tfstate" with prod.tfbackend, ' +
            'gcs bucket="acme-dev", object "network/default.tfstate" with dev.tfbackend; which environment\'s state that is (one retired, or one whose file changed) ' +
            'the library cannot tell: switching to an environment\'s object as it is takes -reconfigure with its file, and moving state across environments must never use ' +
            '--migrate-state (it copies the last init\'s state over the other environment\'s) [stack/state-moved]',
        ]);
      }
    });

    test('where the code moves every environment\'s object, lists each file\'s move and the recipe that moves one environment', () => {
      // GIVEN prod and dev both at prefix "a", the last init dev's, and the prefix changed to "b"
      const { app, stack } = environments('acme-dev', 'b', 'a');
      const firstStep = environments('acme-dev', 'b', 'a').stack;
      expect(moved(stack)).toEqual([
        'stack network\'s state moves in every environment: this synth\'s block changed prefix "a" to "b" ' +
          `(the last init in ${dirOf(app)} used gcs bucket="acme-dev", object "a/default.tfstate"); each config file's object moves: ` +
          'prod.tfbackend from gcs bucket="acme-prod", object "a/default.tfstate" to gcs bucket="acme-prod", object "b/default.tfstate"; ' +
          'dev.tfbackend from gcs bucket="acme-dev", object "a/default.tfstate" to gcs bucket="acme-dev", object "b/default.tfstate". ' +
          'Move each environment on its own, pointing the directory\'s last init at its old object, then copying: ' +
          `TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend -backend-config=prefix=a" ${FLAVOUR} diff network, ` +
          `then TF_CLI_ARGS_init=-backend-config=prod.tfbackend ${FLAVOUR} deploy network --migrate-state ${COPY_NOTE}; the same with dev.tfbackend; ` +
          'not -reconfigure alone (it starts the environment at its new object, leaving its state behind), and never --migrate-state with another environment\'s file ' +
          '(it copies the last init\'s state over that environment\'s) [stack/state-moved]',
      ]);
      // AND the recipe's first step (pointing the directory at prod's old object) is not warned
      expect(moved(firstStep, { TF_CLI_ARGS_init: '-reconfigure -backend-config=prod.tfbackend -backend-config=prefix=a' })).toEqual([]);
    });

    test('the recipe\'s second step, after its first pointed the directory at the old object, says the copy is for a state that belongs there', () => {
      // GIVEN the last init read the new block (prefix "b") and was given prefix "a" (the first step)
      const secondStep = () => {
        const { stack } = initialized({ bucket: 'acme-prod', prefix: 'a' }, { block: { prefix: 'b' } });
        new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'b' }).addConfigFile('prod', { bucket: 'acme-prod' });
        return stack;
      };
      // WHEN the second step's synth runs THEN it names the move as the run's, with the copy for a state that belongs there
      const text = moved(secondStep(), { TF_CLI_ARGS_init: '-backend-config=prod.tfbackend' }).join('\n');
      expect(text).toContain(`if this state belongs there (moving it): TF_CLI_ARGS_init=-backend-config=prod.tfbackend ${FLAVOUR} deploy network --migrate-state`);
      // AND with -force-copy in TF_CLI_ARGS_init (the copy chosen) nothing
      expect(moved(secondStep(), { TF_CLI_ARGS_init: '-force-copy -backend-config=prod.tfbackend' })).toEqual([]);
    });
  });

  describe('a directory no stack claims (a renamed stack)', () => {
    /** What `app.synth()` puts in the manifest as state-moved warnings, run as a CLI runs it (`cli`) or on its own. */
    const synthMoved = (app: App, cli: boolean) => withEnv(cli ? { [CLI_VARIABLE]: 'true' } : {}, () => {
      // (the warnings on stderr, and the state map's table a CLI's run prints on stdout, are not read here)
      const quiet = [jest.spyOn(process.stderr, 'write').mockImplementation(() => true), jest.spyOn(process.stdout, 'write').mockImplementation(() => true)];
      try {
        app.synth();
      } finally {
        quiet.forEach((q) => q.mockRestore());
      }
      const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
      return Object.entries(manifest.stacks).flatMap(([id, s]: [string, any]) =>
        s.annotations.filter((a: { message: string }) => a.message.endsWith('[stack/state-moved]')).map((a: { message: string }) => `${id}: ${a.message}`));
    });

    test('warns on the new stack, naming the old object, that the CLI deletes the directory, and how to move the state', () => {
      // GIVEN stack "network" deployed under forEachStack's prefix "rn", then renamed "net"
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      recordInit(app, { bucket: 'app-state', prefix: 'rn/network' }, { stack: 'network', block: { bucket: 'app-state', prefix: 'rn/network' } });
      new TerraformStack(app, 'net');
      GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'rn' });
      // WHEN a CLI synthesizes it THEN the warning is on net's backend
      expect(synthMoved(app, true)).toEqual([
        `net: ${dirOf(app)} holds the last init of stack network, which this app no longer has (gcs bucket="app-state", object "rn/network/default.tfstate"); ` +
          'the CLI deletes that directory, its .terraform with it, after this synth. If stack net is network renamed (renaming a stack moves its state object), ' +
          'its state is still there, and net\'s first init would start an empty one at gcs bucket="app-state", object "rn/net/default.tfstate": ' +
          'to move it, point net\'s directory at the old object, then copy: ' +
          `TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=rn/network" ${FLAVOUR} diff net, then TF_CLI_ARGS_init=-backend-config=prefix=rn/net ${FLAVOUR} deploy net --migrate-state [stack/state-moved]`,
      ]);
    });

    test('does not warn where a backend of the app names the directory\'s object: a renamed stack whose block names it keeps its state', () => {
      // GIVEN stack "network" deployed with prefix "network", renamed "net" with the same block
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      recordInit(app, { bucket: 'app-state', prefix: 'network' }, { stack: 'network', block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(new TerraformStack(app, 'net'), { bucket: 'app-state', prefix: 'network' });
      // WHEN a CLI synthesizes it, and the app runs on its own THEN nothing says the state moved
      expect(synthMoved(app, true)).toEqual([]);
      expect(synthMoved(app, false)).toEqual([]);
    });

    test('without a new stack, the first backend says the state is still there, and nothing is said where every directory is claimed', () => {
      const app = (orphan: boolean) => {
        const a = Testing.app();
        StateBackendTarget.terraform('1.11.4').applyTo(a);
        if (orphan) recordInit(a, { bucket: 'app-state', prefix: 'old' }, { stack: 'old', block: { bucket: 'app-state', prefix: 'old' } });
        for (const id of ['a', 'b']) {
          recordInit(a, { bucket: 'app-state', prefix: id }, { stack: id, block: { bucket: 'app-state', prefix: id } });
          new GcsBackend(new TerraformStack(a, id), { bucket: 'app-state', prefix: id });
        }
        return a;
      };
      const found = synthMoved(app(true), false);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^a: .* holds the last init of stack old, .*; cdktf-cli and cdktn-cli delete that directory, its \.terraform with it, when they next synthesize the app\. Its state is still at that object/);
      expect(synthMoved(app(false), false)).toEqual([]);
    });
  });
});
