/**
 * One state object per stack (src/private/framework/shared-state.ts, address/state-objects.ts): two stacks of an
 * app whose backends name one object are refused at synth; a part the run supplies leaves a
 * warning or nothing; a remote state reading its own stack's object is a warning.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  App, Aspects, AzurermBackend as CdktfAzurermBackend, CosBackend as CdktfCosBackend, GcsBackend as CdktfGcsBackend, OssBackend as CdktfOssBackend,
  Fn, TerraformLocal, TerraformOutput, TerraformResource, TerraformStack, TerraformVariable, Testing,
} from 'cdktf';
import { Construct } from 'constructs';
import { AzurermBackend, DataTerraformRemoteStateAzurerm } from '../../../../src/azurerm-backend';
import { CosBackend, DataTerraformRemoteStateCos } from '../../../../src/cos-backend';
import { DataTerraformRemoteStateGcs, GcsBackend } from '../../../../src/gcs-backend';
import { DataTerraformRemoteStateOss, OssBackend } from '../../../../src/oss-backend';
import { cleanPath, joinPath } from '../../../../src/private/kit/go-path';
import { StateBackendValue } from '../../../../src/state-backend-value';
import { StateBackendTarget } from '../../../../src/target';
import { synthError, warningsOf } from '../../../support/annotations';
import { FLAVOUR } from '../../../support/flavour';

const AZ = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'app.tfstate' };
const COS = { bucket: 'tfstate-1250000000', region: 'ap-guangzhou' };

/**
 * Two stacks, each with the backend `make` gives it; with `linked` (the default), database reads an
 * attribute of network's (a cdktf cross-stack reference), so cdktf deploys them in one run.
 */
function twoStacks(make: (stack: TerraformStack, name: string) => void, app: App = Testing.app(), linked = true): App {
  const [network, database] = ['network', 'database'].map((name) => {
    const stack = new TerraformStack(app, name);
    make(stack, name);
    return stack;
  });
  if (linked) readsFrom(database, network);
  return app;
}

/** Two stacks deployed in one run because `database` depends on `network` (cdktf deploys them together), without reading its outputs. */
function dependentStacks(make: (stack: TerraformStack, name: string) => void, base: App = Testing.app()): App {
  const app = twoStacks(make, base, false);
  (app.node.findChild('database') as TerraformStack).addDependency(app.node.findChild('network') as TerraformStack);
  return app;
}

/** An app whose target is `target`. */
const appFor = (target: string) => Testing.app({ context: { 'cdktf-state-backends:target': target } });

/** `consumer` outputs an attribute of a resource of `producer`. */
function readsFrom(consumer: TerraformStack, producer: TerraformStack): void {
  const vpc = (producer.node.tryFindChild('vpc') as TerraformResource) ?? new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
  new TerraformOutput(consumer, `vpc_of_${producer.node.id}`, { value: vpc.getStringAttribute('id') });
}

/** Two stacks deployed together (`database` depends on `network`) at `target`, each given its backend by `make`. */
const linkedAt = (target: string, make: (stack: TerraformStack, name: string) => void) =>
  dependentStacks(make, Testing.app({ context: { 'cdktf-state-backends:target': target } }));

