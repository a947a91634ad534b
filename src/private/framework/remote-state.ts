import { DataTerraformRemoteStateConfig, TerraformRemoteState, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { deepMerge, resolveIn } from './cdktf-internals';
import { copyAttributes, remoteStateBlock } from './render';
import { OwnStateCheck, ownStateOf, registerRemoteState } from './shared-state';
import { onStateMap } from './state-map';
import { stackScope } from './static-context';
import { recordWarnings, showWarningsNow, showsWarnings } from './warnings';
import { StateAddress, stateAddress } from '../address/state-objects';
import { checkNewConstruct } from '../kit/construct-check';
import { Store, ToolAttributes } from '../kit/store';
import { targetOf } from '../kit/targets';
import { ParsedTarget } from '../target/target';


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
    const checked = checkNewConstruct(this, store, config, 'remote-state');
    recordWarnings(this, checked.warnings);
    this.attributes = checked.attributes;
    registerRemoteState(new ReadsOwnState(this, store, this.attributes, settings, this.rawOverrides));
    showsWarnings(this);
    onStateMap(this, 'remote-state', store.backend, () => {
      const block = deepMerge({ workspace: settings.workspace, config: copyAttributes(this.attributes) }, this.rawOverrides);
      const stack = TerraformStack.of(this);
      const attributes = resolveIn(stack, block.config ?? {});
      const element = { stack: stack.node.id, backend: store.backend, layout: store.layout, fields: store.fields, target: targetOf(this) };
      return { ...element, attributes, fromRun: new Set<string>(), workspace: block.workspace, remoteState: true, scope: stackScope(stack) };
    });
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

type Settings = Pick<DataTerraformRemoteStateConfig, 'workspace' | 'defaults'>;

/**
 * Whether a remote state reads its own stack's object, asked at synth when every backend is in
 * place (a validation only where its stack has a backend of its store: framework/shared-state.ts).
 */
class ReadsOwnState implements OwnStateCheck {
  /** The target at the construct, read at the first synth (the context above a construct is fixed once it exists). */
  private target?: ParsedTarget;

  constructor(
    public readonly construct: Construct,
    private readonly store: Store,
    private readonly attributes: ToolAttributes,
    private readonly settings: Settings,
    /** cdktf's overrides of the element (changed in place by addOverride). */
    private readonly overrides: unknown,
  ) {}

  public get backend(): string {
    return this.store.backend;
  }

  public validate(): string[] {
    this.target ??= targetOf(this.construct);
    const block = deepMerge({ workspace: this.settings.workspace, config: copyAttributes(this.attributes) }, this.overrides);
    const address = remoteStateAddress(this.construct, this.store, this.target, block.config ?? {});
    return showWarningsNow(this.construct, ownStateOf({ construct: this.construct, address }, block.workspace));
  }
}

/** A remote state's address: its config read as the tools read it there (a template, whatever the target). */
function remoteStateAddress(construct: Construct, store: Store, target: ParsedTarget, config: Record<string, unknown>): StateAddress {
  const stack = TerraformStack.of(construct);
  const attributes = resolveIn(stack, config);
  return stateAddress(store.backend, store.layout, store.fields, { attributes, scope: stackScope(stack), templates: true }, target);
}
