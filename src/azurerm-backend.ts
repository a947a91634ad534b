import { DataTerraformRemoteStateConfig } from 'cdktf';
import { Construct } from 'constructs';
import { StoreBackend } from './private/framework/backend';
import { backendForEachStack, derivable, requireConfig } from './private/framework/for-each-stack';
import { StoreRemoteState } from './private/framework/remote-state';
import { joinPath } from './private/kit/go-path';
import { AZURERM_STORE } from './private/stores/azurerm';

/**
 * AzureRM backend settings without the storage account and container, for `AzurermStateContainer.backend` and
 * `AzurermStateContainer.forEachStack`, which add the storage account and container the construct makes.
 *
 * `AzurermBackendConfig` extends it with the storage account and container.
 *
 * @see https://developer.hashicorp.com/terraform/language/backend/azurerm
 */
export interface AzurermBackendOptions {
  /**
   * Name of the blob that holds the state.
   */
  readonly key: string;

  /**
   * Access key of the storage account.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ARM_ACCESS_KEY`; without it, another auth method
   */
  readonly accessKey?: string;

  /**
   * Id of the Azure DevOps service connection used for OIDC from Azure Pipelines. Emitted as
   * `ado_pipeline_service_connection_id` for Terraform (1.11.2 and later) and as
   * `ado_service_connection_id` for OpenTofu (1.12.0 and later).
   *
   * @default - the tool reads `ARM_ADO_PIPELINE_SERVICE_CONNECTION_ID`, then
   * `ARM_OIDC_AZURE_SERVICE_CONNECTION_ID` (OpenTofu also `AZURESUBSCRIPTION_SERVICE_CONNECTION_ID`)
   */
  readonly adoServiceConnectionId?: string;

  /**
   * Base64-encoded PKCS#12 client certificate for service-principal login. Terraform and OpenTofu
   * 1.11.0 and later.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ARM_CLIENT_CERTIFICATE`
   */
  readonly clientCertificate?: string;

  /**
   * Password of the client certificate. Needs `clientCertificatePath` or `clientCertificate`.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ARM_CLIENT_CERTIFICATE_PASSWORD`
   */
  readonly clientCertificatePassword?: string;

  /**
   * Path to the PFX client-certificate file for service-principal login.
   *
   * @default - the tool reads `ARM_CLIENT_CERTIFICATE_PATH`
   */
  readonly clientCertificatePath?: string;

  /**
   * Client id of the service principal.
   *
   * @default - the tool reads `ARM_CLIENT_ID`
   */
  readonly clientId?: string;

  /**
   * Path to a file holding the client id. Terraform and OpenTofu 1.11.0 and later.
   *
   * @default - the tool reads `ARM_CLIENT_ID_FILE_PATH`
   */
  readonly clientIdFilePath?: string;

  /**
   * Client secret of the service principal.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ARM_CLIENT_SECRET`
   */
  readonly clientSecret?: string;

  /**
   * Path to a file holding the client secret. Terraform and OpenTofu 1.11.0 and later.
   *
   * @default - the tool reads `ARM_CLIENT_SECRET_FILE_PATH`
   */
  readonly clientSecretFilePath?: string;

  /**
   * Base64-encoded AES-256 key for customer-provided encryption of the blob. OpenTofu only (1.12.0
   * and later).
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ARM_CUSTOMER_PROVIDED_KEY`
   */
  readonly customerProvidedKey?: string;

  /**
   * Encryption scope of the blob. OpenTofu only (1.12.0 and later).
   *
   * @default - the tool reads `ARM_ENCYRPTION_SCOPE` (sic); without it, the account's default
   */
  readonly encryptionScope?: string;

  /**
   * Custom Resource Manager endpoint, once used for Azure Stack. Deprecated and ignored by both
   * tools since 1.11.0.
   *
   * @deprecated Terraform ignores it (its message points to `msi_endpoint`); use
   * `managedIdentityEndpoint`, or `environment` / `metadataHost` for a custom cloud
   * @default - not set
   */
  readonly endpoint?: string;

  /**
   * Azure cloud environment. The names accepted depend on the target tool and version: Terraform
   * 1.11+ and OpenTofu 1.11+ accept `public`, `usgovernment`, `china`, `global`, `usgovernmentl4`,
   * `dod`, `usgovernmentl5` and `canary`; older releases accept `public`, `china`, `german`,
   * `stack` and `usgovernment`.
   *
   * @default - the tool reads `ARM_ENVIRONMENT`; without it, `public`
   */
  readonly environment?: string;