describe('stack/shared-state', () => {
  describe('two stacks, one state object', () => {
    test('fails if two stacks that read each other keep their gcs state under one bucket and prefix', () => {
      // GIVEN two stacks with the same gcs settings, one reading the other's outputs
      const app = twoStacks((s) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' }));
      // THEN synth is refused, naming both stacks and the object of every workspace
      expect(synthError(app)).toContain(
        'stacks "network" and "database" keep their state in one object: gcs bucket="acme-tfstate", object "shared/default.tfstate" ' +
          '(and "shared/<workspace>.tfstate" in every other workspace); they are deployed in one run (one depends on the other), in one workspace, ' +
          'where each apply would replace the other\'s state and plan to destroy what it made: give each stack its own prefix [stack/shared-state]',
      );
    });

    test.each([
      ['net', 'net/'],
      ['net', '/net'],
      ['a//b', 'a/b/'],
      ['', '/'],
    ])('fails if gcs prefixes %j and %j name one object (the tool trims and joins them)', (a, b) => {
      const app = twoStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name === 'network' ? a : b }));
      expect(synthError(app)).toContain('[stack/shared-state]');
    });

    test('reads stack overrides of the backend block', () => {
      // GIVEN one prefix in the props, then stack overrides that part the objects
      const app = twoStacks((s, name) => {
        new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' });
        s.addOverride('terraform.backend.gcs.prefix', name);
      });
      expect(synthError(app)).toBe('');
      // AND overrides that join them
      const joined = twoStacks((s, name) => {
        new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name });
        s.addOverride('terraform.backend.gcs.prefix', 'x');
      });
      expect(synthError(joined)).toContain('object "x/default.tfstate"');
    });

    test('reads a number an override sets as the tool does (2024 is "2024", 1e21 its digits)', () => {
      const app = twoStacks((s, name) => {
        new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name === 'network' ? '1000000000000000000000' : 'database' });
        if (name === 'database') s.addOverride('terraform.backend.gcs.prefix', 1e21);
      });
      expect(synthError(app)).toContain('object "1000000000000000000000/default.tfstate"');
      const apart = twoStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name }).addOverride('prefix', name === 'network' ? 2024 : '2025'));
      expect(synthError(apart)).toBe('');
    });

    test('fails if linked stacks name one object with the same config file (the README pattern copied to a second stack)', () => {
      // GIVEN the bucket left to init and one file per stack naming the same bucket, the prefixes equal
      // (linked by a dependency: a cross-stack reference to a backend its run completes is refused)
      const app = dependentStacks((s) => new GcsBackend(s, { bucket: StateBackendValue.fromInit(), prefix: 'network' }).addConfigFile('prod', { bucket: 'acme-tfstate-prod' }));
      // THEN init with prod.tfbackend names one object for both
      expect(synthError(app)).toContain(
        'stacks "network" and "database" keep their state in one object: gcs bucket="acme-tfstate-prod", object "network/default.tfstate" ' +
          '(and "network/<workspace>.tfstate" in every other workspace) (init with prod.tfbackend); they are deployed in one run',
      );
    });

    test('passes if each stack\'s config file names its own object, and the blocks alone name none', () => {
      const app = dependentStacks((s, name) => new GcsBackend(s, { bucket: StateBackendValue.fromInit(), prefix: name }).addConfigFile('prod', { bucket: 'acme-tfstate-prod' }));
      expect(synthError(app)).toBe('');
      expect(warningsOf(app).join('\n')).not.toContain('stack/shared-state');
    });

    test('fails if oss stacks leave prefix and key to the defaults, or spell the defaults out', () => {
      const app = twoStacks((s, name) => new OssBackend(s, name === 'network' ? { bucket: 'acme-tfstate' } : { bucket: 'acme-tfstate', prefix: 'env:', key: 'terraform.tfstate' }));
      expect(synthError(app)).toContain('oss bucket="acme-tfstate", object "env:/terraform.tfstate" (and "env:/<workspace>/terraform.tfstate" in every other workspace)');
    });

    test('fails if two azurerm stacks name one account, container and key', () => {
      const app = twoStacks((s) => new AzurermBackend(s, AZ));
      expect(synthError(app)).toContain(
        'azurerm storage_account_name="acmetfstate" container_name="tfstate", object "app.tfstate" (and "app.tfstateenv:<workspace>" in every other workspace)',
      );
    });

    test('fails if three stacks name one object, naming every one', () => {
      const app = twoStacks((s) => new GcsBackend(s, { bucket: 'acme-tfstate' }));
      const cache = new TerraformStack(app, 'cache');
      new GcsBackend(cache, { bucket: 'acme-tfstate', prefix: '' });
      readsFrom(cache, app.node.findChild('network') as TerraformStack);
      expect(synthError(app)).toContain('stacks "network", "database" and "cache" keep their state in one object');
    });

    test('an aspect of each stack that gives it its own prefix parts them: each stack is checked after its own aspects', () => {
      // GIVEN two stacks with one prefix, and a naming policy (an aspect on each stack) that parts them
      const app = twoStacks((s) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' }), Testing.app(), false);
      for (const stack of ['network', 'database']) {
        const s = app.node.findChild(stack);
        Aspects.of(s).add({ visit: (node) => { if (node instanceof GcsBackend) node.addOverride('prefix', `env/${stack}`); } });
      }
      // WHEN the app is synthesized THEN no stack says they share an object, and each wrote its own prefix
      const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
      try {
        expect(synthError(app)).toBe('');
      } finally {
        quiet.mockRestore();
      }
      const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
      const shared = Object.values(manifest.stacks).flatMap((st: any) => st.annotations.map((a: { message: string }) => a.message))
        .filter((m: string) => m.includes('[stack/shared-state'));
      expect(shared).toEqual([]);
      for (const stack of ['network', 'database']) {
        expect(JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', stack, 'cdk.tf.json'), 'utf8')).terraform.backend.gcs.prefix).toBe(`env/${stack}`);
      }
    });

    test('fails if an override makes two objects one, and passes if one parts them', () => {
      // GIVEN different prefixes, then an override that gives the second the first one's prefix
      const app = twoStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name }));
      expect(synthError(app)).toBe('');
      (app.node.findChild('database').node.findChild('backend') as GcsBackend).addOverride('prefix', 'network');
      // THEN the next synth sees the override
      expect(synthError(app)).toContain('[stack/shared-state]');

      const parted = twoStacks((s) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'same' }));
      (parted.node.findChild('database').node.findChild('backend') as GcsBackend).addOverride('prefix', 'other');
      expect(synthError(parted)).toBe('');
    });

    test.each([
      ['gcs prefixes', (s: TerraformStack, n: string) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: n })],
      ['gcs buckets', (s: TerraformStack, n: string) => new GcsBackend(s, { bucket: `acme-${n}` })],
      ['cos keys', (s: TerraformStack, n: string) => new CosBackend(s, { ...COS, key: `${n}.tfstate` })],
      ['cos prefixes a and a/b (only a/<workspace> and a/b meet, in different workspaces)', (s: TerraformStack, n: string) => new CosBackend(s, { ...COS, prefix: n === 'network' ? 'a' : 'a/b' })],
      ['oss prefixes', (s: TerraformStack, n: string) => new OssBackend(s, { bucket: 'acme', prefix: n })],
      ['azurerm keys', (s: TerraformStack, n: string) => new AzurermBackend(s, { ...AZ, key: `${n}.tfstate` })],
      ['azurerm containers', (s: TerraformStack, n: string) => new AzurermBackend(s, { ...AZ, containerName: n })],
      ['azurerm clouds', (s: TerraformStack, n: string) => new AzurermBackend(s, { ...AZ, environment: n === 'network' ? 'public' : 'china' })],
    ])('passes if the stacks differ in %s', (_what, make) => {
      expect(synthError(twoStacks(make))).toBe('');
    });

    test('fails if the stacks differ only in cos endpoint cos-internal and none, the same region\'s storage (terraform)', () => {
      const app = Testing.app();
      StateBackendTarget.terraform('1.11.4').applyTo(app);
      twoStacks((s, n) => new CosBackend(s, { ...COS, ...(n === 'network' ? { endpoint: 'https://cos-internal.ap-guangzhou.tencentcos.cn' } : {}) }), app);
      expect(synthError(app)).toContain('[stack/shared-state]');
    });

    test.each([
      ['azurerm environments "public" and "Global" (terraform matches case-insensitively)', 'terraform@1.11.4', (s: TerraformStack, n: string) => new AzurermBackend(s, { ...AZ, environment: n === 'network' ? 'public' : 'Global' })],
      ['azurerm environments "usgovernment" and "dod" (one storage suffix)', 'opentofu@1.12.6', (s: TerraformStack, n: string) => new AzurermBackend(s, { ...AZ, environment: n === 'network' ? 'usgovernment' : 'dod' })],
      ['gcs prefixes in NFC and NFD', 'terraform@1.11.4', (s: TerraformStack, n: string) => new GcsBackend(s, { bucket: 'acme', prefix: n === 'network' ? 'caf\u00e9' : 'cafe\u0301' })],
      ['cos region and the endpoint of that region (terraform)', 'terraform@1.11.4', (s: TerraformStack, n: string) => new CosBackend(s, { ...COS, region: n === 'network' ? 'ap-guangzhou' : 'ap-shanghai', endpoint: 'https://cos-internal.ap-guangzhou.tencentcos.cn' })],
    ])('fails if the stacks differ only in %s, which the tool reads as one', (_what, target, make) => {
      const app = Testing.app({ context: { 'cdktf-state-backends:target': target } });
      expect(synthError(twoStacks(make, app))).toContain('[stack/shared-state]');
    });

    test('passes if the stacks differ in gcs universes (opentofu)', () => {
      const app = Testing.app();
      StateBackendTarget.opentofu('1.12.6').applyTo(app);
      twoStacks((s, n) => new GcsBackend(s, { bucket: 'acme', ...(n === 'network' ? { universeDomain: 'u.example.com' } : {}) }), app);
      expect(synthError(app)).toBe('');
    });

    test('passes if the objects are in two apps', () => {
      twoStacks((s) => new GcsBackend(s, { bucket: 'acme-tfstate' }), Testing.app());
      const other = Testing.app();
      new GcsBackend(new TerraformStack(other, 'network'), { bucket: 'acme-tfstate' });
      expect(synthError(other)).toBe('');
    });

    test('passes if a part of the address is an expression the run decides', () => {
      // GIVEN the same settings, but an override puts a reference into one prefix
      const app = twoStacks((s) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'same' }));
      (app.node.findChild('database').node.findChild('backend') as GcsBackend).addOverride('prefix', '${var.env}');
      expect(synthError(app)).toBe('');
    });

    test('fails if linked stacks take one part from the same env var (one run, one environment), naming it', () => {
      // GIVEN two gcs stacks with the same bucket and prefix, the universe left to GOOGLE_BACKEND_UNIVERSE_DOMAIN (opentofu)
      const app = twoStacks((s) => new GcsBackend(s, { bucket: 'acme', prefix: 'p' }), Testing.app({ context: { 'cdktf-state-backends:target': 'opentofu@1.12.6' } }));
      // THEN whatever the run's universe, both name one object
      expect(synthError(app)).toContain(
        'stacks "network" and "database" keep their state in one object: gcs bucket="acme", object "p/default.tfstate" (and "p/<workspace>.tfstate" in every other workspace); ' +
          'they are deployed in one run (one depends on the other), in one workspace with one GOOGLE_BACKEND_UNIVERSE_DOMAIN,',
      );
    });

  });

  describe('what the target reads literally, and what it evaluates', () => {
    test.each(['terraform@1.11.4', 'opentofu@1.6.3'])('fails if two stacks override a prefix with "${var.env}", which %s reads as that text', (target) => {
      // GIVEN the same override in both stacks; the target stores "${var.env}/default.tfstate" for both
      const app = twoStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name }).addOverride('prefix', '${var.env}'), appFor(target));
      expect(synthError(app)).toContain('object "${var.env}/default.tfstate" (and "${var.env}/<workspace>.tfstate" in every other workspace); they are deployed in one run');
    });

    test('fails if a variable\'s token rendered into an override names one object for terraform', () => {
      const app = twoStacks((s) => {
        const env = new TerraformVariable(s, 'env', { type: 'string' });
        new GcsBackend(s, { bucket: 'acme-tfstate' }).addOverride('prefix', env.stringValue);
      }, appFor('terraform@1.11.4'));
      expect(synthError(app)).toContain('object "${var.env}/default.tfstate"');
    });

    test.each([
      ['${terraform.workspace}/net', '${terraform.workspace}/net'],
      ['${path.module}/net', 'net'],
      ['${lower("NET")}', 'net'],
    ])('fails if linked stacks name one object through the expression %j, which opentofu evaluates alike in one run', (expression, prefix) => {
      const app = twoStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name }).addOverride('prefix', expression), appFor('opentofu@1.12.6'));
      expect(synthError(app)).toContain(`object "${prefix}/default.tfstate"`);
    });

    test('fails if an expression folds to another stack\'s literal (opentofu)', () => {
      const app = twoStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name === 'network' ? 'net' : '${lower("NET")}' }), appFor('opentofu@1.12.6'));
      expect(synthError(app)).toContain('[stack/shared-state]');
    });

    test('fails if linked stacks read one variable with one default (opentofu)', () => {
      const make = (s: TerraformStack) => {
        const env = new TerraformVariable(s, 'env', { type: 'string', default: 'prod' });
        new GcsBackend(s, { bucket: 'acme-tfstate', prefix: `${env.stringValue}/net` });
      };
      // (linked by a dependency: a cross-stack reference to a backend read from a variable is refused)
      expect(synthError(dependentStacks(make, appFor('opentofu@1.12.6')))).toContain('object "${var.env}/net/default.tfstate"');
    });

    test.each([
      ['two variables', (v: TerraformVariable, w: TerraformVariable, name: string) => (name === 'network' ? v.stringValue : w.stringValue)],
      ['a function of a variable and a literal', (v: TerraformVariable, _w: TerraformVariable, name: string) => (name === 'network' ? Fn.lower(v.stringValue) : 'prod')],
    ])('passes if the parts are %s (opentofu: not compared)', (_what, prefix) => {
      const app = dependentStacks((s, name) => {
        const env = new TerraformVariable(s, 'env', { type: 'string' });
        const team = new TerraformVariable(s, 'team', { type: 'string' });
        new GcsBackend(s, { bucket: 'acme-tfstate', prefix: prefix(env, team, name) });
      }, appFor('opentofu@1.12.6'));
      expect(synthError(app)).toBe('');
      expect(warningsOf(app).join('\n')).not.toContain('stack/shared-state');
    });

    test('passes if path.cwd names each stack\'s own directory (opentofu)', () => {
      const app = dependentStacks((s) => new GcsBackend(s, { bucket: 'acme-tfstate' }).addOverride('prefix', '${path.cwd}'), appFor('opentofu@1.12.6'));
      expect(synthError(app)).toBe('');
    });
  });

  describe('every backend of the app takes part', () => {
    test('fails if a stack with cdktf\'s own GcsBackend and one with this library\'s name one object (a half-migrated app)', () => {
      const app = twoStacks((s, name) => (name === 'network'
        ? new CdktfGcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' })
        : new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared/' })));
      expect(synthError(app)).toContain('stacks "database" and "network" keep their state in one object: gcs bucket="acme-tfstate", object "shared/default.tfstate"');
    });

    test.each([
      ['CosBackend', (s: TerraformStack) => new CdktfCosBackend(s, { bucket: COS.bucket, region: COS.region, prefix: 'p' }), (s: TerraformStack) => new CosBackend(s, { ...COS, prefix: 'p' })],
      ['OssBackend', (s: TerraformStack) => new CdktfOssBackend(s, { bucket: 'acme' }), (s: TerraformStack) => new OssBackend(s, { bucket: 'acme', prefix: 'env:' })],
      ['AzurermBackend', (s: TerraformStack) => new CdktfAzurermBackend(s, AZ), (s: TerraformStack) => new AzurermBackend(s, AZ)],
    ])('fails if cdktf\'s own %s names this library\'s object', (_name, theirs, mine) => {
      const app = twoStacks((s, name) => (name === 'network' ? theirs(s) : mine(s)));
      expect(synthError(app)).toContain('[stack/shared-state]');
    });

    test('reads cdktf\'s own backend with its overrides, and a block only a stack override adds', () => {
      // GIVEN cdktf's backend whose override moves it onto this library's object
      const moved = twoStacks((s, name) => {
        if (name === 'network') new CdktfGcsBackend(s, { bucket: 'acme-tfstate', prefix: 'old' }).addOverride('prefix', 'shared');
        else new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' });
      });
      expect(synthError(moved)).toContain('[stack/shared-state]');
      // AND a stack whose only backend is a stack override
      const raw = twoStacks((s, name) => {
        if (name === 'network') s.addOverride('terraform.backend.gcs', { bucket: 'acme-tfstate', prefix: 'shared' });
        else new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' });
      }, Testing.app(), false);
      expect(warningsOf(raw).join('\n')).toContain('stacks "database" and "network" keep their state in one object unless each runs');
    });
  });

  describe('blocks an Aspect changes (cdktf runs a stack\'s Aspects when it synthesizes that stack)', () => {
    /** An Aspect on `stack` that sets the prefix of its backend `backend` (this library's or cdktf's). */
    const prefixAspect = (stack: TerraformStack, backend: Construct & { addOverride(path: string, value: unknown): void }, prefix: string) =>
      Aspects.of(stack).add({ visit: (node) => (node === backend ? backend.addOverride('prefix', prefix) : undefined) });

    test('fails if an Aspect of the later stack moves its backend onto the earlier stack\'s object', () => {
      // GIVEN network at "shared", database at "database" until its Aspect sets "shared"
      const app = dependentStacks((s, name) => {
        const backend = new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name === 'network' ? 'shared' : 'database' });
        if (name === 'database') prefixAspect(s, backend, 'shared');
      });
      // THEN the synth is refused: database's check runs after its Aspect
      expect(synthError(app)).toContain('stacks "database" and "network" keep their state in one object: gcs bucket="acme-tfstate", object "shared/default.tfstate"');
    });

    test('passes when an Aspect of the later stack moves its backend off the earlier stack\'s object', () => {
      // GIVEN both at "shared" in their props, database's Aspect moving it to "database"
      const app = dependentStacks((s, name) => {
        const backend = new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' });
        if (name === 'database') prefixAspect(s, backend, 'database');
      });
      // THEN network's check does not compare it before the Aspect ran: no refusal
      expect(synthError(app)).toBe('');
      expect(JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', 'database', 'cdk.tf.json'), 'utf8')).terraform.backend.gcs.prefix).toBe('database');
    });

    test('fails if an Aspect of another construct of the later stack moves its backend onto the earlier stack\'s object', () => {
      // GIVEN network at "shared", database at "database" until an Aspect on one of database's other constructs sets "shared"
      const app = dependentStacks((s, name) => {
        const backend = new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name === 'network' ? 'shared' : 'database' });
        if (name === 'database') Aspects.of(new TerraformLocal(s, 'tags', { team: 'x' })).add({ visit: () => backend.addOverride('prefix', 'shared') });
      });
      // THEN the synth is refused: cdktf runs every Aspect of a stack's constructs before its checks
      expect(synthError(app)).toContain('stacks "database" and "network" keep their state in one object: gcs bucket="acme-tfstate", object "shared/default.tfstate"');
    });

    test('fails if an Aspect moves cdktf\'s own backend, in the later stack, onto this library\'s object', () => {
      // GIVEN network (this library's backend at "shared") and database with cdktf's GcsBackend, which its Aspect moves to "shared"
      const app = dependentStacks((s, name) => {
        if (name === 'network') {
          new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' });
        } else {
          prefixAspect(s, new CdktfGcsBackend(s, { bucket: 'acme-tfstate', prefix: 'database' }), 'shared');
        }
      });
      // THEN database's own stack check refuses it
      expect(synthError(app)).toContain('stacks "database" and "network" keep their state in one object');
    });
  });

  describe('how the tools name storage, and templates the library does not fold', () => {
    test('fails if two cos stacks name one bucket and prefix, one in another region with accelerate (the bucket name is one bucket)', () => {
      // GIVEN network in ap-guangzhou, database in ap-shanghai through the global acceleration host
      const app = linkedAt('terraform@1.11.4', (s, name) => new CosBackend(s, {
        bucket: COS.bucket, prefix: 'p', ...(name === 'network' ? { region: 'ap-guangzhou' } : { region: 'ap-shanghai', accelerate: true }),
      }));
      // THEN both reach <bucket>.cos.accelerate.myqcloud.com's bucket: one object
      expect(synthError(app)).toContain('stacks "network" and "database" keep their state in one object: cos bucket="tfstate-1250000000", object "p/terraform.tfstate"');
    });

    test('fails if two cos stacks differ only in region (a region that is not the bucket\'s fails at init)', () => {
      const app = linkedAt('terraform@1.11.4', (s, name) => new CosBackend(s, { ...COS, region: name === 'network' ? 'ap-guangzhou' : 'ap-shanghai' }));
      expect(synthError(app)).toContain('[stack/shared-state]');
    });

    test.each([
      ['${substr("network", 0, 3)}', '${substr("network",0,3)}'],
      ['%{if true}net%{endif}', '%{ if true }net%{ endif }'],
      ['${format("%v", "net")}', '${format("%v","net")}'],
      ['${~"net"~}', '${~"net"~}'],
      ['${lower("ÉT")}', '${lower("ÉT")}'],
    ])('fails if linked stacks hold one template opentofu evaluates alike, which the library does not fold: %j and %j', (first, second) => {
      const app = linkedAt('opentofu@1.12.6', (s, name) => new GcsBackend(s, { bucket: 'acme', prefix: name }).addOverride('prefix', name === 'network' ? first : second));
      expect(synthError(app)).toContain('[stack/shared-state]');
    });

    test('fails if linked stacks hold one template of a variable with one default, and passes if the defaults differ', () => {
      const make = (defaults: Record<string, string>) => (s: TerraformStack, name: string) => {
        new TerraformVariable(s, 'env', { type: 'string', default: defaults[name] });
        new GcsBackend(s, { bucket: 'acme', prefix: name }).addOverride('prefix', '${substr(var.env, 0, 3)}');
      };
      expect(synthError(linkedAt('opentofu@1.12.6', make({ network: 'network', database: 'network' })))).toContain('[stack/shared-state]');
      const apart = linkedAt('opentofu@1.12.6', make({ network: 'network', database: 'database' }));
      expect(synthError(apart)).toBe('');
    });

    test.each([
      ['${substr("network", 0, 3)}', '${substr("network", 0, 4)}'],
      ['${abspath(path.module)}', '${abspath(path.module)}'],
      ['${substr(path.cwd, 0, 3)}', '${substr(path.cwd, 0, 3)}'],
      ['${md5(file("x"))}', '${md5(file("x"))}'],
      ['${substr(uuid(), 0, 3)}', '${substr(uuid(), 0, 3)}'],
    ])('passes if the templates are %j and %j (two texts, or a value of each stack\'s directory, files or call)', (first, second) => {
      const app = linkedAt('opentofu@1.12.6', (s, name) => new GcsBackend(s, { bucket: 'acme', prefix: name }).addOverride('prefix', name === 'network' ? first : second));
      expect(synthError(app)).not.toContain('[stack/shared-state]');
    });

    test('fails if azurerm keys differ only in "\\\\" and "/" (the blob service stores one as the other)', () => {
      const app = linkedAt('terraform@1.11.4', (s, name) => new AzurermBackend(s, { ...AZ, key: name === 'network' ? 'a/b.tfstate' : 'a\\b.tfstate' }));
      expect(synthError(app)).toContain('azurerm storage_account_name="acmetfstate" container_name="tfstate", object "a/b.tfstate"');
    });

    test.each([
      ['app.tfstate?network', 'app.tfstate?database'],
      ['a%2Fb.tfstate', 'a/b.tfstate'],
      ['a%5Cb.tfstate', 'a/b.tfstate'],
      ['caf%C3%A9.tfstate', 'caf\u00e9.tfstate'],
    ])('fails if azurerm keys %j and %j name one blob as terraform 1.11+ sends them (the query dropped, escapes decoded), and passes for opentofu', (first, second) => {
      const make = (s: TerraformStack, name: string) => new AzurermBackend(s, { ...AZ, key: name === 'network' ? first : second });
      expect(synthError(linkedAt('terraform@1.11.4', make))).toContain('[stack/shared-state]');
      expect(synthError(linkedAt('opentofu@1.12.6', make))).toBe('');
      expect(synthError(linkedAt('terraform@1.10.5', make))).toBe('');
    });

    test('fails naming the blob terraform 1.11+ sends where the key differs from it (the query dropped)', () => {
      const app = linkedAt('terraform@1.11.4', (s, name) => new AzurermBackend(s, { ...AZ, key: `app.tfstate?${name}` }));
      expect(synthError(app)).toMatch(/object "app\.tfstate" \(terraform 1\.11\.4 reads the block's "app\.tfstate\?(network|service)" so\) \(and "app\.tfstate" in every other workspace\)/);
    });

    test('warns if one azurerm key is another\'s with a query, which terraform 1.11+ drops: one blob in the default workspace only', () => {
      // GIVEN "app.tfstate?network", whose every workspace is the blob app.tfstate, and "app.tfstate", whose named workspaces are app.tfstateenv:<workspace>
      const app = linkedAt('terraform@1.15.9', (s, name) => new AzurermBackend(s, { ...AZ, key: name === 'network' ? 'app.tfstate?network' : 'app.tfstate' }));
      // THEN they meet in the default workspace only
      expect(synthError(app)).toBe('');
      expect(warningsOf(app).filter((w) => w.includes('[stack/shared-state-from-run]'))).toHaveLength(2);
    });

    test('passes if azurerm keys differ only in an escape terraform 1.11+ decodes to another character ("%3F" is "?" in the name)', () => {
      const app = linkedAt('terraform@1.11.4', (s, name) => new AzurermBackend(s, { ...AZ, key: name === 'network' ? 'app.tfstate%3Fnetwork' : 'app.tfstate?network' }));
      expect(synthError(app)).toBe('');
      expect(warningsOf(app).join('\n')).not.toContain('shared-state');
    });

    test.each(['AcmeTfState', 'x@acmetfstate'])('fails if an azurerm account is spelt %j, the host of account "acmetfstate" (terraform)', (account) => {
      const app = linkedAt('terraform@1.11.4', (s, name) => new AzurermBackend(s, { ...AZ, storageAccountName: name === 'network' ? 'acmetfstate' : account }));
      expect(synthError(app)).toContain('[stack/shared-state]');
    });

    test.each([
      ['management.azure.com', 'public', 'terraform@1.11.4'],
      ['management.usgovcloudapi.net', 'usgovernment', 'opentofu@1.12.6'],
      ['Management.ChinaCloudAPI.cn', 'china', 'terraform@1.15.9'],
    ])('fails if one azurerm stack names metadataHost %j and the other environment %j, that cloud (%s)', (host, environment, target) => {
      const app = linkedAt(target, (s, name) => new AzurermBackend(s, { ...AZ, ...(name === 'network' ? { metadataHost: host } : { environment }) }));
      expect(synthError(app)).toContain('[stack/shared-state]');
    });

    test('passes if a metadataHost names another cloud than the other stack\'s environment', () => {
      const app = linkedAt('terraform@1.11.4', (s, name) => new AzurermBackend(s, { ...AZ, ...(name === 'network' ? { metadataHost: 'management.azure.com' } : { environment: 'china' }) }));
      expect(synthError(app)).toBe('');
    });

    test('names no env var of a field the target lacks (opentofu 1.6.3 has no gcs universe_domain)', () => {
      const app = linkedAt('opentofu@1.6.3', (s) => new GcsBackend(s, { bucket: 'acme', prefix: 'p' }));
      expect(synthError(app)).toContain('they are deployed in one run (one depends on the other), in one workspace, where each apply');
    });
  });
});

