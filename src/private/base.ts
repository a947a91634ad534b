import { Annotations, DataTerraformRemoteStateConfig, TerraformBackend, TerraformRemoteState, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { FieldSpec, envVarsOf, holdsSecret, spellingsOf } from './schema';
import { Store, ToolAttributes, backendHclAttributes, checkFor, copyAttributes, remoteStateBlock, targetOf } from './store';

/**
 * What every store's backend shares: the config is checked when the construct is created, the
 * output comes from the store's field table, and a stack may hold only one backend.
 *
 * Hidden from the jsii API (its members are copied into each public backend class).
 *
 * @internal
 */
export abstract class StoreBackend extends TerraformBackend {
  private readonly attributes: ToolAttributes;
  /** Paths of the stacks already told which secrets they must take from the environment. */
  private readonly warnedConsumers = new Set<string>();

  constructor(scope: Construct, private readonly store: Store, private readonly props: object) {
    super(scope, 'backend', store.backend);
    this.attributes = checkOrDetach(this, () => checkFor(this, store, props, 'backend'));
    this.node.addValidation({ validate: () => this.validateSingleBackend() });
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

  protected synthesizeAttributes(): { [name: string]: any } {
    return copyAttributes(this.attributes);
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    return backendHclAttributes(this.attributes);
  }

  /**
   * The props for a remote state in `consumer` that reads this backend: the same fields without
   * the secret ones, reading the consuming run's workspace. Warns once per consuming stack which
   * env vars its run needs instead of the secrets.
   */
  protected remoteStateConfig(consumer: Construct): any {
    const copy: Record<string, unknown> = { ...this.props };
    const dropped: FieldSpec[] = [];
    for (const field of this.store.fields) {
      const spellings = spellingsOf(field).filter((s) => holdsSecret(field, copy[s]));
      spellings.forEach((s) => delete copy[s]);
      if (spellings.length > 0) dropped.push(field);
    }
    const stack = TerraformStack.of(consumer);
    if (dropped.length > 0 && !this.warnedConsumers.has(stack.node.path)) {
      this.warnedConsumers.add(stack.node.path);
      const tool = targetOf(consumer).tool;
      const needs = dropped.map((f) => `${f.name} (${envVarsOf(f, tool).join(' or ') || 'no env var; pass it with -backend-config'})`);
      Annotations.of(consumer).addWarning(
        `the remote state of ${this.node.path} leaves out its secret fields; ` +
          `the ${tool} run of stack ${stack.node.id} must provide them from the environment: ${needs.join(', ')}`,
      );
    }
    return { ...copy, workspace: '${terraform.workspace}' };
  }

  private validateSingleBackend(): string[] {
    const backends = TerraformStack.of(this).node.findAll().filter((c) => TerraformBackend.isBackend(c));
    if (backends.length <= 1 || backends[0] !== this) return [];
    return [
      `a stack can have only one backend, found ${backends.length}: ${backends.map((b) => b.node.path).join(' and ')}; ` +
        'keep one (the tool refuses a configuration with several backend blocks)',
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
    this.attributes = checkOrDetach(this, () => checkFor(this, store, config, 'remote-state'));
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
 * Runs `check` for a construct that was just added to the tree; on failure the construct is
 * taken out again, so a caller that catches the error (a Java test, say) keeps a usable tree.
 */
function checkOrDetach<T>(element: Construct, check: () => T): T {
  try {
    return check();
  } catch (e) {
    element.node.scope?.node.tryRemoveChild(element.node.id);
    throw e;
  }
}
