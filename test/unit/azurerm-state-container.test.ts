import { TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { AzurermStateContainer } from '../../src/azurerm-state-container';
import { refusal } from '../support/refusals';
import { argumentOf, bootstrap, storeRefusal, synthOf, tableCoverage, underTest } from '../support/state-stores';
import { STORES } from '../support/stores';

const sut = underTest('AzurermStateContainer');
const ACCOUNT_REF = '${azurerm_storage_account.state_account_58633B45.id}';
const SUB = '00000000-0000-0000-0000-000000000001';
const CMK = { customerManagedKeyVaultKeyId: 'https://acme-kv.vault.azure.net/keys/tfstate', customerManagedKeyIdentityId: '/subscriptions/s/resourceGroups/r/providers/Microsoft.ManagedIdentity/userAssignedIdentities/i' };

/** What the construct holds unasked: row id -> [resource, argument, value as the provider's schema spells it]. */
const DEFAULTS: Record<string, [string, string, unknown]> = {
  'azurerm-container/account': ['account', 'name', 'acmetfstate'],
  'azurerm-container/resource-group': ['account', 'resource_group_name', 'rg-tfstate'],
  'azurerm-container/location': ['account', 'location', 'westeurope'],
  'azurerm-container/replication': ['account', 'account_replication_type', 'GRS'],
  'azurerm-container/tier': ['account', 'account_tier', 'Standard'],
  'azurerm-container/https-only': ['account', 'https_traffic_only_enabled', true],
  'azurerm-container/min-tls': ['account', 'min_tls_version', 'TLS1_2'],
  'azurerm-container/no-public-blobs': ['account', 'allow_nested_items_to_be_public', false],
  'azurerm-container/versioning': ['account', 'blob_properties.versioning_enabled', true],
  'azurerm-container/blob-soft-delete': ['account', 'blob_properties.delete_retention_policy.days', 7],
  'azurerm-container/container-soft-delete': ['account', 'blob_properties.container_delete_retention_policy.days', 7],
  'azurerm-container/prevent-destroy': ['account', 'lifecycle.prevent_destroy', true],
  'azurerm-container/container': ['container', 'name', 'tfstate'],
  'azurerm-container/container-account': ['container', 'storage_account_id', ACCOUNT_REF],
  'azurerm-container/container-private': ['container', 'container_access_type', 'private'],
  'azurerm-container/container-prevent-destroy': ['container', 'lifecycle.prevent_destroy', true],
  'azurerm-container/noncurrent-versions': ['versionPolicy', 'rule', [{
    name: 'state-noncurrent-versions',
    enabled: true,
    filters: { blob_types: ['blockBlob'] },
    actions: { version: { delete_after_days_since_creation: 365 } },
  }]],
  'azurerm-container/policy-account': ['versionPolicy', 'storage_account_id', ACCOUNT_REF],
};

/** Each prop set: row id -> [props, resource, argument, value]. */
const SET: Record<string, [Record<string, unknown>, string, string, unknown]> = {
  'azurerm-container/account': [{ storageAccountName: 'acmestate2' }, 'account', 'name', 'acmestate2'],
  'azurerm-container/resource-group': [{ resourceGroupName: 'rg-2' }, 'account', 'resource_group_name', 'rg-2'],
  'azurerm-container/location': [{ location: 'northeurope' }, 'account', 'location', 'northeurope'],
  'azurerm-container/replication': [{ accountReplicationType: 'ZRS' }, 'account', 'account_replication_type', 'ZRS'],
  'azurerm-container/https-only': [{ httpsTrafficOnlyEnabled: false }, 'account', 'https_traffic_only_enabled', false],
  'azurerm-container/no-public-blobs': [{ allowNestedItemsToBePublic: true }, 'account', 'allow_nested_items_to_be_public', true],
  'azurerm-container/versioning': [{ versioned: false }, 'account', 'blob_properties.versioning_enabled', false],
  'azurerm-container/blob-soft-delete': [{ blobSoftDeleteRetentionDays: 0 }, 'account', 'blob_properties.delete_retention_policy', undefined],
  'azurerm-container/container-soft-delete': [{ containerSoftDeleteRetentionDays: 30 }, 'account', 'blob_properties.container_delete_retention_policy.days', 30],
  'azurerm-container/cmk-key': [CMK, 'account', 'customer_managed_key.key_vault_key_id', CMK.customerManagedKeyVaultKeyId],
  'azurerm-container/cmk-identity': [CMK, 'account', 'customer_managed_key.user_assigned_identity_id', CMK.customerManagedKeyIdentityId],
  'azurerm-container/tags': [{ tags: { team: 'platform' } }, 'account', 'tags', { team: 'platform' }],
  'azurerm-container/prevent-destroy': [{ preventDestroy: false }, 'account', 'lifecycle.prevent_destroy', false],
  'azurerm-container/container-prevent-destroy': [{ preventDestroy: false }, 'container', 'lifecycle.prevent_destroy', false],
  'azurerm-container/container': [{ containerName: 'state' }, 'container', 'name', 'state'],
  'azurerm-container/noncurrent-versions': [{ noncurrentVersionRetentionDays: 30 }, 'versionPolicy', 'rule.0.actions.version.delete_after_days_since_creation', 30],
};

describe('AzurermStateContainer: what it holds unasked', () => {
  test('every argument the table emits unasked has its expectation here', () => {
    expect(Object.keys(DEFAULTS).sort()).toEqual(tableCoverage(sut).emittedByDefault.sort());
  });

  test.each(Object.entries(DEFAULTS))('%s', (_id, [resource, path, value]) => {
    expect(argumentOf(sut, {}, resource, path)).toEqual(value);
  });

  test('the provider block has the features block azurerm requires', () => {
    const json = synthOf(sut);
    expect(json.provider.azurerm).toEqual([{ features: {} }]);
    expect(json.terraform.required_providers.azurerm).toEqual({ source: 'hashicorp/azurerm', version: '>= 5.2.0, < 6.0.0' });
    expect(Testing.synthHcl(bootstrap(sut).stack)).toContain('provider "azurerm" {\nfeatures {\n\n}\n}');
  });
});

describe('AzurermStateContainer: each prop', () => {
  test('every prop that sets an argument has its expectation here', () => {
    expect(Object.keys(SET).sort()).toEqual(tableCoverage(sut).set.sort());
  });

  test.each(Object.entries(SET))('%s', (_id, [props, resource, path, value]) => {
    expect(argumentOf(sut, props, resource, path)).toEqual(value);
  });

  test('a customer-managed key gives the account the identity that reads it', () => {
    expect(argumentOf(sut, CMK, 'account', 'identity')).toEqual({ type: 'UserAssigned', identity_ids: [CMK.customerManagedKeyIdentityId] });
  });

  test('0 days, or no versioning, makes no management policy', () => {
    expect(synthOf(sut, { noncurrentVersionRetentionDays: 0 }).resource.azurerm_storage_management_policy).toBeUndefined();
    expect(synthOf(sut, { versioned: false }).resource.azurerm_storage_management_policy).toBeUndefined();
  });
});

describe('AzurermStateContainer.backend: the account and container typed once', () => {
  test('backend names the account, the container and the resource group; the stack depends on the container\'s', () => {
    const { stack, construct } = bootstrap(sut, { subscriptionId: SUB });
    const network = new TerraformStack(stack.node.scope as Construct, 'network');
    (construct as AzurermStateContainer).backend(network, { key: 'network.tfstate' });
    expect(JSON.parse(Testing.synth(network)).terraform.backend.azurerm).toEqual({
      container_name: 'tfstate',
      key: 'network.tfstate',
      resource_group_name: 'rg-tfstate',
      storage_account_name: 'acmetfstate',
      subscription_id: SUB,
    });
    expect(network.dependencies).toEqual([stack]);
  });

  test('forEachStack names each blob <stack path>/<key>, and remoteState reads one', () => {
    const { stack, construct } = bootstrap(sut);
    const app = stack.node.scope as Construct;
    const web = new TerraformStack(app, 'web');
    (construct as AzurermStateContainer).forEachStack(app, { key: 'terraform.tfstate' });
    (construct as AzurermStateContainer).remoteState(web, 'network', { key: 'network/terraform.tfstate' });
    const json = JSON.parse(Testing.synth(web));
    expect(json.terraform.backend.azurerm.key).toBe('web/terraform.tfstate');
    expect((Object.values(json.data.terraform_remote_state)[0] as any).config).toMatchObject({ storage_account_name: 'acmetfstate', container_name: 'tfstate', key: 'network/terraform.tfstate' });
  });

  test('adopt imports the account and the container by their Resource Manager ids', () => {
    const account = `/subscriptions/${SUB}/resourceGroups/rg-tfstate/providers/Microsoft.Storage/storageAccounts/acmetfstate`;
    expect(synthOf(sut, { adopt: true, subscriptionId: SUB }).import).toEqual([
      { id: account, to: 'azurerm_storage_account.state_account_58633B45' },
      { id: `${account}/blobServices/default/containers/tfstate`, to: 'azurerm_storage_container.state_container_1883D0F8' },
    ]);
  });
});

describe('AzurermStateContainer: the names, held to the azurerm backend\'s rules', () => {
  test('fails if the account name is one Go cannot put in a host name, with the backend\'s rule and message', () => {
    const azurerm = STORES.find((s) => s.store.backend === 'azurerm')!;
    const backendLine = refusal(azurerm, { storageAccountName: 'acme state', containerName: 'tfstate', key: 'k' }).split('\n')[1];
    expect(backendLine).toMatch(/\[azurerm\/account-name-host\]$/);
    expect(storeRefusal(sut, { storageAccountName: 'acme state' }).split('\n')).toEqual([expect.anything(), backendLine]);
  });
});

describe('azurerm-container/account-name', () => {
  test('fails if the account name has upper-case letters', () => {
    expect(storeRefusal(sut, { storageAccountName: 'AcmeState' }).split('\n')[1])
      .toBe('- storageAccountName: got "AcmeState", expected 3 to 24 lower-case letters and digits [azurerm-container/account-name]');
  });

  test('accepts 24 lower-case letters and digits', () => {
    expect(() => bootstrap(sut, { storageAccountName: 'a'.repeat(23) + '1' })).not.toThrow();
  });
});

describe('azurerm-container/container-name', () => {
  test('fails if the container starts with a hyphen', () => {
    expect(storeRefusal(sut, { containerName: '-state' }).split('\n')[1])
      .toBe('- containerName: got "-state", expected 3 to 63 lower-case letters, digits and hyphens, not starting with a hyphen (or "$root", "$web") [azurerm-container/container-name]');
  });

  test('accepts $root', () => {
    expect(() => bootstrap(sut, { containerName: '$root' })).not.toThrow();
  });
});

describe('azurerm-container/replication-type', () => {
  test('fails if the replication is not one Azure has', () => {
    expect(storeRefusal(sut, { accountReplicationType: 'GRS2' }).split('\n')[1])
      .toBe('- accountReplicationType: got "GRS2", expected one of "LRS", "ZRS", "GRS", "RAGRS", "GZRS", "RAGZRS" [azurerm-container/replication-type]');
  });

  test('accepts RAGZRS', () => {
    expect(() => bootstrap(sut, { accountReplicationType: 'RAGZRS' })).not.toThrow();
  });
});

describe('azurerm-container/blob-soft-delete-days', () => {
  test('fails if blob soft delete keeps more than 365 days', () => {
    expect(storeRefusal(sut, { blobSoftDeleteRetentionDays: 366 }).split('\n')[1]).toBe('- blobSoftDeleteRetentionDays: got 366, expected 0 to 365 days [azurerm-container/blob-soft-delete-days]');
  });

  test('accepts 365', () => {
    expect(argumentOf(sut, { blobSoftDeleteRetentionDays: 365 }, 'account', 'blob_properties.delete_retention_policy.days')).toBe(365);
  });
});

describe('azurerm-container/container-soft-delete-days', () => {
  test('fails if container soft delete days are negative', () => {
    expect(storeRefusal(sut, { containerSoftDeleteRetentionDays: -1 }).split('\n')[1]).toBe('- containerSoftDeleteRetentionDays: got -1, expected 0 to 365 days [azurerm-container/container-soft-delete-days]');
  });

  test('accepts 0: no container soft delete', () => {
    expect(argumentOf(sut, { containerSoftDeleteRetentionDays: 0 }, 'account', 'blob_properties.container_delete_retention_policy')).toBeUndefined();
  });
});

describe('azurerm-container/noncurrent-days', () => {
  test('fails if the days pass 99999', () => {
    expect(storeRefusal(sut, { noncurrentVersionRetentionDays: 100000 }).split('\n')[1]).toBe('- noncurrentVersionRetentionDays: got 100000, expected 0 to 99999 days [azurerm-container/noncurrent-days]');
  });

  test('accepts 99999', () => {
    expect(() => bootstrap(sut, { noncurrentVersionRetentionDays: 99999 })).not.toThrow();
  });
});

describe('azurerm-container/customer-managed-key', () => {
  test('fails if the key is given without the identity', () => {
    expect(storeRefusal(sut, { customerManagedKeyVaultKeyId: CMK.customerManagedKeyVaultKeyId }).split('\n')[1])
      .toBe('- customerManagedKeyVaultKeyId: set without customerManagedKeyIdentityId, expected both (the account reads the key with that identity) [azurerm-container/customer-managed-key]');
  });

  test('accepts both', () => {
    expect(() => bootstrap(sut, CMK)).not.toThrow();
  });
});

describe('azurerm-container/adopt-subscription', () => {
  test('fails if adopt is given without subscriptionId', () => {
    expect(storeRefusal(sut, { adopt: true }).split('\n')[1])
      .toBe('- adopt: got true without subscriptionId, expected subscriptionId too (the import ids of the account and container name it) [azurerm-container/adopt-subscription]');
  });

  test('accepts adopt with subscriptionId', () => {
    expect(() => bootstrap(sut, { adopt: true, subscriptionId: SUB })).not.toThrow();
  });
});