describe('stack/shared-state-from-run', () => {
  test('warns if cos prefix and key split one path two ways: they meet in the default workspace only', () => {
    // GIVEN <prefix>/<key> = a/b/c for both, while their named workspaces differ
    const app = twoStacks((s, name) => new CosBackend(s, { ...COS, ...(name === 'network' ? { prefix: 'a', key: 'b/c' } : { prefix: 'a/b', key: 'c' }) }));
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).toContain('object "a/b/c" in the default workspace; run in one workspace, each apply replaces');
  });

  test('warns if two stacks that do not read each other keep their state in one object, and does not refuse it', () => {
    // GIVEN the same settings, without a cross-stack reference: each may run in a workspace of its
    // own (TF_WORKSPACE), which keeps the objects apart (fake-gcs-server showed it)
    const app = twoStacks((s) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' }), Testing.app(), false);
    expect(synthError(app)).toBe('');
    expect(warningsOf(app)).toContain(
      'stacks "network" and "database" keep their state in one object unless each runs in a workspace of its own (TF_WORKSPACE, workspace select): ' +
        'gcs bucket="acme-tfstate", object "shared/default.tfstate" (and "shared/<workspace>.tfstate" in every other workspace); ' +
        'run in one workspace, each apply replaces the other\'s state and plans to destroy what it made: give each stack its own prefix [stack/shared-state-from-run]',
    );
  });

  test('warns if the blocks of linked stacks meet in a run without the config files that part them (a run with the files keeps them apart)', () => {
    // GIVEN two linked stacks whose files give each its own prefix, while the blocks name one
    const app = dependentStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' }).addConfigFile('prod', { prefix: name }));
    // THEN the run without the files names one object, the run with them two (TF_CLI_ARGS_init=-backend-config=prod.tfbackend)
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).toContain(
      'object "shared/default.tfstate" (and "shared/<workspace>.tfstate" in every other workspace) (in a run without prod.tfbackend); run in one workspace',
    );
  });

  test('warns if the blocks of stacks that do not read each other meet in a run without their config files', () => {
    const app = twoStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: 'shared' }).addConfigFile('prod', { prefix: name }), Testing.app(), false);
    expect(synthError(app)).toBe('');
    expect(warningsOf(app)).toContain(
      'stacks "network" and "database" keep their state in one object unless each runs in a workspace of its own (TF_WORKSPACE, workspace select): ' +
        'gcs bucket="acme-tfstate", object "shared/default.tfstate" (and "shared/<workspace>.tfstate" in every other workspace) (in a run without prod.tfbackend); ' +
        'run in one workspace, each apply replaces the other\'s state and plans to destroy what it made: give each stack its own prefix [stack/shared-state-from-run]',
    );
  });

  test('warns if two files of different names give one object (two inits may choose them)', () => {
    const app = dependentStacks((s, name) => new GcsBackend(s, { bucket: 'acme', prefix: name }).addConfigFile(name === 'network' ? 'prod' : 'live', { prefix: 'p' }));
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).toContain('(init of "network" with prod.tfbackend, of "database" with live.tfbackend)');
  });

  test('warns if the stacks differ only in azurerm environment "public" and none, one cloud unless ARM_ENVIRONMENT names another', () => {
    const app = Testing.app();
    StateBackendTarget.terraform('1.11.4').applyTo(app);
    expect(synthError(twoStacks((s, n) => new AzurermBackend(s, { ...AZ, ...(n === 'network' ? { environment: 'public' } : {}) }), app))).toBe('');
    expect(warningsOf(app).join('\n')).toContain('keep their state in one object when the run\'s ARM_ENVIRONMENT is unset or is "public", unless each runs');
  });

  test('warns if linked stacks read one variable with different defaults (opentofu: the run may give the value)', () => {
    const make = (s: TerraformStack, name: string) => {
      const env = new TerraformVariable(s, 'env', { type: 'string', default: name === 'network' ? 'prod' : 'dev' });
      new GcsBackend(s, { bucket: 'acme-tfstate', prefix: `${env.stringValue}/net` });
    };
    const apart = dependentStacks(make, appFor('opentofu@1.12.6'));
    expect(synthError(apart)).toBe('');
    expect(warningsOf(apart).join('\n')).toContain('keep their state in one object unless each runs in a workspace of its own');
  });

  test('warns if one stack\'s part is a variable and the other\'s the literal it may hold (opentofu), naming the value', () => {
    const app = dependentStacks((s, name) => {
      const env = new TerraformVariable(s, 'env', { type: 'string' });
      new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name === 'network' ? `${env.stringValue}/net` : 'prod/net' });
    }, appFor('opentofu@1.12.6'));
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).toContain('keep their state in one object when the run\'s var.env is "prod", unless each runs');
  });

  test('warns if one stack names the part the other leaves to its run, naming the env var and its value', () => {
    const app = twoStacks((s, n) => new AzurermBackend(s, { ...AZ, ...(n === 'network' ? { environment: 'china' } : {}) }));
    expect(synthError(app)).toBe('');
    expect(warningsOf(app)).toContain(
      'stacks "network" and "database" keep their state in one object when the run\'s ARM_ENVIRONMENT is "china", unless each runs in a workspace of its own ' +
        '(TF_WORKSPACE, workspace select): azurerm environment="china" storage_account_name="acmetfstate" container_name="tfstate", object "app.tfstate" ' +
        '(and "app.tfstateenv:<workspace>" in every other workspace); run in one workspace, each apply replaces the other\'s state and plans to destroy what it made: ' +
        'give each stack its own key [stack/shared-state-from-run]',
    );
  });

  test('warns, naming the value given at init, if linked stacks leave one prefix to init (TF_CLI_ARGS_init gives both the same)', () => {
    const app = linkedAt('terraform@1.11.4', (s) => new GcsBackend(s, { bucket: 'acme', prefix: StateBackendValue.fromInit() }));
    expect(synthError(app)).toBe('');
    expect(warningsOf(app)).toContain(
      'stacks "network" and "database" keep their state in one object when the run gives both the same prefix at init (as TF_CLI_ARGS_init does) or none, ' +
        'unless each runs in a workspace of its own (TF_WORKSPACE, workspace select): gcs bucket="acme", object "<prefix given at init>/default.tfstate" ' +
        '(and "<prefix given at init>/<workspace>.tfstate" in every other workspace); run in one workspace, each apply replaces the other\'s state ' +
        'and plans to destroy what it made: give each stack its own prefix [stack/shared-state-from-run]',
    );
  });

  test('warns, naming the value, if one stack leaves the prefix to init and the other names it', () => {
    const app = linkedAt('terraform@1.11.4', (s, name) => new GcsBackend(s, { bucket: 'acme', prefix: name === 'network' ? StateBackendValue.fromInit() : 'net' }));
    expect(warningsOf(app).join('\n')).toContain('keep their state in one object when the run gives prefix "net" at init, unless each runs');
  });

  test('warns if a required field is left to init in both (the run must give it: one value for both)', () => {
    const app = linkedAt('terraform@1.11.4', (s) => new GcsBackend(s, { bucket: StateBackendValue.fromInit(), prefix: 'p' }));
    expect(warningsOf(app).join('\n')).toContain('when the run gives both the same bucket at init (as TF_CLI_ARGS_init does), unless');
  });

  test('warns if "${terraform.workspace}" and "default" meet in the default workspace (opentofu)', () => {
    const app = linkedAt('opentofu@1.12.6', (s, name) => new GcsBackend(s, { bucket: 'acme', prefix: name === 'network' ? '${terraform.workspace}' : 'default' }));
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).toContain('gcs bucket="acme", object "default/default.tfstate" in the default workspace');
  });

  test.each([
    ['${terraform.workspace}', 'default/net'],
    ['${terraform.workspace}/net', 'net'],
    ['${terraform.workspace}/net', './net'],
  ])('does not warn if %j meets %j only through a name no workspace has ("a/b", "", ".")', (mine, other) => {
    const app = linkedAt('opentofu@1.12.6', (s, name) => new GcsBackend(s, { bucket: 'acme', prefix: name === 'network' ? mine : other }));
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).not.toContain('[stack/shared-state-from-run]');
  });

  test('warns, naming the workspace, if "${terraform.workspace}" meets a literal in one named workspace (opentofu)', () => {
    const app = linkedAt('opentofu@1.12.6', (s, name) => new GcsBackend(s, { bucket: 'acme', prefix: name === 'network' ? '${terraform.workspace}' : 'w1' }));
    expect(warningsOf(app).join('\n')).toContain('gcs bucket="acme", object "w1/w1.tfstate" in workspace "w1"');
  });

  test('shows a value that reads like a template as text (a terraform stack\'s literal "${var.env}", an opentofu stack\'s variable)', () => {
    const app = Testing.app({ context: { 'cdktf-state-backends:target': 'terraform@1.11.4' } });
    dependentStacks((s, name) => {
      if (name === 'network') return void new GcsBackend(s, { bucket: 'acme', prefix: 'x' }).addOverride('prefix', '${var.env}');
      s.node.setContext('cdktf-state-backends:target', 'opentofu@1.12.6');
      new TerraformVariable(s, 'env', { type: 'string' });
      new GcsBackend(s, { bucket: 'acme', prefix: '${var.env}' });
    }, app);
    expect(warningsOf(app).join('\n')).toContain('the run\'s var.env is the text "${var.env}"');
  });

  test('does not warn if stacks that do not read each other keep their state in objects of their own', () => {
    const app = twoStacks((s, name) => new GcsBackend(s, { bucket: 'acme-tfstate', prefix: name }), Testing.app(), false);
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).not.toContain('[stack/shared-state-from-run]');
  });
});

