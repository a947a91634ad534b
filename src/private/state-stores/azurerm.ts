import { AZURERM_CONTAINER_RULES } from './azurerm-rules';
import { defineStateStore } from './definition';
import { AZURERM } from './providers';
import { STATE_STORE_RULES } from './rules';
import { ADOPT, NONCURRENT_DAYS, PREVENT_DESTROY, positiveOrNone } from './shared-settings';
import { AZURERM_STORE } from '../stores/azurerm';

/*
 * AzurermStateContainer: an azurerm_storage_account, its azurerm_storage_container, and the
 * azurerm_storage_management_policy that bounds the history of blob versions. Schema paths are in
 * the azurerm provider's source at the release providers.ts names (`internal/services/storage/...`).
 */

const ACCOUNT = 'internal/services/storage/storage_account_resource.go resourceStorageAccount';
const CONTAINER = 'internal/services/storage/storage_container_resource.go resourceStorageContainer';
const POLICY = 'internal/services/storage/storage_management_policy_resource.go resourceStorageManagementPolicy';
const ACCOUNT_ID = (v: Readonly<Record<string, unknown>>) =>
  `/subscriptions/${v.subscriptionId}/resourceGroups/${v.resourceGroupName}/providers/Microsoft.Storage/storageAccounts/${v.storageAccountName}`;

