import { inRange, matches, oneOf } from '../kit/rule-builders';
import { rule } from '../kit/rule-context';

/*
 * The rules of AzurermStateContainer's props (azurerm.ts holds its table): what the azurerm
 * provider refuses of them, with its source in the release providers.ts names.
 */

export const AZURERM_CONTAINER_RULES = [
  matches(
    {
      id: 'azurerm-container/account-name',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'azurerm validate/storage_account_name.go StorageAccountName: \\A([a-z0-9]{3,24})\\z',
    },
    'storageAccountName',
    /^[a-z0-9]{3,24}$/,
    '3 to 24 lower-case letters and digits',
  ),
  matches(
    {
      id: 'azurerm-container/container-name',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'azurerm validate/storage_container.go StorageContainerName: ^\\$root$|^\\$web$|^[0-9a-z-]+$, StringLenBetween(3, 63), not starting with "-"',
    },
    'containerName',
    /^(?=.{3,63}$)(?!-)(\$root|\$web|[0-9a-z-]+)$/,
    '3 to 63 lower-case letters, digits and hyphens, not starting with a hyphen (or "$root", "$web")',
  ),
  oneOf(
    {
      id: 'azurerm-container/replication-type',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'azurerm storage_account_resource.go: account_replication_type StringInSlice(LRS, ZRS, GRS, RAGRS, GZRS, RAGZRS)',
    },
    'accountReplicationType',
    ['LRS', 'ZRS', 'GRS', 'RAGRS', 'GZRS', 'RAGZRS'],
  ),
  inRange(
    {
      id: 'azurerm-container/blob-soft-delete-days',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'azurerm storage_account_resource.go: blob_properties.delete_retention_policy.days IntBetween(1, 365) (0: the construct emits no policy)',
    },
    'blobSoftDeleteRetentionDays',
    0,
    365,
    'days',
  ),
  inRange(
    {
      id: 'azurerm-container/container-soft-delete-days',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'azurerm storage_account_resource.go: blob_properties.container_delete_retention_policy.days IntBetween(1, 365) (0: the construct emits no policy)',
    },
    'containerSoftDeleteRetentionDays',
    0,
    365,
    'days',
  ),
  inRange(
    {
      id: 'azurerm-container/noncurrent-days',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'azurerm storage_management_policy_resource.go: actions.version.delete_after_days_since_creation IntBetween(0, 99999)',
    },
    'noncurrentVersionRetentionDays',
    0,
    99999,
    'days',
  ),
  rule({
    id: 'azurerm-container/customer-managed-key',
    offline: { validate: 'both tools', how: 'the block\'s Required arguments' },
    severity: 'error',
    fields: ['customerManagedKeyVaultKeyId', 'customerManagedKeyIdentityId'],
    description: 'customerManagedKeyVaultKeyId and customerManagedKeyIdentityId are set together',
    evidence: 'azurerm storage_account_resource.go: customer_managed_key.key_vault_key_id and user_assigned_identity_id are both Required in the block',
    check: (c) => {
      const key = c.has('customerManagedKeyVaultKeyId');
      if (key === c.has('customerManagedKeyIdentityId')) return;
      const [set, unset] = key ? ['customerManagedKeyVaultKeyId', 'customerManagedKeyIdentityId'] : ['customerManagedKeyIdentityId', 'customerManagedKeyVaultKeyId'];
      c.error(set, `set without ${unset}, expected both (the account reads the key with that identity)`);
    },
  }),
  rule({
    id: 'azurerm-container/adopt-subscription',
    offline: { none: 'validate accepts any import id; the provider\'s importer parses it when plan imports' },
    sourceOnly: 'no emulator serves Azure Resource Manager',
    severity: 'error',
    fields: ['adopt', 'subscriptionId'],
    description: 'adopt needs subscriptionId: the account\'s and the container\'s import ids name it',
    evidence: 'azurerm storage_account_resource.go Importer (commonids.StorageAccountId) and storage_container_resource.go (commonids.ParseStorageContainerID): ' +
      '"/subscriptions/{subscriptionId}/resourceGroups/..."; an id without it is refused when plan imports',
    check: (c) => {
      if (c.literal('adopt') === true && !c.has('subscriptionId')) c.error('adopt', 'got true without subscriptionId, expected subscriptionId too (the import ids of the account and container name it)');
    },
  }),
];