describe('stack/reads-own-state', () => {
  test('warns if a remote state reads the object its own backend writes', () => {
    // GIVEN a stack whose remote state copies the backend's settings
    const app = Testing.app();
    const stack = new TerraformStack(app, 'network');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: 'network' });
    new DataTerraformRemoteStateGcs(stack, 'copy', { bucket: 'acme-tfstate', prefix: 'network/' });
    // THEN it is a warning, not an error: the tools allow it
    expect(synthError(app)).toBe('');
    expect(warningsOf(app)).toContain(
      'reads "network/default.tfstate", the object its own stack\'s backend (network/backend) writes in the default workspace: ' +
        'run in that workspace, it sees this stack\'s last applied state, not another stack\'s [stack/reads-own-state]',
    );
  });

  test.each([
    ['cos', (s: TerraformStack) => { new CosBackend(s, COS); new DataTerraformRemoteStateCos(s, 'copy', { ...COS, workspace: '${terraform.workspace}' }); }, 'reads "<workspace>/terraform.tfstate", the object its own stack\'s backend (network/backend) writes in the workspace of the run'],
    ['oss', (s: TerraformStack) => { new OssBackend(s, { bucket: 'acme-b' }); new DataTerraformRemoteStateOss(s, 'copy', { bucket: 'acme-b' }); }, 'reads "env:/terraform.tfstate"'],
    ['azurerm', (s: TerraformStack) => { new AzurermBackend(s, AZ); new DataTerraformRemoteStateAzurerm(s, 'copy', AZ); }, 'reads "app.tfstate", the object its own stack\'s backend (network/backend) writes in the default workspace'],
  ])('warns if a %s remote state reads its own stack\'s object, in the workspace it reads', (_store, make, which) => {
    const app = Testing.app();
    make(new TerraformStack(app, 'network'));
    expect(warningsOf(app).find((w) => w.includes('[stack/reads-own-state]'))).toContain(which);
  });

  test('warns if the remote state comes before the backend in the code', () => {
    // GIVEN the remote state created first, and a second stack whose backend is another store's
    const app = Testing.app();
    const stack = new TerraformStack(app, 'network');
    const copy = new DataTerraformRemoteStateGcs(stack, 'copy', { bucket: 'acme-tfstate', prefix: 'network' });
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: 'network' });
    const other = new TerraformStack(app, 'app');
    new DataTerraformRemoteStateGcs(other, 'copy', { bucket: 'acme-tfstate', prefix: 'network' });
    new OssBackend(other, { bucket: 'acme-b' });
    // THEN the first warns, on its own path; the second reads another stack's object
    const warnings = warningsOf(app).filter((w) => w.includes('[stack/reads-own-state]'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('the object its own stack\'s backend (network/backend) writes');
    expect(copy.node.metadata.map((m) => String(m.data))).toContain(warnings[0]);
  });

  test('warns if a remote state names the default workspace of its own object', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'network');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: 'network' });
    new DataTerraformRemoteStateGcs(stack, 'copy', { bucket: 'acme-tfstate', prefix: 'network', workspace: 'default' });
    expect(warningsOf(app).join('\n')).toContain('reads "network/default.tfstate", the object its own stack\'s backend (network/backend) writes in the default workspace');
  });

  test('passes for a remote state of another workspace of its own configuration (staging reads prod)', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'network');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: 'network' });
    new DataTerraformRemoteStateGcs(stack, 'prod', { bucket: 'acme-tfstate', prefix: 'network', workspace: 'prod' });
    expect(warningsOf(app).join('\n')).not.toContain('reads-own-state');
  });

  test('passes for a cross-stack reference and for a remote state of another stack', () => {
    // GIVEN a consumer that reads the producer through a cross-stack reference and by hand
    const app = Testing.app();
    const producer = new TerraformStack(app, 'network');
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'network' });
    const out = new TerraformOutput(producer, 'vpc', { value: 'vpc-1' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: out.value });
    new DataTerraformRemoteStateGcs(consumer, 'network', { bucket: 'acme-tfstate', prefix: 'network' });
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).not.toContain('reads-own-state');
  });
});

