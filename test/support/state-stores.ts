/**
 * The state stores' constructs under test: how each is made from props, the props every one
 * needs (the required props' examples from its table), and the resources it synthesizes. The
 * per-construct unit files (test/unit/<construct>.test.ts) hold each row of the store's table to
 * the synthesized arguments with expectations written out, and `tableCoverage` makes sure each
 * default and each loosening prop of the table has one.
 */
import { TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { appFor } from './stores';
import { AzurermStateContainer } from '../../src/azurerm-state-container';
import { CosStateBucket } from '../../src/cos-state-bucket';
import { GcsStateBucket } from '../../src/gcs-state-bucket';
import { OssStateBucket } from '../../src/oss-state-bucket';
import { STATE_STORES } from '../../src/private/state-stores';
import { StateStore } from '../../src/private/state-stores/definition';
import { getPath } from '../../src/private/state-stores/emit';
import { ParsedTarget } from '../../src/private/target/target';

export interface StateStoreUnderTest {
  readonly store: StateStore;
  /** The props every construct needs: each required prop's example. */
  readonly required: Record<string, unknown>;
  /** Makes the construct in `scope` as a user does. */
  make(scope: Construct, id: string, props: Record<string, unknown>): Construct;
}

const MAKERS: Record<string, (scope: Construct, id: string, props: any) => Construct> = {
  GcsStateBucket: (s, id, p) => new GcsStateBucket(s, id, p),
  CosStateBucket: (s, id, p) => new CosStateBucket(s, id, p),
  OssStateBucket: (s, id, p) => new OssStateBucket(s, id, p),
  AzurermStateContainer: (s, id, p) => new AzurermStateContainer(s, id, p),
};

export const STATE_STORES_UNDER_TEST: readonly StateStoreUnderTest[] = STATE_STORES.map((store) => ({
  store,
  make: MAKERS[store.names.construct],
  required: Object.fromEntries(store.settings.filter((s) => s.prop?.required).map((s) => [s.prop!.name, s.prop!.example])),
}));

export function underTest(construct: string): StateStoreUnderTest {
  return STATE_STORES_UNDER_TEST.find((s) => s.store.names.construct === construct)!;
}

/** Every prop of a construct set to a value its provider takes (every prop of its table, checked by test/unit/private/state-stores/emit.test.ts). */
export const EVERY_PROP: Record<string, Record<string, unknown>> = {
  GcsStateBucket: {
    project: 'acme-infra',
    versioned: true,
    noncurrentVersionRetentionDays: 90,
    softDeleteRetentionSeconds: 1209600,
    uniformBucketLevelAccess: true,
    publicAccessPrevention: 'enforced',
    kmsKeyName: 'projects/acme/locations/eu/keyRings/tf/cryptoKeys/state',
    labels: { team: 'platform' },
    forceDestroy: false,
    preventDestroy: true,
    adopt: true,
  },
  OssStateBucket: {
    versioned: true,
    noncurrentVersionRetentionDays: 90,
    sseAlgorithm: 'KMS',
    kmsMasterKeyId: '0e9b5b8a-7f9e-4a1c-9a6d-1b2c3d4e5f60',
    acl: 'private',
    blockPublicAccess: true,
    tags: { team: 'platform' },
    forceDestroy: false,
    preventDestroy: true,
    locking: true,
    lockInstanceName: 'acme-lock',
    createLockInstance: true,
    lockTableName: 'terraform_lock',
    adopt: true,
    adoptLockTable: true,
  },
  CosStateBucket: {
    versioned: true,
    noncurrentVersionRetentionDays: 90,
    acl: 'private',
    encryptionAlgorithm: 'KMS',
    kmsId: 'a1b2c3d4-0000-1111-2222-333344445555',
    tags: { team: 'platform' },
    forceClean: false,
    preventDestroy: true,
    adopt: true,
  },
  AzurermStateContainer: {
    subscriptionId: '00000000-0000-0000-0000-000000000001',
    containerName: 'state',
    accountReplicationType: 'ZRS',
    httpsTrafficOnlyEnabled: true,
    allowNestedItemsToBePublic: false,
    versioned: true,
    noncurrentVersionRetentionDays: 90,
    blobSoftDeleteRetentionDays: 14,
    containerSoftDeleteRetentionDays: 14,
    customerManagedKeyVaultKeyId: 'https://acme-kv.vault.azure.net/keys/tfstate',
    customerManagedKeyIdentityId: '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg-tfstate/providers/Microsoft.ManagedIdentity/userAssignedIdentities/tfstate',
    tags: { team: 'platform' },
    preventDestroy: true,
    adopt: true,
  },
};

/** A stack `bootstrap` holding the construct `state`, made with the required props and `props`. */
export function bootstrap(
  sut: StateStoreUnderTest,
  props: Record<string, unknown> = {},
  target?: ParsedTarget,
): { stack: TerraformStack; construct: Construct } {
  const stack = new TerraformStack(appFor(target), 'bootstrap');
  const construct = sut.make(stack, 'state', { ...sut.required, ...props });
  return { stack, construct };
}

/** The synthesized JSON of the bootstrap stack made with `props`. */
export function synthOf(sut: StateStoreUnderTest, props: Record<string, unknown> = {}): any {
  return JSON.parse(Testing.synth(bootstrap(sut, props).stack));
}

/** The only resource of `type` in a synthesized stack. */
export function resourceIn(json: any, type: string): Record<string, any> {
  const all = Object.values(json.resource?.[type] ?? {});
  expect(all).toHaveLength(1);
  return all[0] as Record<string, any>;
}

/** The value at `path` (`versioning.enabled`, `lifecycle.prevent_destroy`) of the resource of `resource` (a key of the table's resources). */
export function argumentOf(sut: StateStoreUnderTest, props: Record<string, unknown>, resource: string, path: string): unknown {
  return getPath(resourceIn(synthOf(sut, props), sut.store.resources[resource].type), path);
}

/** The message of the error the props get; fails the test when nothing is thrown. */
export function storeRefusal(sut: StateStoreUnderTest, props: Record<string, unknown>, target?: ParsedTarget): string {
  try {
    bootstrap(sut, props, target);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(props)} to be refused`);
}

/**
 * What the expectations of a construct's unit file must cover: every row whose argument the
 * construct emits unasked (its default, or a value it derives), and every row whose prop sets an
 * argument (set to another value than the default: the loosening of a default).
 */
export function tableCoverage(sut: StateStoreUnderTest): { emittedByDefault: string[]; set: string[] } {
  const json = synthOf(sut);
  const emittedByDefault = sut.store.settings.filter((s) => {
    if (s.argument === '-') return false;
    const type = sut.store.resources[s.resource].type;
    const resources = Object.values(json.resource?.[type] ?? {});
    return resources.length === 1 && getPath(resources[0], s.argument) !== undefined;
  }).map((s) => s.id);
  const set = sut.store.settings.filter((s) => s.prop && s.argument !== '-').map((s) => s.id);
  return { emittedByDefault, set };
}