  /**
   * Turns on the lookup of the blob endpoint through the storage account's DNS zone. Needs
   * `resourceGroupName`. Terraform only (1.11.2 and later).
   *
   * @default - the tool reads `ARM_USE_DNS_ZONE_ENDPOINT`; without it, false
   */
  readonly lookupBlobEndpoint?: boolean;

  /**
   * Path to a custom managed-identity (MSI) endpoint. OpenTofu deprecates it in favour of the
   * `MSI_ENDPOINT` env var.
   *
   * @default - the tool reads `ARM_MSI_ENDPOINT`; without it, determined automatically
   */
  readonly managedIdentityEndpoint?: string;

  /**
   * Host name of the metadata service used to find a custom cloud environment.
   *
   * @default - the tool reads `ARM_METADATA_HOSTNAME`, then `ARM_METADATA_HOST` (OpenTofu reads
   * only `ARM_METADATA_HOST`)
   */
  readonly metadataHost?: string;

  /**
   * cdktf's name for `managedIdentityEndpoint`. Set one or the other.
   *
   * @default - the tool reads `ARM_MSI_ENDPOINT`; without it, determined automatically
   */
  readonly msiEndpoint?: string;

  /**
   * Bearer token for the request to the OIDC provider. Goes together with `oidcRequestUrl`.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ARM_OIDC_REQUEST_TOKEN`, then `ACTIONS_ID_TOKEN_REQUEST_TOKEN`
   * (and `SYSTEM_ACCESSTOKEN` in recent releases)
   */
  readonly oidcRequestToken?: string;

  /**
   * URL of the OIDC provider that issues the ID token. Goes together with `oidcRequestToken`.
   *
   * @default - the tool reads `ARM_OIDC_REQUEST_URL`, then `ACTIONS_ID_TOKEN_REQUEST_URL` (and
   * `SYSTEM_OIDCREQUESTURI` in recent releases)
   */
  readonly oidcRequestUrl?: string;

  /**
   * ID token for OIDC authentication.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ARM_OIDC_TOKEN`
   */
  readonly oidcToken?: string;

  /**
   * Path to a file holding the OIDC ID token.
   *
   * @default - the tool reads `ARM_OIDC_TOKEN_FILE_PATH` (OpenTofu also
   * `AZURE_FEDERATED_TOKEN_FILE`)
   */
  readonly oidcTokenFilePath?: string;

  /**
   * Resource group of the storage account. Optional, but the tool needs it to look up the access
   * key when neither `accessKey`, `sasToken` nor `useDirectoryAuth` is given, and whenever
   * `lookupBlobEndpoint` is true.
   *
   * @default - no access-key lookup through Resource Manager
   */
  readonly resourceGroupName?: string;

  /**
   * SAS token of the storage account.
   *
   * Secret: a literal value is written to `cdk.tf.json` in clear text; prefer the environment
   * variable.
   *
   * @default - the tool reads `ARM_SAS_TOKEN`
   */
  readonly sasToken?: string;

  /**
   * Snapshots the state blob before each use.
   *
   * @default - the tool reads `ARM_SNAPSHOT`; without it, false
   */
  readonly snapshot?: boolean;

  /**
   * Subscription of the storage account.
   *
   * @default - the tool reads `ARM_SUBSCRIPTION_ID`; Terraform 1.11.2+ falls back to the Azure CLI
   * default subscription
   */
  readonly subscriptionId?: string;

  /**
   * Tenant of the subscription.
   *
   * @default - the tool reads `ARM_TENANT_ID`
   */
  readonly tenantId?: string;

  /**
   * Timeout of blob operations in seconds. OpenTofu only (1.9.0 and later).
   *
   * @default - the tool reads `ARM_TIMEOUT_SECONDS`; without it, 300
   */
  readonly timeoutSeconds?: number;

  /**
   * Authenticates with AKS workload identity. Terraform and OpenTofu 1.11.0 and later.
   *
   * @default - the tool reads `ARM_USE_AKS_WORKLOAD_IDENTITY`; without it, false
   */
  readonly useAksWorkloadIdentity?: boolean;

  /**
   * cdktf's name for `useDirectoryAuth`. Set one or the other.
   *
   * @default - the tool reads `ARM_USE_AZUREAD`; without it, false
   */
  readonly useAzureadAuth?: boolean;

  /**
   * Allows authentication through the Azure CLI. Terraform and OpenTofu 1.11.0 and later.
   *
   * @default - the tool reads `ARM_USE_CLI`; without it, true
   */
  readonly useCli?: boolean;

  /**
   * Uses Microsoft Entra ID (Azure AD) authentication for blob access instead of an access key.
   * The principal needs the Storage Blob Data Owner role.
   *
   * @default - the tool reads `ARM_USE_AZUREAD`; without it, false
   */
  readonly useDirectoryAuth?: boolean;