describe('Go path functions', () => {
  test.each([
    [['a', 'b'], 'a/b'],
    [['', 'b'], 'b'],
    [['a/', '/b/'], 'a/b'],
    [['a', '..', 'b'], 'b'],
    [['', ''], ''],
    [['./x'], 'x'],
  ])('joinPath(%j) is %j, as Go\'s path.Join', (parts, joined) => {
    expect(joinPath(...parts)).toBe(joined);
  });

  test.each([['', '.'], ['/', '/'], ['../a', '../a'], ['/../a', '/a'], ['a/./b/', 'a/b']])('cleanPath(%j) is %j', (p, c) => {
    expect(cleanPath(p)).toBe(c);
  });
});

describe('forEachStack: every stack its own object in one bucket or container', () => {
  const backendOf = (app: App, at: string) =>
    JSON.parse(Testing.synth(at.split('/').reduce((c: Construct, id) => c.node.findChild(id) as Construct, app) as TerraformStack)).terraform.backend;

  test.each([
    ['GcsBackend', (app: App) => GcsBackend.forEachStack(app, { bucket: 'acme', prefix: 'envs/prod/' }), 'gcs', { bucket: 'acme', prefix: 'envs/prod/network' }, { bucket: 'acme', prefix: 'envs/prod/teams/database' }],
    ['CosBackend', (app: App) => CosBackend.forEachStack(app, COS), 'cos', { ...COS, prefix: 'network' }, { ...COS, prefix: 'teams/database' }],
    ['OssBackend', (app: App) => OssBackend.forEachStack(app, { bucket: 'acme', prefix: 'env:' }), 'oss', { bucket: 'acme', prefix: 'env:/network' }, { bucket: 'acme', prefix: 'env:/teams/database' }],
    ['AzurermBackend', (app: App) => AzurermBackend.forEachStack(app, { ...AZ, key: 'terraform.tfstate' }), 'azurerm',
      { storage_account_name: 'acmetfstate', container_name: 'tfstate', key: 'network/terraform.tfstate' },
      { storage_account_name: 'acmetfstate', container_name: 'tfstate', key: 'teams/database/terraform.tfstate' }],
  ] as const)('%s.forEachStack gives each stack its path as its object, and synth passes', (_cls, call, name, network, database) => {
    // GIVEN an app with a stack at its root, one inside a construct, and one with its own backend
    const app = Testing.app();
    new TerraformStack(app, 'network');
    new TerraformStack(new Construct(app, 'teams'), 'database');
    new GcsBackend(new TerraformStack(app, 'own'), { bucket: 'other' });
    // WHEN every stack is given its backend in one call
    const made = call(app);
    // THEN the two stacks without a backend got one each, named by their path below the app
    expect(made.map((b) => b.node.path)).toEqual(['network/backend', 'teams/database/backend']);
    expect(backendOf(app, 'network')[name]).toEqual(network);
    expect(backendOf(app, 'teams/database')[name]).toEqual(database);
    // (cdktn refuses constructs between the app and its stacks, cdktf allows them)
    expect(synthError(app)).toEqual(FLAVOUR === 'cdktf' ? '' : expect.stringContaining('Found constructs outside of a TerraformStack'));
  });

  test('forEachStack on a construct reaches only the stacks inside it', () => {
    const app = Testing.app();
    const prod = new Construct(app, 'prod');
    new TerraformStack(prod, 'network');
    new TerraformStack(app, 'tools');
    expect(GcsBackend.forEachStack(prod, { bucket: 'acme' }).map((b) => b.node.path)).toEqual(['prod/network/backend']);
    expect(backendOf(app, 'prod/network').gcs.prefix).toBe('network');
  });

  test('skips a stack whose backend comes from a stack override', () => {
    const app = Testing.app();
    new TerraformStack(app, 'network');
    new TerraformStack(app, 'legacy').addOverride('terraform.backend.local', { path: 'legacy.tfstate' });
    expect(GcsBackend.forEachStack(app, { bucket: 'acme' }).map((b) => b.node.path)).toEqual(['network/backend']);
  });

  describe('stack/one-directory', () => {
    test('fails if two stacks under it have one id, naming both paths (cdktf writes both to stacks/<id>)', () => {
      const app = Testing.app();
      new TerraformStack(new Construct(app, 'prod'), 'network');
      new TerraformStack(new Construct(app, 'dev'), 'network');
      expect(() => GcsBackend.forEachStack(app, { bucket: 'acme' })).toThrow(
        'GcsBackend.forEachStack at <root>: stacks prod/network and dev/network have one id, "network", and cdktf writes each stack to stacks/<id>, ' +
          'so one would overwrite the other\'s output; give each stack an id of its own [stack/one-directory]',
      );
    });

    test('passes if the stacks under it have ids of their own, under any parents', () => {
      const app = Testing.app();
      new TerraformStack(new Construct(app, 'prod'), 'network');
      new TerraformStack(new Construct(app, 'dev'), 'database');
      expect(GcsBackend.forEachStack(app, { bucket: 'acme' }).map((b) => b.node.path)).toEqual(['prod/network/backend', 'dev/database/backend']);
    });

    // (cdktn refuses constructs between the app and its stacks)
    (FLAVOUR === 'cdktf' ? test : test.skip)('cdktf writes two stacks of one id to one directory, the second replacing the first', () => {
      // GIVEN two stacks named network under two parents, each with its own bucket
      const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'one-directory-'));
      const app = new App({ outdir });
      for (const parent of ['prod', 'dev']) new GcsBackend(new TerraformStack(new Construct(app, parent), 'network'), { bucket: `acme-${parent}` });
      // WHEN the app is synthesized
      app.synth();
      // THEN one directory is left, holding the second stack's block
      expect(fs.readdirSync(path.join(outdir, 'stacks'))).toEqual(['network']);
      expect(JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', 'network', 'cdk.tf.json'), 'utf8')).terraform.backend.gcs.bucket).toBe('acme-dev');
    });
  });

  test('fails if called before the stacks are added', () => {
    expect(() => GcsBackend.forEachStack(Testing.app(), { bucket: 'acme' })).toThrow(
      'GcsBackend.forEachStack at <root>: found no stack under it, expected to be called after the stacks are added',
    );
  });

  test('fails with the backend\'s own error for a bad shared setting', () => {
    const app = Testing.app();
    new TerraformStack(app, 'network');
    expect(() => OssBackend.forEachStack(app, { bucket: 'acme', acl: 'nope' })).toThrow('[oss/acl]');
  });
});

