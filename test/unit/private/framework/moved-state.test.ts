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
import { commandOf } from '../../../../src/private/framework/cli-command';
import { OwnNamed, lastInit, nextRunOf } from '../../../../src/private/framework/last-init';
import { movedStateOf } from '../../../../src/private/framework/moved-state';
import { backendBlockHash } from '../../../../src/private/kit/backend-hash';
import { GCS_STORE } from '../../../../src/private/stores/gcs';
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
/** The state-moved warnings of `app.synth()` in the manifest (as a CLI runs it), by stack: `<id>: <message>`. */
function synthMovedOf(app: App, env: Record<string, string> = {}): string[] {
  return withEnv({ [CLI_VARIABLE]: 'true', ...env }, () => {
    const quiet = [jest.spyOn(process.stderr, 'write').mockImplementation(() => true), jest.spyOn(process.stdout, 'write').mockImplementation(() => true)];
    try {
      app.synth();
    } finally {
      quiet.forEach((q) => q.mockRestore());
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
    return Object.entries(manifest.stacks).flatMap(([id, st]: [string, any]) =>
      st.annotations.filter((a: { message: string }) => a.message.endsWith('[stack/state-moved]')).map((a: { message: string }) => `${id}: ${a.message}`));
  });
}

const COPY_NOTE = '(init -force-copy copies every workspace\'s state without a question and leaves the old objects as they are; ' +
  'the plan the diff shows after it must have no changes)';
/** What a note says of the next init where no framework CLI runs the app. */
const STOPS = 'the next init stops at "Backend configuration changed" until it is told to copy the state or not';

describe('lastInit', () => {
  test('reads the type, the arguments set, the hash and the workspace, and nothing where no init ran', () => {
    const { app } = initialized({ bucket: 'app-state', prefix: 'network' }, { workspace: 'blue', block: { bucket: 'app-state', prefix: 'network' } });
    const last = lastInit(path.join(app.outdir, 'stacks', 'network'));
    expect(last).toMatchObject({ type: 'gcs', config: { bucket: 'app-state', prefix: 'network' }, workspace: 'blue' });
    expect(last?.hash).toBe(backendBlockHash('gcs', GCS_KEYS, {}, { bucket: 'app-state', prefix: 'network' }));
    expect(Object.keys(last!.recorded)).toEqual(GCS_KEYS);
    expect(lastInit(path.join(app.outdir, 'stacks', 'other'))).toBeUndefined();
  });

  test('each app.synth() lists the stack directories again: an init between two synths is read by the second', () => {
    // GIVEN an app whose stack's directory has no last init, synthesized once (which makes the directory)
    const app = Testing.app();
    StateBackendTarget.terraform('1.11.4').applyTo(app);
    const stack = new TerraformStack(app, 'network');
    new GcsBackend(stack, { bucket: 'app-state', prefix: 'network' });
    expect(synthMovedOf(app)).toEqual([]);
    // WHEN the directory is then initialized on another object, and the app synthesized again
    recordInit(app, { bucket: 'old-state', prefix: 'network' }, { block: { bucket: 'old-state', prefix: 'network' } });
    // THEN the second synth reads that init
    expect(synthMovedOf(app)).toEqual([expect.stringContaining('network: ')]);
  });

  test('a directory the stacks folder lists under another case is read (a case-insensitive file system)', () => {
    // GIVEN stack network's directory holding a last init on another object, which the file system lists as "Network" (macOS, Windows)
    const { app, stack } = initialized({ bucket: 'old-state', prefix: 'network' }, { block: { bucket: 'old-state', prefix: 'network' } });
    new GcsBackend(stack, { bucket: 'app-state', prefix: 'network' });
    const stacksDir = path.join(app.outdir, 'stacks');
    // (the module itself: the namespace this file imports has fixed properties, the library's reads through to it)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeFs = require('fs') as typeof fs;
    const readdir = nodeFs.readdirSync;
    const listed = jest.spyOn(nodeFs, 'readdirSync').mockImplementation(((dir: fs.PathLike, ...rest: unknown[]) =>
      (path.resolve(String(dir)) === stacksDir ? ['Network'] : (readdir as any)(dir, ...rest))) as typeof fs.readdirSync);
    try {
      // THEN the synth reads it where the file system finds it, and notes the move
      expect(synthMovedOf(app)).toEqual([expect.stringContaining('network: ')]);
    } finally {
      listed.mockRestore();
    }
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
          `this synth names gcs bucket="app-state", object "prod/network/default.tfstate"; ${STOPS}; ` +
          `to copy the state there: TF_CLI_ARGS_init=-force-copy ${FLAVOUR} diff network ${COPY_NOTE}; ` +
          `to use the new object as it is, without copying (its state, empty if none): TF_CLI_ARGS_init=-reconfigure ${FLAVOUR} diff network [stack/state-moved]`,
      ]);
    });

    test('names the object of the run\'s workspace (TF_WORKSPACE over the directory\'s), and copies with -force-copy, which named workspaces need', () => {
      // GIVEN a directory whose selected workspace is blue
      const { stack } = initialized({ bucket: 'app-state', prefix: 'network' }, { workspace: 'blue', block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'net' });
      // THEN the objects are blue's, and the first command copies with -force-copy, which answers "migrate all workspaces?" (the CLIs' --migrate-state does not)
      const blue = moved(stack).join('\n');
      expect(blue).toContain('used gcs bucket="app-state", object "network/blue.tfstate", this synth names gcs bucket="app-state", object "net/blue.tfstate"');
      expect(blue).toContain(`to copy the state there: TF_CLI_ARGS_init=-force-copy ${FLAVOUR} diff network ${COPY_NOTE}`);
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

    test('a stack that reads another\'s outputs gets the same commands: a diff runs one stack without its dependencies (a deploy refuses it)', () => {
      // GIVEN the app stack, reading the network's resource, last initialized with its own prefix
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      recordInit(app, { bucket: 'app-state', prefix: 'app' }, { stack: 'app', block: { bucket: 'app-state', prefix: 'app' } });
      const network = new TerraformStack(app, 'network');
      const vpc = new TerraformResource(network, 'vpc', { terraformResourceType: 'terraform_data' });
      new TerraformOutput(new TerraformStack(app, 'app'), 'vpc', { value: vpc.getStringAttribute('id') });
      GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'prod' });
      // WHEN the app is synthesized (which makes the dependency) THEN the app stack's commands are diffs of it alone
      const text = withEnv({}, () => {
        const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
        try {
          app.synth();
        } finally {
          quiet.mockRestore();
        }
        return JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8')).stacks.app.annotations.map((a: { message: string }) => a.message).join('\n');
      });
      expect(text).toContain(`to copy the state there: TF_CLI_ARGS_init=-force-copy ${FLAVOUR} diff app ${COPY_NOTE}`);
    });

    test('warns if the backend type changed', () => {
      const { stack } = initialized({ path: '../../terraform.network.tfstate' }, { type: 'local', keys: ['path', 'workspace_dir'] });
      new AzurermBackend(stack, { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'network.tfstate' });
      expect(moved(stack).join('\n')).toContain(`used a local backend, this synth names a azurerm backend; ${STOPS}; to copy the state there: TF_CLI_ARGS_init=-force-copy ${FLAVOUR} diff network`);
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
      expect(text).toContain(`to copy the state there: TF_CLI_ARGS_init="-force-copy -backend-config=bucket=acme-prod" ${FLAVOUR} diff network`);
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

    test('does not warn for the same override in TF_CLI_ARGS_init', () => {
      expect(moved(pullRequest(), { TF_CLI_ARGS_init: '-backend-config=prefix=pr-42' })).toEqual([]);
    });

    test('warns if a run that gives none would keep the given object, not the block\'s: a pending move stays noted until init names the block\'s object', () => {
      // WHEN the run gives no init arguments THEN its init keeps the object the last one was given (the block unchanged), and the note says so
      const text = moved(pullRequest()).join('\n');
      expect(text).toContain('stack network\'s directory is still at the object its last init was given: the last init in ');
      expect(text).toContain('used gcs bucket="app-state", object "pr-42/default.tfstate" (given prefix "pr-42" at init), ' +
        'this synth\'s block names gcs bucket="app-state", object "network/default.tfstate"; an init given no -backend-config keeps the object it recorded, ' +
        'so the next init given none uses that object and copies nothing. If the state moves to the block\'s object (a rename or a move half done), copy it: ' +
        `TF_CLI_ARGS_init="-force-copy -backend-config=prefix=network" ${FLAVOUR} diff network ${COPY_NOTE}; ` +
        'if that object is another environment\'s on purpose (a pull request\'s), give its values at init in every command, as the last one was [stack/state-moved]');
      // AND once the directory's init names the block's object (the copy, given the block's value), nothing
      const copied = initialized({ bucket: 'app-state', prefix: 'network' }, { block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(copied.stack, { bucket: 'app-state', prefix: 'network' });
      expect(moved(copied.stack)).toEqual([]);
    });

    test('a run given another value names that object, and copies nothing unless the state belongs there', () => {
      const text = moved(pullRequest(), { TF_CLI_ARGS_init: '-backend-config=prefix=pr-43' }).join('\n');
      expect(text).toContain('this run\'s init names gcs bucket="app-state", object "pr-43/default.tfstate"');
      expect(text).toContain(`if that is another environment's object (a pull request's, say): TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=pr-43" ${FLAVOUR} diff network`);
      expect(text).toContain('never copy one environment\'s state over another\'s');
      // AND a run that chose -reconfigure is not warned, and one that copies is told the copy is under way, and what its plan must show
      expect(moved(pullRequest(), { TF_CLI_ARGS_init: '-reconfigure -backend-config=prefix=pr-43' })).toEqual([]);
      expect(moved(pullRequest(), { TF_CLI_ARGS_init: '-force-copy -backend-config=prefix=pr-43' }).join('\n')).toContain(
        'this run\'s init names gcs bucket="app-state", object "pr-43/default.tfstate" and copies the state there (-force-copy in TF_CLI_ARGS_init): ' +
          'every workspace\'s, leaving the old objects as they are; the plan after it must have no changes (one that adds resources means no state arrived: do not apply it)',
      );
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

    test('warns if the run switches environments without -reconfigure, and never advises a copy there', () => {
      const { app, stack } = environments('acme-prod');
      expect(moved(stack, { TF_CLI_ARGS_init: '-backend-config=dev.tfbackend' })).toEqual([
        `stack network's run switches environments: the last init in ${dirOf(app)} used gcs bucket="acme-prod", object "network/default.tfstate" (prod.tfbackend), ` +
          `this run's init names gcs bucket="acme-dev", object "network/default.tfstate" (dev.tfbackend); ${STOPS}; ` +
          `to switch (its object as it is): TF_CLI_ARGS_init="-reconfigure -backend-config=dev.tfbackend" ${FLAVOUR} diff network; ` +
          'never copy between environments (--migrate-state, -migrate-state, -force-copy): it copies prod.tfbackend\'s state over dev.tfbackend\'s [stack/state-moved]',
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
      expect(text).toContain(`to switch environments instead: TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend" ${FLAVOUR} diff network`);
    });

    test('where no config file names the last init\'s object, says which file names which object and gives no command that copies', () => {
      // GIVEN the last init used staging's bucket, whose file is gone (an environment retired), prod first and dev second
      for (const env of [{}, { TF_CLI_ARGS_init: '-backend-config=dev.tfbackend' }] as Array<Record<string, string>>) {
        const { app, stack } = environments('acme-staging');
        expect(moved(stack, env)).toEqual([
          `stack network's state is where no config file puts it: the last init in ${dirOf(app)} used gcs bucket="acme-staging", object "network/default.tfstate", ` +
            'and the config files name gcs bucket="acme-prod", object "network/default.tfstate" with prod.tfbackend, ' +
            'gcs bucket="acme-dev", object "network/default.tfstate" with dev.tfbackend; which environment\'s state that is (one retired, or one whose file changed) ' +
            'the library cannot tell: switching to an environment\'s object as it is takes -reconfigure with its file, and moving state across environments must never copy ' +
            '(--migrate-state, -migrate-state or -force-copy copies the last init\'s state over the other environment\'s) [stack/state-moved]',
        ]);
      }
    });

    test('where the code moves every environment\'s object, lists each file\'s move and the commands that move each environment', () => {
      // GIVEN prod and dev both at prefix "a", the last init dev's, and the prefix changed to "b"
      const { app, stack } = environments('acme-dev', 'b', 'a');
      const firstStep = environments('acme-dev', 'b', 'a').stack;
      expect(moved(stack)).toEqual([
        'stack network\'s state moves in every environment: this synth\'s block changed prefix "a" to "b" ' +
          `(the last init in ${dirOf(app)} used gcs bucket="acme-dev", object "a/default.tfstate"); each config file's object moves: ` +
          'prod.tfbackend from gcs bucket="acme-prod", object "a/default.tfstate" to gcs bucket="acme-prod", object "b/default.tfstate"; ' +
          'dev.tfbackend from gcs bucket="acme-dev", object "a/default.tfstate" to gcs bucket="acme-dev", object "b/default.tfstate". ' +
          'Move each environment on its own, pointing the directory\'s last init at its old object, then copying (all of them now: once one is moved, ' +
          'the directory\'s last init is at the new layout and no later synth names the others): ' +
          `prod.tfbackend: TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend -backend-config=prefix=a" ${FLAVOUR} diff network, ` +
          `then TF_CLI_ARGS_init="-force-copy -backend-config=prod.tfbackend" ${FLAVOUR} diff network; ` +
          `dev.tfbackend: TF_CLI_ARGS_init="-reconfigure -backend-config=dev.tfbackend -backend-config=prefix=a" ${FLAVOUR} diff network, ` +
          `then TF_CLI_ARGS_init="-force-copy -backend-config=dev.tfbackend" ${FLAVOUR} diff network ${COPY_NOTE}; ` +
          'not -reconfigure alone (it starts the environment at its new object, leaving its state behind), and never a copy with another environment\'s file ' +
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
      expect(text).toContain(`if this state belongs there (moving it): TF_CLI_ARGS_init="-force-copy -backend-config=prod.tfbackend" ${FLAVOUR} diff network ${COPY_NOTE}`);
      // AND with -force-copy in TF_CLI_ARGS_init (the recipe's second step as printed) the note knows the copy is under way
      expect(moved(secondStep(), { TF_CLI_ARGS_init: '-force-copy -backend-config=prod.tfbackend' }).join('\n')).toContain(
        'used gcs bucket="acme-prod", object "a/default.tfstate", this run\'s init names gcs bucket="acme-prod", object "b/default.tfstate" ' +
          'and copies the state there (-force-copy in TF_CLI_ARGS_init)',
      );
    });
    test('warns if a config file\'s value changes from unset to set, and back: that environment\'s object moves, and its file copies the state', () => {
      // GIVEN prod deployed with prod.tfbackend giving only the bucket, then prod.tfbackend gives prefix "net" too
      const withFile = (record: Record<string, unknown>, prod: Record<string, unknown>) => {
        const { stack } = initialized(record, { block: {} });
        const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit() });
        backend.addConfigFile('prod', prod);
        backend.addConfigFile('dev', { bucket: 'acme-dev' });
        return stack;
      };
      const gained = () => withFile({ bucket: 'acme-prod' }, { bucket: 'acme-prod', prefix: 'net' });
      // THEN the synth, and the run given prod's file, name prod's move and the copy with prod's file
      for (const env of [{}, { TF_CLI_ARGS_init: '-backend-config=prod.tfbackend' }] as Array<Record<string, string>>) {
        const text = moved(gained(), env).join('\n');
        expect(text).toContain('stack network\'s state moves with prod.tfbackend: ');
        expect(text).toContain('used gcs bucket="acme-prod", object "default.tfstate", and prod.tfbackend now names gcs bucket="acme-prod", object "net/default.tfstate" ' +
          '(prefix unset to "net" since)');
        expect(text).toContain(`to copy the state there: TF_CLI_ARGS_init="-force-copy -backend-config=prod.tfbackend" ${FLAVOUR} diff network ${COPY_NOTE}`);
      }
      // AND the copy as printed is told it is under way
      expect(moved(gained(), { TF_CLI_ARGS_init: '-force-copy -backend-config=prod.tfbackend' }).join('\n')).toContain('and copies the state there (-force-copy in TF_CLI_ARGS_init)');
      // AND back (the file loses the prefix): the synth says the directory is still at the prefix its file gave, and copies without it
      const lost = withFile({ bucket: 'acme-prod', prefix: 'net' }, { bucket: 'acme-prod' });
      expect(moved(lost).join('\n')).toContain(
        `TF_CLI_ARGS_init="-force-copy -backend-config=prod.tfbackend -backend-config=prefix=" ${FLAVOUR} diff network`,
      );
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
          `TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=rn/network" ${FLAVOUR} diff net, then TF_CLI_ARGS_init="-force-copy -backend-config=prefix=rn/net" ${FLAVOUR} diff net ` +
          `${COPY_NOTE} [stack/state-moved]`,
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

  describe('a field the old block left unset is given back as the tool took it', () => {
    test('warns if a renamed stack\'s old block left the prefix unset: the first command points at the old object with an empty prefix', () => {
      // GIVEN stack "network" deployed with no prefix (object default.tfstate), renamed "net" under forEachStack
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      recordInit(app, { bucket: 'app-state' }, { stack: 'network', block: { bucket: 'app-state' } });
      new TerraformStack(app, 'net');
      GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'prod' });
      // WHEN it is synthesized THEN the recipe gives the prefix back as unset (empty), and the new one again to copy
      const text = synthMovedOf(app).join('\n');
      expect(text).toContain('(gcs bucket="app-state", object "default.tfstate")');
      expect(text).toContain(`point net's directory at the old object, then copy: TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=" ${FLAVOUR} diff net, ` +
        `then TF_CLI_ARGS_init="-force-copy -backend-config=prefix=prod/net" ${FLAVOUR} diff net ${COPY_NOTE} [stack/state-moved]`);
    });

    test('warns if a block with config files gains a prefix, naming it unset before, and points at the old object with an empty prefix', () => {
      // GIVEN the bucket left to init with prod and dev files, deployed with prod's and no prefix, then given prefix "network"
      const { app, stack } = initialized({ bucket: 'acme-prod' }, { block: {} });
      const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
      for (const f of ['prod', 'dev']) backend.addConfigFile(f, { bucket: `acme-${f}` });
      // THEN the note names the change and each environment's move, and its first step gives the prefix back empty
      const text = moved(stack).join('\n');
      expect(text).toContain(`this synth's block changed prefix unset to "network" (the last init in ${dirOf(app)} used gcs bucket="acme-prod", object "default.tfstate")`);
      expect(text).toContain('prod.tfbackend from gcs bucket="acme-prod", object "default.tfstate" to gcs bucket="acme-prod", object "network/default.tfstate"');
      expect(text).toContain(`TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend -backend-config=prefix=" ${FLAVOUR} diff network, ` +
        `then TF_CLI_ARGS_init="-force-copy -backend-config=prod.tfbackend" ${FLAVOUR} diff network`);
    });

    test('warns if a block with config files loses its prefix, naming it unset after, and points at the old object with the old prefix', () => {
      const { stack } = initialized({ bucket: 'acme-dev', prefix: 'network' }, { block: { prefix: 'network' } });
      const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit() });
      for (const f of ['prod', 'dev']) backend.addConfigFile(f, { bucket: `acme-${f}` });
      const text = moved(stack).join('\n');
      expect(text).toContain('this synth\'s block changed prefix "network" to unset');
      expect(text).toContain('dev.tfbackend from gcs bucket="acme-dev", object "network/default.tfstate" to gcs bucket="acme-dev", object "default.tfstate"');
      expect(text).toContain(`TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend -backend-config=prefix=network" ${FLAVOUR} diff network`);
    });

    test('warns if a renamed stack\'s old block left a field to its env var: the value is the env var\'s now, and the note says so', () => {
      // GIVEN stack "network" deployed with AzureRM's environment left to ARM_ENVIRONMENT (usgovernment), renamed "net" with the environment set
      const keys = ['storage_account_name', 'container_name', 'key', 'environment', 'access_key'];
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      const block = { storage_account_name: 'acct', container_name: 'tfstate', key: 'network.tfstate' };
      recordInit(app, block, { stack: 'network', type: 'azurerm', keys, block });
      new AzurermBackend(new TerraformStack(app, 'net'), { storageAccountName: 'acct', containerName: 'tfstate', key: 'net.tfstate', environment: 'public' });
      // WHEN it is synthesized with ARM_ENVIRONMENT set THEN the first step gives that value back, saying where it came from
      const text = synthMovedOf(app, { ARM_ENVIRONMENT: 'usgovernment' }).join('\n');
      expect(text).toContain(`TF_CLI_ARGS_init="-reconfigure -backend-config=environment=usgovernment -backend-config=key=network.tfstate" ${FLAVOUR} diff net`);
      expect(text).toContain('(environment from ARM_ENVIRONMENT as it is now: the record of an init keeps no value an env var gave it)');
    });
    test('reads a field an env var gave as this environment gives it: AzureRM\'s environment from ARM_ENVIRONMENT, set in the block or left to it', () => {
      const keys = ['storage_account_name', 'container_name', 'key', 'environment', 'access_key'];
      const block = { storage_account_name: 'acct', container_name: 'tfstate', key: 'net.tfstate' };
      // GIVEN the last init with the environment left to ARM_ENVIRONMENT, and the block now setting it
      const setNow = (environment: string) => {
        const { stack } = initialized(block, { type: 'azurerm', keys, block });
        new AzurermBackend(stack, { storageAccountName: 'acct', containerName: 'tfstate', key: 'net.tfstate', environment });
        return stack;
      };
      // THEN with ARM_ENVIRONMENT=usgovernment, "public" is a move; with ARM_ENVIRONMENT=public, none
      expect(moved(setNow('public'), { ARM_ENVIRONMENT: 'usgovernment' }).join('\n')).toContain(
        'used azurerm environment="usgovernment" storage_account_name="acct" container_name="tfstate", object "net.tfstate", ' +
          'this synth names azurerm environment="public" storage_account_name="acct" container_name="tfstate", object "net.tfstate"',
      );
      expect(moved(setNow('public'), { ARM_ENVIRONMENT: 'public' })).toEqual([]);
      // AND back: the last init's block set "usgovernment", the block now leaves it to ARM_ENVIRONMENT, unset (public)
      const { stack } = initialized({ ...block, environment: 'usgovernment' }, { type: 'azurerm', keys, block: { ...block, environment: 'usgovernment' } });
      new AzurermBackend(stack, { storageAccountName: 'acct', containerName: 'tfstate', key: 'net.tfstate' });
      expect(moved(stack).join('\n')).toContain(
        'used azurerm environment="usgovernment" storage_account_name="acct" container_name="tfstate", object "net.tfstate", ' +
          'this synth names azurerm storage_account_name="acct" container_name="tfstate", object "net.tfstate"',
      );
    });
  });

  describe('a recipe never prints a secret', () => {
    test('warns without the access token the run gives in TF_CLI_ARGS_init, naming the env var that carries it', () => {
      const env = { TF_CLI_ARGS_init: '-backend-config=access_token=ya29.secret-token -backend-config=prefix=pr-43' };
      const { stack } = initialized({ bucket: 'app-state', prefix: 'pr-42' }, { block: { bucket: 'app-state', prefix: 'network' } });
      new GcsBackend(stack, { bucket: 'app-state', prefix: 'network' });
      const text = moved(stack, env).join('\n');
      expect(text).not.toContain('ya29.secret-token');
      expect(text).toContain(`TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=pr-43" ${FLAVOUR} diff network`);
      expect(text).toContain('; these commands leave out the secret value this run gives in TF_CLI_ARGS_init: access_token (give it in GOOGLE_OAUTH_ACCESS_TOKEN) [stack/state-moved]');
    });

    test('warns on a renamed stack without the access token the run gives', () => {
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      recordInit(app, { bucket: 'app-state', prefix: 'network' }, { stack: 'network', block: { bucket: 'app-state', prefix: 'network' } });
      new TerraformStack(app, 'net');
      GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'prod' });
      const text = synthMovedOf(app, { TF_CLI_ARGS_init: '-backend-config=access_token=ya29.secret-token' }).join('\n');
      expect(text).not.toContain('ya29.secret-token');
      expect(text).toContain(`TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=network" ${FLAVOUR} diff net`);
      expect(text).toContain('these commands leave out the secret value this run gives in TF_CLI_ARGS_init: access_token (give it in GOOGLE_OAUTH_ACCESS_TOKEN)');
    });
  });

  describe('the command the run is under', () => {
    const TF = { tool: 'terraform', version: '1.11.4' } as const;
    /** What the GCS backend of stack `id` gives of itself, for a block with `emitted`. */
    const own = (emitted: Record<string, unknown>) => (): OwnNamed =>
      ({ backend: 'gcs', layout: GCS_STORE.layout, fields: GCS_STORE.fields, target: TF, emitted, fromInit: new Set(), files: new Map() });
    /** Stacks net and app, each last initialized at its own prefix, now under prefix "prod/<id>". */
    const twoStacks = () => {
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      const stacks = Object.fromEntries(['net', 'app'].map((id) => {
        recordInit(app, { bucket: 'app-state', prefix: id }, { stack: id, block: { bucket: 'app-state', prefix: id } });
        return [id, new TerraformStack(app, id)];
      }));
      GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'prod' });
      return stacks;
    };
    const under = (words: string[], env: Record<string, string> = {}) => nextRunOf(env, { seen: commandOf(['node', '/usr/lib/node_modules/cdktf-cli/bundle/bin/cdktf', ...words])! });
    const notes = (stack: TerraformStack, run: ReturnType<typeof under>) => movedStateOf(stack, own({ bucket: 'app-state', prefix: `prod/${stack.node.id}` }), run).map((w) => w.message);

    test('does not warn for a stack the command does not run init for, and warns for one it does', () => {
      const { net, app } = twoStacks();
      expect(notes(app, under(['deploy', 'net', '--auto-approve']))).toEqual([]);
      expect(notes(app, under(['diff', 'n*']))).toEqual([]);
      expect(notes(net, under(['deploy', 'net', '--auto-approve'])).join('\n')).toContain(
        'this command\'s init (cdktf deploy) stops at "Backend configuration changed" and writes nothing; to copy the state there',
      );
      // AND a command that runs no init (synth) gets every stack's note
      expect(notes(app, under(['synth']))).toHaveLength(1);
    });

    test('warns that the copy is under way during deploy --migrate-state, for the stacks it names', () => {
      const { net } = twoStacks();
      expect(notes(net, under(['deploy', 'net', 'app', '--migrate-state', '--auto-approve'])).join('\n')).toContain(
        'this run\'s init names gcs bucket="app-state", object "prod/net/default.tfstate" and copies the state there (cdktf deploy --migrate-state)',
      );
    });

    test('names the command\'s output directory in every command it prints, where the command names one (the directory holds the last init)', () => {
      const { net } = twoStacks();
      expect(notes(net, under(['synth', '--output', 'cdktf.prod.out'])).join('\n')).toContain(
        `to copy the state there: TF_CLI_ARGS_init=-force-copy ${FLAVOUR} diff net --output cdktf.prod.out ${COPY_NOTE}; ` +
          `to use the new object as it is, without copying (its state, empty if none): TF_CLI_ARGS_init=-reconfigure ${FLAVOUR} diff net --output cdktf.prod.out`,
      );
    });

    test('warns, where the app cannot see the command, that it cannot tell whether the command copies', () => {
      const { net } = twoStacks();
      const text = movedStateOf(net, own({ bucket: 'app-state', prefix: 'prod/net' }), nextRunOf({}, { unseen: 'the reason' })).map((w) => w.message).join('\n');
      expect(text).toContain('the next init stops at "Backend configuration changed" unless its command copies (--migrate-state), which the library cannot see: the reason');
    });

    test('warns if the run\'s init arguments name another stack\'s object, and gives no command that copies there', () => {
      // GIVEN both stacks at their prod prefixes, and a run whose TF_CLI_ARGS_init names net's new object (meant for net alone)
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      recordInit(app, { bucket: 'app-state', prefix: 'prod/app' }, { stack: 'app', block: { bucket: 'app-state', prefix: 'prod/app' } });
      const appStack = new TerraformStack(app, 'app');
      new TerraformStack(app, 'net');
      GcsBackend.forEachStack(app, { bucket: 'app-state', prefix: 'prod' });
      const text = notes(appStack, nextRunOf({ TF_CLI_ARGS_init: '-backend-config=prefix=prod/net' }, { unseen: 'the reason' })).join('\n');
      expect(text).toContain('stack app\'s next init names the object of stack net: ');
      expect(text).toContain(`run app in a command of its own, without those values (a command that names net alone: ${FLAVOUR} diff net)`);
      expect(text).not.toContain('-force-copy');
    });
  });
});