  /**
   * Uses MSAL and Microsoft Graph instead of ADAL and Azure AD Graph.
   *
   * Only Terraform 1.1 and 1.2 had this setting (`use_microsoft_graph`); Terraform 1.3 removed it
   * and always uses Microsoft Graph, and OpenTofu never had it. For those targets `true` is left
   * out with a warning and `false` is refused.
   *
   * @default true
   */
  readonly useGraphApi?: boolean;

  /**
   * Uses managed identity (MSI) authentication.
   *
   * @default - the tool reads `ARM_USE_MSI`; without it, false
   */
  readonly useManagedIdentity?: boolean;

  /**
   * cdktf's name for `useGraphApi`. Set one or the other.
   *
   * @default true
   */
  readonly useMicrosoftGraph?: boolean;

  /**
   * cdktf's name for `useManagedIdentity`. Set one or the other.
   *
   * @default - the tool reads `ARM_USE_MSI`; without it, false
   */
  readonly useMsi?: boolean;

  /**
   * Uses OIDC authentication (workload identity federation). Needs `useGraphApi` to be true.
   *
   * @default - the tool reads `ARM_USE_OIDC`; without it, false
   */
  readonly useOidc?: boolean;
}

/**
 * Azure Blob Storage backend settings (`azurerm`).
 *
 * Stores the state as a blob in a container of a storage account, with state locking through blob
 * leases.
 *
 * @see https://developer.hashicorp.com/terraform/language/backend/azurerm
 */
export interface AzurermBackendConfig extends AzurermBackendOptions {
  /**
   * Name of the storage container.
   */
  readonly containerName: string;

  /**
   * Name of the storage account.
   */
  readonly storageAccountName: string;
}

// The backend's config comes first on purpose: the jsii kernel rebuilds a struct's property list on
// every call from Java, Python or Go, and merging the long list into an empty one is several times
// cheaper than merging it into the short one (BENCHMARKS.md, "Java and Python through jsii").
/**
 * Config of a remote state read from an AzureRM backend.
 */
export interface DataTerraformRemoteStateAzurermConfig extends AzurermBackendConfig, DataTerraformRemoteStateConfig {}

/**
 * Config of a remote state without the storage account and container, for `AzurermStateContainer.remoteState`, which adds
 * the storage account and container the construct makes.
 */
export interface DataTerraformRemoteStateAzurermOptions extends AzurermBackendOptions, DataTerraformRemoteStateConfig {}

/**
 * An AzureRM backend: `terraform { backend "azurerm" { ... } }`.
 *
 * The config is checked when the construct is created; only the keys the target tool accepts are
 * emitted, spelled the tool's way (`useManagedIdentity` is `use_msi`, and so on).
 */
export class AzurermBackend extends StoreBackend {
  /**
   * Gives every stack under `scope` that has no backend yet its own AzurermBackend in one container.
   *
   * Each stack's state is the blob `<stack path>/<config.key>`, where the stack path is the
   * stack's path below `scope`: `network/terraform.tfstate`, or `prod/network/terraform.tfstate`
   * for a stack in a construct `prod`.
   *
   * Call it after adding the stacks: a stack added later gets none. Each backend is checked as
   * if created by hand, and at synth no two stacks may share a state object.
   *
   * @param scope the app, or a construct holding stacks
   * @param config the settings every stack shares
   * @returns the backends created, in tree order
   */
  public static forEachStack(scope: Construct, config: AzurermBackendConfig): AzurermBackend[] {
    requireConfig(config, 'AzurermBackend.forEachStack');
    const base = derivable(config.key, 'key', 'AzurermBackend.forEachStack');
    return backendForEachStack(scope, 'AzurermBackend.forEachStack', (stack, path) => new AzurermBackend(stack, { ...config, key: joinPath(path, base) }));
  }

  /**
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param props the backend settings
   */
  constructor(scope: Construct, props: AzurermBackendConfig) {
    super(scope, AZURERM_STORE, props, (s, id, config) => new DataTerraformRemoteStateAzurerm(s, id, config));
  }

}

/**
 * Reads another configuration's state from an AzureRM backend:
 * `data "terraform_remote_state" "<id>" { backend = "azurerm" ... }`.
 */
export class DataTerraformRemoteStateAzurerm extends StoreRemoteState {
  /**
   * @param scope the construct that holds the data source
   * @param id its id
   * @param config where the state is and how to read it
   */
  constructor(scope: Construct, id: string, config: DataTerraformRemoteStateAzurermConfig) {
    super(scope, id, AZURERM_STORE, config);
  }
}