/** An oss backend with a TableStore lock table. */
const OSS_LOCKED = { bucket: 'acme', prefix: 'p', lockStoreEndpoint: 'https://lock.cn-hangzhou.ots.aliyuncs.com', lockStoreTable: 'locks' };

describe('stack/shared-lock-row', () => {
  const OSS = OSS_LOCKED;

  test('fails if one linked stack\'s object is the other\'s plus "-md5", in one lock table (its lock row is the other\'s digest row)', () => {
    const app = linkedAt('terraform@1.11.4', (s, name) => new OssBackend(s, { ...OSS, key: name === 'network' ? 'state' : 'state-md5' }));
    expect(synthError(app)).toContain(
      'stacks "network" and "database" share a row of one lock table (oss tablestore_endpoint="https://lock.cn-hangzhou.ots.aliyuncs.com" tablestore_table="locks"): ' +
        '"database" locks with the row of its object, "acme/p/state-md5" (and "acme/p/<workspace>/state-md5" in every other workspace), where "network" keeps the ' +
        'digest of its state "p/state", so "database" can never lock while that state exists (TableStore refuses the row: OTSConditionCheckFail): ' +
        'give each stack its own prefix or key [stack/shared-lock-row]',
    );
  });

  test.each([
    ['no lock table', (s: TerraformStack, name: string) => new OssBackend(s, { bucket: 'acme', prefix: 'p', key: name === 'network' ? 'state' : 'state-md5' })],
    ['two lock tables', (s: TerraformStack, name: string) => new OssBackend(s, { ...OSS, lockStoreTable: `locks_${name}`, key: name === 'network' ? 'state' : 'state-md5' })],
    ['two buckets', (s: TerraformStack, name: string) => new OssBackend(s, { ...OSS, bucket: `acme-${name}`, key: name === 'network' ? 'state' : 'state-md5' })],
  ])('passes with %s', (_what, make) => {
    const app = linkedAt('terraform@1.11.4', make);
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).not.toContain('lock-row');
  });
});

