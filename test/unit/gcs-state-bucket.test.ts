import { TerraformProvider, TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { GcsBackend } from '../../src/gcs-backend';
import { GcsStateBucket } from '../../src/gcs-state-bucket';
import { DEFAULT_TARGET, formatTarget } from '../../src/private/target/target';
import { StateBackendTarget } from '../../src/target';
import { warningsOf } from '../support/annotations';
import { refusal } from '../support/refusals';
import { argumentOf, bootstrap, resourceIn, storeRefusal, synthOf, tableCoverage, underTest } from '../support/state-stores';
import { STORES, appFor } from '../support/stores';

const sut = underTest('GcsStateBucket');
const BUCKET = 'google_storage_bucket';
const h = `invalid GcsStateBucket (target ${formatTarget(DEFAULT_TARGET)}) at bootstrap/state:`;

/** What the bucket holds unasked: row id -> [argument, value as the provider's schema spells it]. */
const DEFAULTS: Record<string, [string, unknown]> = {
  'gcs-bucket/name': ['name', 'acme-tfstate'],
  'gcs-bucket/location': ['location', 'EU'],
  'gcs-bucket/versioning': ['versioning.enabled', true],
  'gcs-bucket/noncurrent-versions': ['lifecycle_rule', [{ action: { type: 'Delete' }, condition: { days_since_noncurrent_time: 365, with_state: 'ARCHIVED' } }]],
  'gcs-bucket/soft-delete': ['soft_delete_policy.retention_duration_seconds', 604800],
  'gcs-bucket/uniform-access': ['uniform_bucket_level_access', true],
  'gcs-bucket/public-access-prevention': ['public_access_prevention', 'enforced'],
  'gcs-bucket/force-destroy': ['force_destroy', false],
  'gcs-bucket/prevent-destroy': ['lifecycle.prevent_destroy', true],
};

/** Each prop set (a default loosened, or a value given): row id -> [props, argument, value]. */
const SET: Record<string, [Record<string, unknown>, string, unknown]> = {
  'gcs-bucket/name': [{ name: 'acme-tfstate-2' }, 'name', 'acme-tfstate-2'],
  'gcs-bucket/location': [{ location: 'europe-west1' }, 'location', 'europe-west1'],
  'gcs-bucket/project': [{ project: 'acme-infra' }, 'project', 'acme-infra'],
  'gcs-bucket/versioning': [{ versioned: false }, 'versioning.enabled', false],
  'gcs-bucket/noncurrent-versions': [{ noncurrentVersionRetentionDays: 0 }, 'lifecycle_rule', undefined],
  'gcs-bucket/soft-delete': [{ softDeleteRetentionSeconds: 0 }, 'soft_delete_policy.retention_duration_seconds', 0],
  'gcs-bucket/uniform-access': [{ uniformBucketLevelAccess: false }, 'uniform_bucket_level_access', false],
  'gcs-bucket/public-access-prevention': [{ publicAccessPrevention: 'inherited' }, 'public_access_prevention', 'inherited'],
  'gcs-bucket/kms-key': [{ kmsKeyName: 'projects/a/locations/eu/keyRings/r/cryptoKeys/k' }, 'encryption.default_kms_key_name', 'projects/a/locations/eu/keyRings/r/cryptoKeys/k'],
  'gcs-bucket/labels': [{ labels: { team: 'platform' } }, 'labels', { team: 'platform' }],
  'gcs-bucket/force-destroy': [{ forceDestroy: true }, 'force_destroy', true],
  'gcs-bucket/prevent-destroy': [{ preventDestroy: false }, 'lifecycle.prevent_destroy', false],
};

describe('GcsStateBucket: what it holds unasked', () => {
  test('every argument the table emits unasked has its expectation here', () => {
    expect(Object.keys(DEFAULTS).sort()).toEqual(tableCoverage(sut).emittedByDefault.sort());
  });

  test.each(Object.entries(DEFAULTS))('%s', (_id, [path, value]) => {
    expect(argumentOf(sut, {}, 'bucket', path)).toEqual(value);
  });

  test('the whole stack: the bucket, the provider block and its source and version', () => {
    expect(synthOf(sut)).toMatchInlineSnapshot(`
{
  "provider": {
    "google": [
      {},
    ],
  },
  "resource": {
    "google_storage_bucket": {
      "state_bucket_803B4E61": {
        "force_destroy": false,
        "lifecycle": {
          "prevent_destroy": true,
        },
        "lifecycle_rule": [
          {
            "action": {
              "type": "Delete",
            },
            "condition": {
              "days_since_noncurrent_time": 365,
              "with_state": "ARCHIVED",
            },
          },
        ],
        "location": "EU",
        "name": "acme-tfstate",
        "public_access_prevention": "enforced",
        "soft_delete_policy": {
          "retention_duration_seconds": 604800,
        },
        "uniform_bucket_level_access": true,
        "versioning": {
          "enabled": true,
        },
      },
    },
  },
  "terraform": {
    "required_providers": {
      "google": {
        "source": "hashicorp/google",
        "version": ">= 7.45.0, < 8.0.0",
      },
    },
  },
}
`);
  });

  test('HCL output holds the same arguments, the nested ones as blocks', () => {
    const hcl = Testing.synthHcl(bootstrap(sut).stack);
    expect(hcl).toContain('versioning {\nenabled = true\n}');
    expect(hcl).toContain('lifecycle_rule {\naction {\ntype = "Delete"\n}\ncondition {\ndays_since_noncurrent_time = 365\nwith_state = "ARCHIVED"\n}\n}');
    expect(hcl).toContain('soft_delete_policy {\nretention_duration_seconds = 604800\n}');
    expect(hcl).toContain('lifecycle {\n  prevent_destroy = true\n}');
  });
});

describe('GcsStateBucket: each prop', () => {
  test('every prop that sets an argument has its expectation here', () => {
    expect(Object.keys(SET).sort()).toEqual(tableCoverage(sut).set.sort());
  });

  test.each(Object.entries(SET))('%s', (_id, [props, path, value]) => {
    expect(argumentOf(sut, props, 'bucket', path)).toEqual(value);
  });

  test('a reference is taken as it is (a key from a KMS resource)', () => {
    const { stack } = bootstrap(sut, { kmsKeyName: '${google_kms_crypto_key.state.id}' });
    expect(resourceIn(JSON.parse(Testing.synth(stack)), BUCKET).encryption).toEqual({ default_kms_key_name: '${google_kms_crypto_key.state.id}' });
  });

  test('fails if a prop has the wrong type, naming it', () => {
    expect(storeRefusal(sut, { versioned: 'yes', colour: 'red' })).toBe(
      `${h}\n` +
        '- colour: got <redacted> for an unknown field, expected one of name, location, project, versioned, noncurrentVersionRetentionDays, ' +
        'softDeleteRetentionSeconds, uniformBucketLevelAccess, publicAccessPrevention, kmsKeyName, labels, forceDestroy, preventDestroy, adopt [field/unknown]\n' +
        '- versioned: got "yes", expected true or false [field/type]',
    );
  });
});

describe('GcsStateBucket: the name, held to the gcs backend\'s rules', () => {
  test('fails if the name is blank, with the backend\'s rule and message', () => {
    const gcs = STORES.find((s) => s.store.backend === 'gcs')!;
    const backendLine = refusal(gcs, { bucket: '  ' }).split('\n')[1];
    expect(storeRefusal(sut, { name: '  ' }).split('\n')[1]).toBe(backendLine.replace('- bucket:', '- name:'));
    expect(backendLine).toMatch(/\[gcs\/bucket-blank\]$/);
  });

  test('fails if the name is "", as the backend refuses it', () => {
    expect(storeRefusal(sut, { name: '' }).split('\n')[1]).toMatch(/^- name: got "", expected a non-empty string .*\[field\/empty-refused\]$/);
  });
});

describe('gcs-bucket/name-form', () => {
  test('warns if the name has upper-case letters, which Cloud Storage refuses at the apply', () => {
    expect(warningsOf(bootstrap(sut, { name: 'Acme-TFState' }).stack)).toEqual([
      'name is "Acme-TFState", not lower-case letters, digits, "-", "_" and ".", starting and ending with a letter or digit; ' +
        'validate accepts it, but Cloud Storage refuses it when the apply creates the bucket [gcs-bucket/name-form]',
    ]);
  });

  test.each([
    ['ab', '2 characters, not 3 to 63 (with dots: up to 222)'],
    ['a'.repeat(64), '64 characters, not 3 to 63 (with dots: up to 222)'],
    [`${'a'.repeat(64)}.b`, 'longer than 222 characters, or than 63 between dots'],
    [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(31)}`, 'longer than 222 characters, or than 63 between dots'],
    ['192.168.5.4', 'an IP address'],
    ['goog-state', 'starting with "goog"'],
    ['my-google-state', 'holding "google"'],
  ])('warns if the name is %j: %s', (name, problem) => {
    expect(warningsOf(bootstrap(sut, { name }).stack)).toEqual([
      `name is ${JSON.stringify(name)}, ${problem}; validate accepts it, but Cloud Storage refuses it when the apply creates the bucket [gcs-bucket/name-form]`,
    ]);
  });

  test.each(['acme.tf_state-1', `${'a'.repeat(40)}.${'b'.repeat(40)}`, `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.abcd`])(
    'does not warn for %j (dots allow up to 222 characters, 63 between them)', (name) => {
      expect(warningsOf(bootstrap(sut, { name }).stack)).toEqual([]);
    });
});

describe('gcs-bucket/soft-delete-range', () => {
  test('warns if soft delete keeps objects a day, which Cloud Storage refuses', () => {
    expect(warningsOf(bootstrap(sut, { softDeleteRetentionSeconds: 86400 }).stack)).toEqual([
      'softDeleteRetentionSeconds is 86400, not 0 (off) or 604800 to 7776000 (7 to 90 days); validate accepts it, but Cloud Storage refuses it when the apply sets it [gcs-bucket/soft-delete-range]',
    ]);
  });

  test.each([0, 604800, 7776000])('does not warn for %d', (seconds) => {
    expect(warningsOf(bootstrap(sut, { softDeleteRetentionSeconds: seconds }).stack)).toEqual([]);
  });
});

describe('gcs-bucket/label-key', () => {
  test('fails if a label key has upper-case letters', () => {
    expect(storeRefusal(sut, { labels: { Team: 'platform', ok: 'x' } }).split('\n')[1])
      .toBe('- labels: got the keys "Team", expected 1 to 63 lower-case letters, digits, "_" and "-" in each key [gcs-bucket/label-key]');
  });

  test('accepts lower-case keys with digits, "_" and "-"', () => {
    expect(argumentOf(sut, { labels: { 'cost_centre-1': 'a' } }, 'bucket', 'labels')).toEqual({ 'cost_centre-1': 'a' });
  });
});

describe('GcsStateBucket.backend, remoteState, forEachStack: the name typed once', () => {
  test('backend gives the stack a gcs backend in the bucket, and makes it depend on the bucket\'s stack', () => {
    const { stack: boot, construct } = bootstrap(sut);
    const bucket = construct as GcsStateBucket;
    const network = new TerraformStack(boot.node.scope as Construct, 'network');
    bucket.backend(network, { prefix: 'network' });
    expect(JSON.parse(Testing.synth(network)).terraform.backend).toEqual({ gcs: { bucket: 'acme-tfstate', prefix: 'network' } });
    expect(network.dependencies).toEqual([boot]);
  });

  test('a refused backend adds no dependency', () => {
    const { stack: boot, construct } = bootstrap(sut);
    const network = new TerraformStack(boot.node.scope as Construct, 'network');
    expect(() => (construct as GcsStateBucket).backend(network, { storeageCustomEndpoint: 'https://x/storage/v1' })).toThrow(/gcs\/custom-endpoint-form/);
    expect(network.dependencies).toEqual([]);
  });

  test('remoteState reads the bucket, and its stack depends on the bucket\'s', () => {
    const { stack: boot, construct } = bootstrap(sut);
    const app = new TerraformStack(boot.node.scope as Construct, 'app');
    (construct as GcsStateBucket).remoteState(app, 'network', { prefix: 'network' });
    const data = JSON.parse(Testing.synth(app)).data.terraform_remote_state;
    expect(Object.values(data)).toEqual([{ backend: 'gcs', config: { bucket: 'acme-tfstate', prefix: 'network' } }]);
    expect(app.dependencies).toEqual([boot]);
  });

  test('forEachStack gives every other stack a backend under the prefix, and leaves the bucket\'s own stack alone', () => {
    const app = appFor();
    const boot = new TerraformStack(app, 'bootstrap');
    const bucket = new GcsStateBucket(boot, 'state', { name: 'acme-tfstate', location: 'EU' });
    const network = new TerraformStack(app, 'network');
    const web = new TerraformStack(app, 'web');
    const made = bucket.forEachStack(app, { prefix: 'prod' });
    expect(made.map((b) => GcsBackend.isBackend(b))).toEqual([true, true]);
    expect(JSON.parse(Testing.synth(web)).terraform.backend.gcs).toEqual({ bucket: 'acme-tfstate', prefix: 'prod/web' });
    expect(JSON.parse(Testing.synth(boot)).terraform?.backend).toBeUndefined();
    expect([network.dependencies, web.dependencies]).toEqual([[boot], [boot]]);
  });

  test('a backend in the bucket\'s own stack adds no dependency', () => {
    const { stack: boot, construct } = bootstrap(sut);
    (construct as GcsStateBucket).backend(boot, { prefix: 'bootstrap' });
    expect(boot.dependencies).toEqual([]);
  });
});

describe('GcsStateBucket: the provider', () => {
  test('a stack with a google provider of its own keeps it, and gets no second block', () => {
    const app = appFor();
    const stack = new TerraformStack(app, 'bootstrap');
    class Google extends TerraformProvider {}
    new Google(stack, 'google', { terraformResourceType: 'google', terraformProviderSource: 'hashicorp/google' });
    new GcsStateBucket(stack, 'state', { name: 'acme-tfstate', location: 'EU' });
    const json = JSON.parse(Testing.synth(stack));
    expect(json.provider.google).toEqual([{}]);
    expect(json.terraform.required_providers.google).toEqual({ source: 'hashicorp/google' });
  });

  test('the provider prop configures the bucket', () => {
    const app = appFor();
    const stack = new TerraformStack(app, 'bootstrap');
    class Aliased extends TerraformProvider {
      public get alias(): string {
        return 'eu';
      }
    }
    const eu = new Aliased(stack, 'eu', { terraformResourceType: 'google', terraformProviderSource: 'hashicorp/google' });
    new GcsStateBucket(stack, 'state', { name: 'acme-tfstate', location: 'EU', provider: eu });
    expect(resourceIn(JSON.parse(Testing.synth(stack)), BUCKET).provider).toBe('google.eu');
  });
});

describe('GcsStateBucket: adopting a bucket made by hand', () => {
  test('adopt writes an import block with the bucket\'s name, or project/name', () => {
    expect(synthOf(sut, { adopt: true }).import).toEqual([{ id: 'acme-tfstate', to: `${BUCKET}.state_bucket_803B4E61` }]);
    expect(synthOf(sut, { adopt: true, project: 'acme' }).import).toEqual([{ id: 'acme/acme-tfstate', to: `${BUCKET}.state_bucket_803B4E61` }]);
    expect(synthOf(sut).import).toBeUndefined();
  });

  test('HCL output holds the import block', () => {
    expect(Testing.synthHcl(bootstrap(sut, { adopt: true }).stack)).toContain(`import {\nid = "acme-tfstate"\nto = ${BUCKET}.state_bucket_803B4E61\n}`);
  });
});

describe('state-store/import-target', () => {
  test('fails if the target is terraform before 1.5.0', () => {
    const app = Testing.app();
    StateBackendTarget.terraform('1.4.7').applyTo(app);
    const stack = new TerraformStack(app, 'bootstrap');
    expect(() => new GcsStateBucket(stack, 'state', { name: 'acme-tfstate', location: 'EU', adopt: true })).toThrow(
      'invalid GcsStateBucket (target terraform@1.4.7) at bootstrap/state:\n' +
        '- adopt: got true, but terraform 1.4.7 has no import blocks; they are first available in terraform 1.5.0 (and every opentofu release) [state-store/import-target]',
    );
  });

  test.each(['terraform@1.5.0', 'opentofu@1.6.0'])('accepts adopt for %s', (target) => {
    const app = Testing.app();
    app.node.setContext('cdktf-state-backends:target', target);
    expect(() => new GcsStateBucket(new TerraformStack(app, 'bootstrap'), 'state', { name: 'acme-tfstate', location: 'EU', adopt: true })).not.toThrow();
  });
});
