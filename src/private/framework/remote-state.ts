import { DataTerraformRemoteStateConfig, TerraformRemoteState, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { deepMerge, resolveIn } from './cdktf-internals';
import { copyAttributes, remoteStateBlock } from './render';
import { OwnStateCheck, ownStateOf, registerRemoteState } from './shared-state';
import { onStateMap } from './state-map';
import { stackScope } from './static-context';
import { recordWarnings, showWarningsNow, showsWarnings } from './warnings';
import { StateAddress, stateAddress } from '../address/state-objects';
import { StateBackendError } from '../errors/errors';
import { checkConstruct, checkNewConstruct } from '../kit/construct-check';
import { Store, ToolAttributes } from '../kit/store';
import { targetOf } from '../kit/targets';
import { ParsedTarget } from '../target/target';


/** The config a remote state made for a cross-stack reference gets now: what its producer's backend writes (framework/cross-stack.ts). */
export type FollowedConfig = () => Record<string, unknown>;

/** The remote states whose config follows a backend of another stack, and the config each was last rendered with. */
const followed = new WeakMap<IConstruct, { readonly config: FollowedConfig; rendered?: Record<string, unknown> }>();

/**
 * Makes `remoteState` (one of this library's) read its config from `config` whenever it is
 * checked or rendered, so an override set later (an Aspect's, at the producer's synth) reaches
 * it; a refusal `config` throws is the remote state's validation error.
 */
export function followBackend(remoteState: IConstruct, config: FollowedConfig): void {
  followed.set(remoteState, { config });
}

/** The config a followed remote state was last rendered with (undefined: not rendered since the synth began). */
export function renderedConfig(remoteState: IConstruct): Record<string, unknown> | undefined {
  return followed.get(remoteState)?.rendered;
}

/** Forgets what each followed remote state under `root` was rendered with: a synth begins. */
export function forgetRendered(remoteStates: readonly IConstruct[]): void {
  for (const r of remoteStates) {
    const entry = followed.get(r);
    if (entry) entry.rendered = undefined;
  }
}

/** What `read` throws of the library's as a validation error; other errors propagate. */
function refusalOf(read: () => unknown): string[] {
  try {
    read();
    return [];
  } catch (e) {
    if (e instanceof StateBackendError) return [e.message];
    throw e;
  }
}

/**
 * What every store's remote state shares: the config is checked when the construct is created
 * (references are allowed and skipped), and `config` comes from the store's field table.
 *
 * @internal
 */
export abstract class StoreRemoteState extends TerraformRemoteState {
  private attributes: ToolAttributes;
  /** The config `attributes` were checked from, as JSON (a followed config is checked again when it changes). */
  private checkedConfig: string;
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
    this.checkedConfig = JSON.stringify(config);
    registerRemoteState(new ReadsOwnState(this, store, () => this.attributesNow(), settings, this.rawOverrides));
    showsWarnings(this);
    // (a followed config is read again at synth: what it refuses then is this validation's error)
    this.node.addValidation({ validate: () => (followed.has(this) ? refusalOf(() => this.attributesNow()) : []) });
    onStateMap(this, 'remote-state', store.backend, () => {
      const block = deepMerge({ workspace: settings.workspace, config: copyAttributes(this.attributesNow()) }, this.rawOverrides);
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
    return remoteStateBlock(this.friendlyUniqueId, this.store.backend, this.rendering(), this.settings, this.rawOverrides, false);
  }

  /**
   * Adds this data source to the HCL output.
   */
  public toHclTerraform(): any {
    return remoteStateBlock(this.friendlyUniqueId, this.store.backend, this.rendering(), this.settings, this.rawOverrides, true);
  }

  /** The checked attributes, of the config a followed remote state gets now (checked again when it changed). */
  private attributesNow(): ToolAttributes {
    const follow = followed.get(this);
    if (!follow) return this.attributes;
    const config = follow.config();
    const key = JSON.stringify(config);
    if (key !== this.checkedConfig) {
      const checked = checkConstruct(this, this.store, config, 'remote-state');
      recordWarnings(this, checked.warnings);
      [this.attributes, this.checkedConfig] = [checked.attributes, key];
    }
    return this.attributes;
  }

  /** The attributes to render, noting the config a followed remote state is rendered with. */
  private rendering(): ToolAttributes {
    const attributes = this.attributesNow();
    const follow = followed.get(this);
    if (follow) follow.rendered = JSON.parse(this.checkedConfig);
    return attributes;
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
    private readonly attributes: () => ToolAttributes,
    private readonly settings: Settings,
    /** cdktf's overrides of the element (changed in place by addOverride). */
    private readonly overrides: unknown,
  ) {}

  public get backend(): string {
    return this.store.backend;
  }

  public validate(): string[] {
    this.target ??= targetOf(this.construct);
    let attributes: ToolAttributes;
    try {
      attributes = this.attributes();
    } catch (e) {
      // (a followed config the library refuses is the remote state's own validation error)
      if (e instanceof StateBackendError) return [];
      throw e;
    }
    const block = deepMerge({ workspace: this.settings.workspace, config: copyAttributes(attributes) }, this.overrides);
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
