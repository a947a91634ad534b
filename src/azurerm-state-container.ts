import { TerraformProvider, TerraformResource } from 'cdktf';
import { Construct } from 'constructs';
import {
  AzurermBackend,
  AzurermBackendOptions,
  DataTerraformRemoteStateAzurerm,
  DataTerraformRemoteStateAzurermOptions,
} from './azurerm-backend';
import { derivable } from './private/framework/for-each-stack';
import { OWN_STATE_PREFIX, watchOwnState } from './private/framework/own-state';
import { dataProps, fromStore, makeStateStore, storeBackend, storeForEachStack } from './private/framework/state-store';
import { joinPath } from './private/kit/go-path';
import { AZURERM_STATE_CONTAINER } from './private/state-stores/azurerm';
import { AZURERM_STORE } from './private/stores/azurerm';

/**
 * Props of an `AzurermStateContainer`: the storage account's name, resource group and location,
 * and the settings a state store needs, each on unless a prop turns it off.
 */
export interface AzurermStateContainerProps {
  /**
   * Name of the storage account, globally unique: 3 to 24 lower-case letters and digits. Every
   * backend and remote state the construct makes names it.
   */
  readonly storageAccountName: string;

  /**
   * The existing resource group of the account. The backends the construct makes name it too.
   */
  readonly resourceGroupName: string;

  /**
   * Region of the account (`westeurope`).
   */
  readonly location: string;

  /**
   * Subscription of the account: the import ids of `adopt` name it, and the backends the
   * construct makes get it.
   *
   * @default - the provider's subscription (`ARM_SUBSCRIPTION_ID`); required with `adopt`
   */
  readonly subscriptionId?: string;

  /**
   * Name of the container that holds the state: 3 to 63 lower-case letters, digits and hyphens.
   *
   * @default "tfstate"
   */
  readonly containerName?: string;

  /**
   * Replication of the account: `LRS`, `ZRS`, `GRS`, `RAGRS`, `GZRS` or `RAGZRS`.
   *
   * @default "GRS"
   */
  readonly accountReplicationType?: string;

  /**
   * Refuses every request that is not HTTPS.
   *
   * @default true
   */
  readonly httpsTrafficOnlyEnabled?: boolean;

  /**
   * Lets a container or blob of the account be made public (anonymous read).
   *
   * @default false
   */
  readonly allowNestedItemsToBePublic?: boolean;

  /**
   * Blob versioning: every write of the state blob keeps the one before as a previous version, so
   * a bad apply or a deleted blob can be rolled back.
   *
   * @default true
   */
  readonly versioned?: boolean;

  /**
   * Days a previous version is kept after it was written; then a lifecycle management policy
   * deletes it (the current state is never touched). 0 keeps every version.
   *
   * @default 365
   */
  readonly noncurrentVersionRetentionDays?: number;

  /**
   * Days a deleted blob (or version) can be restored, 1 to 365; 0 turns blob soft delete off.
   *
   * @default 7
   */
  readonly blobSoftDeleteRetentionDays?: number;

  /**
   * Days a deleted container can be restored, 1 to 365; 0 turns container soft delete off.
   *
   * @default 7
   */
  readonly containerSoftDeleteRetentionDays?: number;

  /**
   * Key Vault key (customer-managed key) that encrypts the account. Give
   * `customerManagedKeyIdentityId` with it.
   *
   * @default - Microsoft-managed keys
   */
  readonly customerManagedKeyVaultKeyId?: string;

  /**
   * User-assigned identity that reads the customer-managed key (it needs the Key Vault Crypto
   * Service Encryption User role); the account carries it.
   *
   * @default - none (required with `customerManagedKeyVaultKeyId`)
   */
  readonly customerManagedKeyIdentityId?: string;

  /**
   * Tags of the account.
   *
   * @default - no tags
   */
  readonly tags?: { [key: string]: string };

  /**
   * `lifecycle { prevent_destroy = true }` on the account and the container: a plan that would
   * destroy them fails. To tear them down, set false, deploy, then destroy.
   *
   * @default true
   */
  readonly preventDestroy?: boolean;

  /**
   * Brings an existing account and container under the construct: `import` blocks (Terraform 1.5
   * and later, every OpenTofu release) so the first deploy imports them instead of creating them;
   * the other props then apply to them in place. Needs `subscriptionId`.
   *
   * @default false
   */
  readonly adopt?: boolean;

