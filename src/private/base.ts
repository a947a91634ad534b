import { DataTerraformRemoteStateConfig, TerraformBackend, TerraformRemoteState, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { deepMerge, stackOverrides } from './cdktf-internals';
import { checkFor } from './check';
import { SECRETS_LEFT_OUT } from './reader';
import { backendHclBlock, copyAttributes, remoteStateBlock } from './render';
import { FieldSpec, Mode, envVarsOf, holdsSecret, spellingsOf } from './schema';
import { StateHolder, ownStateOf, registerBackend, sharedStateOf } from './shared-state';
import { stateAddress } from './state-objects';
import { Checked, Store, ToolAttributes } from './store';
import { ParsedTarget } from './target';
import { targetOf } from './target-versions';
import { recordWarnings, showWarningsNow } from './warnings';

/**
 * What every store's backend shares: the config is checked when the construct is created, the
 * output comes from the store's field table, and a stack may hold only one backend.
 *
 * Hidden from the jsii API (its public members are copied into each public backend class).
 *
 * @internal
 */
export abstract class StoreBackend extends TerraformBackend {
  private readonly attributes: ToolAttributes;
  /** Paths of the stacks already told which secrets they must take from the environment. */
  private readonly warnedConsumers = new Set<string>();

  constructor(scope: Construct, private readonly store: Store, private readonly props: object) {
    super(scope, 'backend', store.backend);
    this.attributes = checkOrDetach(this, store, props, 'backend');
    const state = stateHolder(this, store, () => deepMerge(copyAttributes(this.attributes), this.rawOverrides));
    registerBackend(state);
    this.node.addValidation({
      validate: () => {
        const shared = sharedStateOf(state, store.layout.separateWith);
        return [...this.validateSingleBackend(), ...shared.errors, ...showWarningsNow(this, shared.warnings)];
      },
    });
  }

  /**
   * Names the block this backend emits, `terraform.backend.<name>`.
   *
   * A backend cannot be referenced in Terraform expressions, so unlike a resource's fqn this is
   * not a token. (cdktf's own backends throw "Element type not set" here.)
   */
  public get fqn(): string {
    return `terraform.backend.${this.name}`;
  }

  /**
   * Creates a remote state in `scope` that reads this backend's state.
   *
   * It reads the consuming run's workspace (`${terraform.workspace}`) and leaves out secret
   * fields, which the consuming stack's run takes from the environment (a warning names them).
   */
  public getRemoteStateDataSource(scope: Construct, name: string, _fromStack: string): TerraformRemoteState {
    const { config, dropped } = this.remoteStateConfig();
    const remoteState = this.store.remoteState(scope, name, config);
    const stack = TerraformStack.of(scope);
    if (dropped.length > 0 && !this.warnedConsumers.has(stack.node.path)) {
      this.warnedConsumers.add(stack.node.path);
      const target = targetOf(scope);
      const tool = target.tool;
      const needs = dropped.map((f) => `${f.name} (${envVarsOf(f, tool, target.version).join(' or ') || 'no env var; pass it with -backend-config'})`);
      recordWarnings(remoteState, [{
        id: SECRETS_LEFT_OUT,
        message:
          `the remote state of ${this.node.path} leaves out its secret fields; ` +
          `the ${tool} run of stack ${stack.node.id} must provide them from the environment: ${needs.join(', ')}`,
      }]);
    }
    return remoteState;
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return copyAttributes(this.attributes);
  }

  /**
   * Adds this backend to the HCL output.
   */
  public toHclTerraform(): any {
    return { terraform: { backend: { [this.name]: backendHclBlock(this.attributes, this.rawOverrides) } } };
  }

  /** The same fields without the secret ones, reading the consuming run's workspace. */
  private remoteStateConfig(): { config: Record<string, unknown>; dropped: FieldSpec[] } {
    const copy: Record<string, unknown> = { ...this.props };
    const dropped: FieldSpec[] = [];
    for (const field of this.store.fields) {
      const spellings = spellingsOf(field).filter((s) => holdsSecret(field, copy[s]));
      spellings.forEach((s) => delete copy[s]);
      if (spellings.length > 0) dropped.push(field);
    }
    return { config: { ...copy, workspace: '${terraform.workspace}' }, dropped };
  }

  /**
   * Reported once per stack, by the first of this library's backends, whatever the tree order.
   * Blocks added with `stack.addOverride('terraform.backend.<name>', ...)` or
   * `'terraform.cloud'` count too; an override of this backend's own block does not.
   */
  private validateSingleBackend(): string[] {
    const stack = TerraformStack.of(this);
    const backends = stack.node.findAll().filter((c) => TerraformBackend.isBackend(c));
    if (backends.find((b) => b instanceof StoreBackend) !== this) return [];
    const names = new Set(backends.map((b) => (b as unknown as { name: string }).name));
    const shown = backends.map((b) => {
      const name = (b as unknown as { name: string }).name;
      return `${name === 'cloud' ? 'a cloud block' : `backend "${name}"`} at ${b.node.path}`;
    });
    const overridden = stackOverrides(stack).terraform ?? {};
    for (const name of Object.keys(overridden.backend ?? {})) {
      if (!names.has(name)) shown.push(`backend "${name}" from stack.addOverride`);
    }
    if (overridden.cloud !== undefined && !names.has('cloud')) shown.push('a cloud block from stack.addOverride');
    if (shown.length <= 1) return [];
    return [
      `a stack can have only one backend, found ${shown.length}: ${shown.join(' and ')}; ` +
        'keep one (the tool refuses a configuration with several backend or cloud blocks) [stack/one-backend]',
    ];
  }
}

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
    this.attributes = checkOrDetach(this, store, config, 'remote-state');
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

/**
 * Gives every stack under `scope` that has no backend yet the backend `make` builds, with the
 * stack's path below `scope` (`network`, `prod/network`), which names its state object. Throws
 * when there is no such stack: the call comes after the stacks are added.
 */
export function backendForEachStack<T extends TerraformBackend>(
  scope: Construct,
  call: string,
  make: (stack: TerraformStack, path: string) => T,
): T[] {
  const stacks = scope.node.findAll().filter((c): c is TerraformStack => TerraformStack.isStack(c));
  const bare = stacks.filter((s) => !s.node.findAll().some((c) => TerraformBackend.isBackend(c)));
  if (bare.length === 0) {
    throw new Error(
      `${call} at ${scope.node.path || '<root>'}: found ${stacks.length === 0 ? 'no stack' : 'no stack without a backend'} under it, ` +
        'expected to be called after the stacks are added',
    );
  }
  const base = scope.node.path;
  return bare.map((stack) => make(stack, base === '' ? stack.node.path : stack.node.path.slice(base.length + 1)));
}

/** The state address of a backend or remote state, from what it emits now (`emitted`). */
function stateHolder(construct: Construct, store: Store, emitted: () => Record<string, unknown>): StateHolder {
  const target: ParsedTarget = targetOf(construct);
  return {
    construct,
    backend: store.backend,
    address: () => stateAddress(store.layout, store.fields, emitted(), target),
  };
}

/**
 * Checks the config of a construct that was just added to the tree and records its warnings; on
 * failure the construct is taken out again, so a caller that catches the error (a Java test, say)
 * keeps a usable tree.
 */
function checkOrDetach(element: Construct, store: Store, props: unknown, mode: Mode): ToolAttributes {
  let checked: Checked;
  try {
    checked = checkFor(element, store, props, mode);
  } catch (e) {
    element.node.scope?.node.tryRemoveChild(element.node.id);
    throw e;
  }
  recordWarnings(element, checked.warnings);
  return checked.attributes;
}