export const AZURERM_STATE_CONTAINER = defineStateStore({
  name: 'azurerm-container',
  names: { construct: 'AzurermStateContainer', props: 'AzurermStateContainerProps' },
  store: AZURERM_STORE,
  provider: AZURERM,
  resources: {
    account: {
      type: 'azurerm_storage_account',
      blocks: ['blob_properties', 'blob_properties.delete_retention_policy', 'blob_properties.container_delete_retention_policy', 'customer_managed_key', 'identity'],
      // ImporterValidatingIdentity(commonids.StorageAccountId): the account's Resource Manager id.
      importId: ACCOUNT_ID,
    },
    container: {
      type: 'azurerm_storage_container',
      // commonids.ParseStorageContainerID: the container's Resource Manager id.
      importId: (v) => `${ACCOUNT_ID(v)}/blobServices/default/containers/${v.containerName}`,
    },
    versionPolicy: {
      type: 'azurerm_storage_management_policy',
      blocks: ['rule', 'rule.filters', 'rule.actions', 'rule.actions.version'],
      when: (v) => v.versioned !== false && v.noncurrentVersionRetentionDays !== 0,
    },
  },
  nameFields: [{ backendField: 'storageAccountName', prop: 'storageAccountName' }, { backendField: 'containerName', prop: 'containerName' }],
  settings: [
    {
      id: 'azurerm-container/account',
      prop: { name: 'storageAccountName', type: 'string', required: true, example: 'acmetfstate' },
      resource: 'account',
      argument: 'name',
      reason: 'the storage account every backend and remote state of the construct names; account names are global',
      evidence: { schema: `${ACCOUNT}: name (string, Required, ForceNew, validate.StorageAccountName)`, docs: 'https://learn.microsoft.com/azure/storage/common/storage-account-overview#storage-account-name' },
    },
    {
      id: 'azurerm-container/resource-group',
      prop: { name: 'resourceGroupName', type: 'string', required: true, example: 'rg-tfstate' },
      resource: 'account',
      argument: 'resource_group_name',
      reason: 'the existing resource group of the account; the backends the construct makes name it too (they look the account\'s key up there)',
      evidence: { schema: `${ACCOUNT}: resource_group_name (commonschema.ResourceGroupName)` },
    },
    {
      id: 'azurerm-container/location',
      prop: { name: 'location', type: 'string', required: true, example: 'westeurope' },
      resource: 'account',
      argument: 'location',
      reason: 'the region of the account',
      evidence: { schema: `${ACCOUNT}: location (commonschema.Location)` },
    },
    {
      id: 'azurerm-container/subscription',
      prop: { name: 'subscriptionId', type: 'string', example: '00000000-0000-0000-0000-000000000001' },
      resource: 'account',
      argument: '-',
      reason: 'the subscription of the account: the import ids of `adopt` name it, and the backends the construct makes get it',
      evidence: { schema: 'commonids.StorageAccountId: /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Storage/storageAccounts/{name}' },
    },
    {
      id: 'azurerm-container/replication',
      prop: { name: 'accountReplicationType', type: 'string', example: 'ZRS' },
      resource: 'account',
      argument: 'account_replication_type',
      default: 'GRS',
      reason: 'a copy of the state in the region\'s pair, available in every region (ZRS and GZRS are not)',
      evidence: { schema: `${ACCOUNT}: account_replication_type (Required: LRS, ZRS, GRS, RAGRS, GZRS, RAGZRS)`, docs: 'https://learn.microsoft.com/azure/storage/common/storage-redundancy' },
    },
    {
      id: 'azurerm-container/tier',
      resource: 'account',
      argument: 'account_tier',
      default: 'Standard',
      reason: 'a general-purpose v2 account (state is small; Premium buys nothing)',
      evidence: { schema: `${ACCOUNT}: account_tier (Required, ForceNew: Standard, Premium)` },
    },
    {
      id: 'azurerm-container/https-only',
      prop: { name: 'httpsTrafficOnlyEnabled', type: 'boolean', example: true },
      resource: 'account',
      argument: 'https_traffic_only_enabled',
      default: true,
      reason: 'the state and the account\'s keys never cross the network in clear text',
      evidence: { schema: `${ACCOUNT}: https_traffic_only_enabled (bool, default true)`, docs: 'https://learn.microsoft.com/azure/storage/common/storage-require-secure-transfer' },
    },
    {
      id: 'azurerm-container/min-tls',
      resource: 'account',
      argument: 'min_tls_version',
      default: 'TLS1_2',
      reason: 'TLS 1.2 at least (the provider\'s 5.x accepts no other value)',
      evidence: { schema: `${ACCOUNT}: min_tls_version (default "TLS1_2", StringInSlice("TLS1_2"))`, docs: 'https://learn.microsoft.com/azure/storage/common/transport-layer-security-configure-minimum-version' },
    },
    {
      id: 'azurerm-container/no-public-blobs',
      prop: { name: 'allowNestedItemsToBePublic', type: 'boolean', example: false },
      resource: 'account',
      argument: 'allow_nested_items_to_be_public',
      default: false,
      reason: 'no container or blob of the account can be made public (anonymous read)',
      evidence: { schema: `${ACCOUNT}: allow_nested_items_to_be_public (bool, default false)`, docs: 'https://learn.microsoft.com/azure/storage/blobs/anonymous-read-access-prevent' },
    },
    {
      id: 'azurerm-container/versioning',
      prop: { name: 'versioned', type: 'boolean', example: true },
      resource: 'account',
      argument: 'blob_properties.versioning_enabled',
      default: true,
      reason: 'every write of the state blob keeps the one before as a previous version, so a bad apply or a deleted blob can be rolled back',
      evidence: { schema: `${ACCOUNT}: blob_properties (block, MaxItems 1) versioning_enabled (bool, default false)`, docs: 'https://learn.microsoft.com/azure/storage/blobs/versioning-overview' },
    },
    {
      id: 'azurerm-container/blob-soft-delete',
      prop: { name: 'blobSoftDeleteRetentionDays', type: 'number', example: 14 },
      resource: 'account',
      argument: 'blob_properties.delete_retention_policy.days',
      default: 7,
      emit: (days) => positiveOrNone(days, (d) => d),
      reason: 'a deleted blob (or version) can be restored for 7 days; 0 turns blob soft delete off',
      evidence: { schema: `${ACCOUNT}: blob_properties.delete_retention_policy (block) days (int, IntBetween(1, 365))`, docs: 'https://learn.microsoft.com/azure/storage/blobs/soft-delete-blob-overview' },
    },
    {
      id: 'azurerm-container/container-soft-delete',
      prop: { name: 'containerSoftDeleteRetentionDays', type: 'number', example: 14 },
      resource: 'account',
      argument: 'blob_properties.container_delete_retention_policy.days',
      default: 7,
      emit: (days) => positiveOrNone(days, (d) => d),
      reason: 'a deleted container can be restored for 7 days; 0 turns container soft delete off',
      evidence: {
        schema: `${ACCOUNT}: blob_properties.container_delete_retention_policy (block) days (int, IntBetween(1, 365))`,
        docs: 'https://learn.microsoft.com/azure/storage/blobs/soft-delete-container-overview',
      },
    },
    {
      id: 'azurerm-container/cmk-key',
      prop: { name: 'customerManagedKeyVaultKeyId', type: 'string', example: 'https://acme-kv.vault.azure.net/keys/tfstate' },
      resource: 'account',
      argument: 'customer_managed_key.key_vault_key_id',
      reason: 'the customer-managed Key Vault key that encrypts the account, where one is given (Microsoft-managed keys otherwise)',
      evidence: { schema: `${ACCOUNT}: customer_managed_key (block, MaxItems 1) key_vault_key_id (Required)`, docs: 'https://learn.microsoft.com/azure/storage/common/customer-managed-keys-overview' },
    },
    {
      id: 'azurerm-container/cmk-identity',
      prop: { name: 'customerManagedKeyIdentityId', type: 'string', example: '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg-tfstate/providers/Microsoft.ManagedIdentity/userAssignedIdentities/tfstate' },
      resource: 'account',
      argument: 'customer_managed_key.user_assigned_identity_id',
      reason: 'the user-assigned identity that reads the key (it needs the Key Vault Crypto Service Encryption User role)',
      evidence: { schema: `${ACCOUNT}: customer_managed_key.user_assigned_identity_id (Required)`, docs: 'https://learn.microsoft.com/azure/storage/common/customer-managed-keys-configure-existing-account' },
    },
    {
      id: 'azurerm-container/cmk-account-identity',
      resource: 'account',
      argument: 'identity',
      emit: (_v, values) => (values.customerManagedKeyIdentityId === undefined ? undefined : { type: 'UserAssigned', identity_ids: [values.customerManagedKeyIdentityId] }),
      reason: 'the account carries the identity that reads its customer-managed key',
      evidence: { schema: `${ACCOUNT}: identity (commonschema.SystemAssignedUserAssignedIdentityOptional: type, identity_ids)` },
    },
    {
      id: 'azurerm-container/tags',
      prop: { name: 'tags', type: 'stringMap', example: { team: 'platform' } },
      resource: 'account',
      argument: 'tags',
      reason: 'tags of the account',
      evidence: { schema: `${ACCOUNT}: tags (map of strings)` },
    },
    { ...PREVENT_DESTROY, id: 'azurerm-container/prevent-destroy', resource: 'account' },
    {
      id: 'azurerm-container/container',
      prop: { name: 'containerName', type: 'string', example: 'tfstate' },
      resource: 'container',
      argument: 'name',
      default: 'tfstate',
      reason: 'the container every backend and remote state of the construct names',
      evidence: { schema: `${CONTAINER}: name (string, Required, ForceNew, validate.StorageContainerName)` },
    },
    {
      id: 'azurerm-container/container-account',
      resource: 'container',
      argument: 'storage_account_id',
      emit: (_v, _values, ref) => ref('account', 'id'),
      reason: 'the construct\'s account',
      evidence: { schema: `${CONTAINER}: storage_account_id (string, Required, ForceNew)` },
    },
    {
      id: 'azurerm-container/container-private',
      resource: 'container',
      argument: 'container_access_type',
      default: 'private',
      reason: 'no anonymous access to the container or its blobs',
      evidence: { schema: `${CONTAINER}: container_access_type (default "private": "blob", "container", "private")` },
    },
    { ...PREVENT_DESTROY, id: 'azurerm-container/container-prevent-destroy', resource: 'container' },
    {
      id: 'azurerm-container/noncurrent-versions',
      prop: NONCURRENT_DAYS,
      resource: 'versionPolicy',
      argument: 'rule',
      default: 365,
      emit: (days) => positiveOrNone(days, (d) => [{
        name: 'state-noncurrent-versions',
        enabled: true,
        filters: { blob_types: ['blockBlob'] },
        actions: { version: { delete_after_days_since_creation: d } },
      }]),
      reason: 'a bounded history: a previous version is deleted a year after it was written, never the current state; 0 keeps every version ' +
        '(and makes no policy)',
      evidence: {
        schema: `${POLICY}: rule (block list) name, enabled, filters.blob_types ("blockBlob", "appendBlob"), actions.version.delete_after_days_since_creation (IntBetween(0, 99999))`,
        docs: 'https://learn.microsoft.com/azure/storage/blobs/lifecycle-management-overview',
      },
    },
    {
      id: 'azurerm-container/policy-account',
      resource: 'versionPolicy',
      argument: 'storage_account_id',
      emit: (_v, _values, ref) => ref('account', 'id'),
      reason: 'the construct\'s account',
      evidence: { schema: `${POLICY}: storage_account_id (string, Required)` },
    },
    {
      ...ADOPT,
      id: 'azurerm-container/adopt',
      resource: 'account',
      evidence: { ...ADOPT.evidence, schema: `${ACCOUNT}: Importer (the account's Resource Manager id); ${CONTAINER}: Importer (the container's)` },
    },
  ],
  rules: AZURERM_CONTAINER_RULES,
}, STATE_STORE_RULES);