  /**
   * Provider configuration for the account and the container.
   *
   * @default - the stack's own `azurerm` provider; without one, the construct declares it
   * (`hashicorp/azurerm`, the major version whose schema the library was checked against, with
   * `features {}`)
   */
  readonly provider?: TerraformProvider;
}

/**
 * An Azure storage account and container for state: `azurerm_storage_account` with blob
 * versioning, blob and container soft delete, HTTPS only, TLS 1.2, no public blobs and
 * `prevent_destroy`; `azurerm_storage_container` (private, `prevent_destroy`); and an
 * `azurerm_storage_management_policy` that bounds the history of versions.
 *
 * Make it in a stack of its own (the bootstrap stack), then give every other stack its backend
 * from it: `container.backend(stack, { key })` or `container.forEachStack(app, { key })`, which also
 * set the resource group and make those stacks depend on the bootstrap stack.
 */
export class AzurermStateContainer extends Construct {
  /** The storage account's name. */
  public readonly storageAccountName: string;

  /** The container's name. */
  public readonly containerName: string;

  /** The account's resource group. */
  public readonly resourceGroupName: string;

  /** The `azurerm_storage_account` resource. */
  public readonly accountResource: TerraformResource;

  /** The `azurerm_storage_container` resource. */
  public readonly containerResource: TerraformResource;

  private readonly subscriptionId?: string;

  /**
   * @param scope the construct that holds the account (a stack of its own, typically)
   * @param id its id
   * @param props the account's name, resource group, location and settings
   */
  constructor(scope: Construct, id: string, props: AzurermStateContainerProps) {
    super(scope, id);
    const made = makeStateStore(this, AZURERM_STATE_CONTAINER, dataProps(props, ['provider']), props?.provider);
    this.storageAccountName = made.values.storageAccountName as string;
    this.containerName = made.values.containerName as string;
    this.resourceGroupName = made.values.resourceGroupName as string;
    this.subscriptionId = made.values.subscriptionId as string | undefined;
    this.accountResource = made.resources.get('account')!;
    this.containerResource = made.resources.get('container')!;
    watchOwnState(this, {
      backend: 'azurerm',
      adopted: props?.adopt === true,
      holds: [made.resources.get('account')!, made.resources.get('container')!],
      names: (config) => config.storage_account_name === this.storageAccountName && config.container_name === this.containerName,
      make: (stack) => this.backend(stack, { key: `${OWN_STATE_PREFIX}/${stack.node.id}.tfstate` }),
    });
  }

  /**
   * Gives the stack of `scope` an AzureRM backend in this container (with the account's resource
   * group unless `options` says otherwise), and makes that stack depend on the container's.
   *
   * @param scope the stack (or a construct inside it) that gets the backend
   * @param options the backend's settings besides the account and container (`key`, auth, ...)
   */
  public backend(scope: Construct, options: AzurermBackendOptions): AzurermBackend {
    return storeBackend(this, scope, () => new AzurermBackend(scope, this.config(options)));
  }

  /**
   * Reads a state kept in this container, and makes the stack of `scope` depend on the container's.
   *
   * @param scope the construct that holds the data source
   * @param id its id
   * @param options where the state is besides the account and container (`key`, `workspace`, ...)
   */
  public remoteState(scope: Construct, id: string, options: DataTerraformRemoteStateAzurermOptions): DataTerraformRemoteStateAzurerm {
    return storeBackend(this, scope, () => new DataTerraformRemoteStateAzurerm(scope, id, this.config(options)));
  }

  /**
   * Gives every stack under `scope` that has no backend yet, but the container's own, an AzureRM
   * backend in this container whose blob is `<stack path>/<options.key>`, as
   * `AzurermBackend.forEachStack` does; each of those stacks depends on the container's.
   *
   * @param scope the app, or a construct holding stacks
   * @param options the settings every stack shares besides the account and container
   * @returns the backends created, in tree order
   */
  public forEachStack(scope: Construct, options: AzurermBackendOptions): AzurermBackend[] {
    const base = derivable(options?.key, 'key', 'AzurermStateContainer.forEachStack');
    return storeForEachStack(this, scope, 'AzurermStateContainer.forEachStack', (stack, path) =>
      new AzurermBackend(stack, this.config({ ...options, key: joinPath(path, base) })));
  }

  private config(options: object): any {
    const own = { storageAccountName: this.storageAccountName, containerName: this.containerName };
    return fromStore(AZURERM_STORE.table, options, { resourceGroupName: this.resourceGroupName, subscriptionId: this.subscriptionId }, own);
  }
}
