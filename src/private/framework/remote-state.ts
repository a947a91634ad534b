import { DataTerraformRemoteStateConfig, TerraformRemoteState } from 'cdktf';
import { Construct } from 'constructs';
import { deepMerge } from './cdktf-internals';
import { copyAttributes, remoteStateBlock } from './render';
import { ownStateOf } from './shared-state';
import { checkOrDetach, stateHolder } from './store-element';
import { showWarningsNow } from './warnings';
import { Store, ToolAttributes } from '../kit/store';


/**
 * What every store's remote state shares: the config is checked when the construct is created
 * (references are allowed and skipped), and `config` comes from the store's field table.
 *
 * @internal
 */
export abstract class StoreRemoteState extends TerraformRemoteState {
  private readonly attributes: ToolAttributes;
  /** What the data source holds besides `config`. */
  private readonly settings: Pick<DataTerraformRemoteStateConfig, 'workspace' | 'defaults'>;

  constructor(scope: Construct, id: string, private readonly store: Store, config: DataTerraformRemoteStateConfig) {
    const settings = config === null || typeof config !== 'object' ? {} : { workspace: config.workspace, defaults: config.defaults };
    // cdktf's base keeps only what it is given; the config itself is rendered from our attributes.
    super(scope, id, store.backend, settings);
    this.settings = settings;
    this.attributes = checkOrDetach(this, store, config, 'remote-state').attributes;
    const block = () => deepMerge({ workspace: this.settings.workspace, config: copyAttributes(this.attributes) }, this.rawOverrides);
    const state = stateHolder(this, store, () => block().config ?? {});
    this.node.addValidation({ validate: () => showWarningsNow(this, ownStateOf(state, block().workspace)) });
  }

  /**
   * Adds this data source to the tool's JSON output.
   */
  public toTerraform(): any {
    return remoteStateBlock(this.friendlyUniqueId, this.store.backend, this.attributes, this.settings, this.rawOverrides, false);
  }

  /**
   * Adds this data source to the HCL output.
   */
  public toHclTerraform(): any {
    return remoteStateBlock(this.friendlyUniqueId, this.store.backend, this.attributes, this.settings, this.rawOverrides, true);
  }
}
