import { KEY_URL_NORMALISATION, keyObjectName } from './azurerm-key';
import { AZURERM_RULES } from './azurerm-rules';
import { hasSymbol } from '../kit/address-symbols';
import { EVERY_RELEASE, FieldSpec, envBoth, since } from '../kit/schema';
import { reachedRelease } from '../kit/state-layout';
import { defineStore } from '../kit/store';

/*
 * AzureRM: the field table (the keys each tool reads, per release), the rules
 * between and about the values, and where the store keeps each workspace's state. Source paths are relative to each
 * tool's `internal/backend/remote-state/` directory, in the releases target/releases.ts says the tables
 * were read from (SOURCE_READ) unless a version is named. Which judges show a rule is data
 * (docs/FIELDS.md "judged by"), never named in its evidence.
 */

const FROM_0_12 = since('0.12.0');
const FROM_1_11 = since('1.11.0', '1.11.0');

const FIELDS: readonly FieldSpec[] = [
  { name: 'subscriptionId', key: 'subscription_id', type: 'string', example: '00000000-0000-0000-0000-000000000001', since: FROM_0_12, env: envBoth('ARM_SUBSCRIPTION_ID') },
  { name: 'resourceGroupName', key: 'resource_group_name', type: 'string', example: 'rg-tfstate', since: EVERY_RELEASE },
  {
    name: 'storageAccountName',
    key: 'storage_account_name',
    type: 'string',
    example: 'acmetfstate',
    required: true,
    // Every judge's offline init (test/judges/init-judge.test.ts).
    emptyFailsAt: 'init fails on it before any request: the account\'s host name ".blob.core.windows.net" is empty',
    since: EVERY_RELEASE,
  },
  {
    name: 'containerName',
    key: 'container_name',
    type: 'string',
    example: 'tfstate',
    required: true,
    // Every run-time judge (test/runtime/azurerm.test.ts, scenario azurerm-empty-required).
    emptyFailsAt: 'init fails on it: "containerName cannot be an empty string"',
    since: EVERY_RELEASE,
  },
  {
    name: 'key',
    key: 'key',
    type: 'string',
    example: 'prod.terraform.tfstate',
    required: true,
    // Every run-time judge (test/runtime/azurerm.test.ts, scenario azurerm-empty-required).
    emptyFailsAt: 'init fails on it: "blobName cannot be an empty string"',
    since: EVERY_RELEASE,
  },
  {
    name: 'lookupBlobEndpoint',
    key: 'lookup_blob_endpoint',
    type: 'boolean',
    example: true,
    since: { terraform: '1.11.2' },
    env: { terraform: ['ARM_USE_DNS_ZONE_ENDPOINT'] },
  },
  { name: 'snapshot', key: 'snapshot', type: 'boolean', example: true, since: since('0.13.0'), env: envBoth('ARM_SNAPSHOT') },
  { name: 'environment', key: 'environment', type: 'string', example: 'usgovernment', since: EVERY_RELEASE, env: envBoth('ARM_ENVIRONMENT') },
  {
    name: 'metadataHost',
    key: 'metadata_host',
    type: 'string',
    example: 'management.azure.example.com',
    since: since('0.13.1'),
    env: { terraform: ['ARM_METADATA_HOSTNAME', 'ARM_METADATA_HOST'], opentofu: ['ARM_METADATA_HOST'] },
  },
  { name: 'accessKey', key: 'access_key', type: 'string', example: '<ACCESS_KEY>', secret: true, since: EVERY_RELEASE, env: envBoth('ARM_ACCESS_KEY') },
  { name: 'sasToken', key: 'sas_token', type: 'string', example: '<SAS_TOKEN>', secret: true, since: FROM_0_12, env: envBoth('ARM_SAS_TOKEN') },
  { name: 'tenantId', key: 'tenant_id', type: 'string', example: '00000000-0000-0000-0000-000000000002', since: FROM_0_12, env: envBoth('ARM_TENANT_ID') },
  { name: 'clientId', key: 'client_id', type: 'string', example: '00000000-0000-0000-0000-000000000003', since: FROM_0_12, env: envBoth('ARM_CLIENT_ID') },
  { name: 'clientIdFilePath', key: 'client_id_file_path', type: 'string', example: '/var/run/secrets/azure/client-id', since: FROM_1_11, env: envBoth('ARM_CLIENT_ID_FILE_PATH') },
  {
    name: 'endpoint',
    key: 'endpoint',
    type: 'string',
    example: 'https://management.local.azurestack.external',
    since: FROM_0_12,
    deprecated: {
      terraform: 'terraform ignores it since 1.11.0 (its message points to msi_endpoint); use managedIdentityEndpoint, or environment / metadataHost for a custom cloud',
      opentofu: 'opentofu ignores it since 1.11.0; use environment or metadataHost instead',
    },
  },
  { name: 'clientCertificate', key: 'client_certificate', type: 'string', example: '<CLIENT_CERTIFICATE>', secret: true, since: FROM_1_11, env: envBoth('ARM_CLIENT_CERTIFICATE') },
  {
    name: 'clientCertificatePath',
    key: 'client_certificate_path',
    type: 'string',
    example: '/secrets/sp.pfx',
    since: since('0.13.1'),
    env: envBoth('ARM_CLIENT_CERTIFICATE_PATH'),
  },
  {
    name: 'clientCertificatePassword',
    key: 'client_certificate_password',
    type: 'string',
    example: '<CLIENT_CERTIFICATE_PASSWORD>',
    secret: true,
    since: since('0.13.1'),
    env: envBoth('ARM_CLIENT_CERTIFICATE_PASSWORD'),
  },
  { name: 'clientSecret', key: 'client_secret', type: 'string', example: '<CLIENT_SECRET>', secret: true, since: FROM_0_12, env: envBoth('ARM_CLIENT_SECRET') },
  { name: 'clientSecretFilePath', key: 'client_secret_file_path', type: 'string', example: '/var/run/secrets/azure/client-secret', since: FROM_1_11, env: envBoth('ARM_CLIENT_SECRET_FILE_PATH') },
  { name: 'useOidc', key: 'use_oidc', type: 'boolean', example: true, since: since('1.2.0'), env: envBoth('ARM_USE_OIDC') },
  {
    name: 'adoServiceConnectionId',
    key: { terraform: 'ado_pipeline_service_connection_id', opentofu: 'ado_service_connection_id' },
    type: 'string',
    example: '00000000-0000-0000-0000-000000000004',
    since: { terraform: '1.11.2', opentofu: '1.12.0' },
    env: {
      terraform: ['ARM_ADO_PIPELINE_SERVICE_CONNECTION_ID', 'ARM_OIDC_AZURE_SERVICE_CONNECTION_ID'],
      opentofu: ['ARM_ADO_PIPELINE_SERVICE_CONNECTION_ID', 'ARM_OIDC_AZURE_SERVICE_CONNECTION_ID', 'AZURESUBSCRIPTION_SERVICE_CONNECTION_ID'],
    },
  },
  {
    name: 'oidcRequestToken',
    key: 'oidc_request_token',
    type: 'string',
    example: '<OIDC_REQUEST_TOKEN>',
    secret: true,
    since: since('1.2.0'),
    env: envBoth('ARM_OIDC_REQUEST_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'SYSTEM_ACCESSTOKEN'),
  },
  {
    name: 'oidcRequestUrl',
    key: 'oidc_request_url',
    type: 'string',
    example: 'https://token.actions.githubusercontent.com',
    since: since('1.2.0'),
    env: envBoth('ARM_OIDC_REQUEST_URL', 'ACTIONS_ID_TOKEN_REQUEST_URL', 'SYSTEM_OIDCREQUESTURI'),
  },
  { name: 'oidcToken', key: 'oidc_token', type: 'string', example: '<OIDC_TOKEN>', secret: true, since: since('1.3.4'), env: envBoth('ARM_OIDC_TOKEN') },
  {
    name: 'oidcTokenFilePath',
    key: 'oidc_token_file_path',
    type: 'string',
    example: '/var/run/secrets/azure/tokens/azure-identity-token',
    since: since('1.3.4'),
    env: { terraform: ['ARM_OIDC_TOKEN_FILE_PATH'], opentofu: ['ARM_OIDC_TOKEN_FILE_PATH', 'AZURE_FEDERATED_TOKEN_FILE'] },
  },
  { name: 'useManagedIdentity', aliases: ['useMsi'], key: 'use_msi', type: 'boolean', example: true, since: FROM_0_12, env: envBoth('ARM_USE_MSI') },
  {
    name: 'managedIdentityEndpoint',
    aliases: ['msiEndpoint'],
    key: 'msi_endpoint',
    type: 'string',
    example: 'http://169.254.169.254/metadata/identity/oauth2/token',
    since: FROM_0_12,
    env: envBoth('ARM_MSI_ENDPOINT'),
    deprecated: { opentofu: 'opentofu 1.11.0 and later prefer the MSI_ENDPOINT env var' },
  },
  { name: 'useCli', key: 'use_cli', type: 'boolean', example: false, since: FROM_1_11, env: envBoth('ARM_USE_CLI') },
  { name: 'useAksWorkloadIdentity', key: 'use_aks_workload_identity', type: 'boolean', example: true, since: FROM_1_11, env: envBoth('ARM_USE_AKS_WORKLOAD_IDENTITY') },
  {
    name: 'useDirectoryAuth',
    aliases: ['useAzureadAuth'],
    key: 'use_azuread_auth',
    type: 'boolean',
    example: true,
    since: since('0.15.0'),
    env: envBoth('ARM_USE_AZUREAD'),
  },
  {
    name: 'useGraphApi',
    aliases: ['useMicrosoftGraph'],
    key: 'use_microsoft_graph',
    type: 'boolean',
    example: true,
    since: { terraform: '1.1.0' },
    removedIn: { terraform: '1.3.0' },
    impliedWhereAbsent: {
      value: true,
      reason: {
        terraform: 'terraform removed use_microsoft_graph in 1.3.0 and has used microsoft graph ever since',
        opentofu: 'opentofu never had use_microsoft_graph and always uses microsoft graph',
      },
      otherwise: 'cannot use the old azure ad graph',
    },
  },
  { name: 'timeoutSeconds', key: 'timeout_seconds', type: 'number', example: 120, since: { opentofu: '1.9.0' }, env: { opentofu: ['ARM_TIMEOUT_SECONDS'] } },
  {
    name: 'customerProvidedKey',
    key: 'customer_provided_key',
    type: 'string',
    example: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
    secret: true,
    since: { opentofu: '1.12.0' },
    env: { opentofu: ['ARM_CUSTOMER_PROVIDED_KEY'] },
  },
  { name: 'encryptionScope', key: 'encryption_scope', type: 'string', example: 'tfstate-scope', since: { opentofu: '1.12.0' }, env: { opentofu: ['ARM_ENCYRPTION_SCOPE'] } },
];

/** Blob storage suffix of each cloud name (go-azure-sdk environments, opentofu auth/clients.go). */
const CLOUDS: Readonly<Record<string, string>> = {
  'public': 'core.windows.net',
  'global': 'core.windows.net',
  'canary': 'core.windows.net',
  '': 'core.windows.net',
  'usgovernment': 'core.usgovcloudapi.net',
  'usgovernmentl4': 'core.usgovcloudapi.net',
  'dod': 'core.usgovcloudapi.net',
  'usgovernmentl5': 'core.usgovcloudapi.net',
  'china': 'core.chinacloudapi.cn',
};
const LEGACY_CLOUDS = ['public', 'usgovernment', 'china'];
/** The storage suffix of each cloud's Resource Manager host, which its metadata service names (go-azure-sdk environments azure_public.go, azure_gov.go, azure_china.go). */
const METADATA_HOSTS: Readonly<Record<string, string>> = {
  'management.azure.com': 'core.windows.net',
  'management.usgovcloudapi.net': 'core.usgovcloudapi.net',
  'management.chinacloudapi.cn': 'core.chinacloudapi.cn',
};

/** The storage an environment name (or a metadata host) names for the target. */
function cloudOf(name: string, metadataHost: string, target: Parameters<typeof reachedRelease>[0]): string | undefined {
  const current = reachedRelease(target, since('1.11.0', '1.11.0'));
  // (a metadata host wins over any name, and one the run gives is its own value)
  if (current && metadataHost !== '') return (hasSymbol(metadataHost) ? undefined : METADATA_HOSTS[metadataHost.toLowerCase()]) ?? `metadata ${metadataHost}`;
  if (hasSymbol(name)) return undefined;
  const lookup = (target.tool === 'terraform' || !current) && !hasSymbol(name) ? name.toLowerCase() : name;
  if (!current && !LEGACY_CLOUDS.includes(lookup)) return metadataHost !== '' ? `metadata ${metadataHost} ${lookup}` : `unknown ${name}`;
  return CLOUDS[lookup] ?? `unknown ${name}`;
}

export const AZURERM_STORE = defineStore({
  backend: 'azurerm',
  names: { backend: 'AzurermBackend', remoteState: 'DataTerraformRemoteStateAzurerm', config: 'AzurermBackendConfig' },
  fields: FIELDS,
  rules: AZURERM_RULES,
  layout: {
    // azure/backend_state.go path, both tools: <key>, <key>env:<workspace>, the key as each tool sends it (azurerm-key.ts).
    container: ['storage_account_name', 'container_name'],
    namespace: ['environment'],
    // azure/backend.go: without environment (and ARM_ENVIRONMENT) the tools use the public cloud.
    defaults: { environment: 'public' },
    normalise: [{
      key: 'environment',
      reads: ['metadata_host'],
      evidence:
        'the blob host <account>.blob.<storage suffix> names the storage; terraform 1.11+: azure/backend.go Configure (metadata_host wins, else ' +
        'go-azure-sdk environments.FromName: strings.ToLower, public|global|canary, usgovernment|usgovernmentl4, dod|usgovernmentl5, china) and ' +
        'storage_client_helpers.go naiveStorageAccountBlobBaseURL; opentofu 1.11+: azure/auth/clients.go CloudConfigFromAddresses (exact names: ' +
        '"", public, global, canary; usgovernment, usgovernmentl4, dod, usgovernmentl5; china); before 1.11: go-azure-helpers ' +
        'authentication.AzureEnvironmentByNameFromEndpoint (lower-cased public, usgovernment, china, else the metadata host\'s list); a metadata host ' +
        'names the storage suffix its metadata lists (terraform go-azure-sdk environments.FromEndpoint, opentofu auth/clients.go ' +
        'CloudConfigFromMetadataHost: suffixes.storage), which for each cloud\'s Resource Manager host (management.azure.com, ' +
        'management.usgovcloudapi.net, management.chinacloudapi.cn) is that cloud\'s (go-azure-sdk environments azure_public.go, azure_gov.go, azure_china.go)',
      apply: (v, target) => cloudOf(v.environment, v.metadata_host, target),
    }, {
      key: 'storage_account_name',
      evidence:
        'terraform and opentofu before 1.11 build https://<account>.blob.<suffix> (terraform storage_client_helpers.go naiveStorageAccountBlobBaseURL): ' +
        'Go\'s net/url reads what comes before the last "@" as userinfo, so the host is the account after it, and host names are case-insensitive ' +
        '(on Azurite, x@runtimeacct, RuntimeAcct and runtimeacct wrote one blob with every judge that takes the names); opentofu from 1.11 refuses ' +
        'such names (azurerm/storage-account-name)',
      apply: (v) => (hasSymbol(v.storage_account_name) ? undefined : v.storage_account_name.slice(v.storage_account_name.lastIndexOf('@') + 1).toLowerCase()),
    }, KEY_URL_NORMALISATION, {
      key: 'key',
      evidence:
        'the blob service stores a name with "\\" as "/" (and Azurite does: keys a\\b.tfstate and a/b.tfstate named one blob with every judge, ' +
        'a%5Cb.tfstate too with terraform 1.11+, which decodes it), both tools pass the key as the blob name (azure/backend_state.go path)',
      apply: (v) => v.key.split('\\').join('/'),
    }],
    object: ['key'],
    objectName: keyObjectName,
    separateWith: 'key',
  },
  emulator: 'Azurite',
});