describe('stack/one-directory-case', () => {
  test('warns if forEachStack meets stack ids that differ only in case (one directory on macOS and Windows)', () => {
    const app = Testing.app();
    new TerraformStack(app, 'Network');
    new TerraformStack(app, 'network');
    GcsBackend.forEachStack(app, { bucket: 'acme', prefix: 'p' });
    expect(synthError(app)).toBe('');
    expect(warningsOf(app)).toContain(
      'stacks "Network" and "network" have ids that differ only in case, and cdktf writes each stack to stacks/<id>: on a case-insensitive file system ' +
        '(macOS, Windows) that is one directory, where one stack would overwrite the other\'s output and .terraform directory; give each stack an id of its own ' +
        '[stack/one-directory-case]',
    );
  });

  test('passes if the ids differ in more than case', () => {
    const app = Testing.app();
    new TerraformStack(app, 'Network');
    new TerraformStack(app, 'networks');
    GcsBackend.forEachStack(app, { bucket: 'acme', prefix: 'p' });
    expect(warningsOf(app).join('\n')).not.toContain('[stack/one-directory-case]');
  });
});

describe('stack/shared-lock-row-from-run', () => {
  test('warns if the stacks are not deployed together (a workspace per stack keeps the rows apart)', () => {
    const app = twoStacks((s, name) => new OssBackend(s, { ...OSS_LOCKED, key: name === 'network' ? 'state' : 'state-md5' }), Testing.app(), false);
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).toContain('unless each runs in a workspace of its own (TF_WORKSPACE, workspace select): "database" locks with the row');
  });

  test('does not warn if no stack\'s object is another\'s plus "-md5"', () => {
    const app = twoStacks((s, name) => new OssBackend(s, { ...OSS_LOCKED, key: `${name}-md5` }), Testing.app(), false);
    expect(synthError(app)).toBe('');
    expect(warningsOf(app).join('\n')).not.toContain('lock-row');
  });
});
