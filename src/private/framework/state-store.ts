import { Lazy, TerraformBackend, TerraformProvider, TerraformResource, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { backendForEachStack } from './for-each-stack';
import { copyAttributes } from './render';
import { recordWarnings } from './warnings';
import { hclBlock, toHclValue } from '../kit/hcl';
import { FieldTable, spellingsOf } from '../kit/schema';
import { checkStoreProps } from '../state-stores/check';
import { PropValues, StateStore } from '../state-stores/definition';
import { EmittedResource, resourcesOf, withDefaults } from '../state-stores/emit';
import { ProviderSpec } from '../state-stores/providers';

/*
 * Where a state store's construct meets cdktf: its resources as TerraformResources (arguments from
 * the store's table, the import block of `adopt`), the provider block a stack without one gets, and
 * the links from the stacks whose backends live in the store to the stack that makes it.
 */

/** What a public state store construct keeps: its props as read, with defaults, and its resources by key. */
export interface MadeStore {
  readonly values: PropValues;
  readonly resources: ReadonlyMap<string, StoreResource>;
}

/**
 * Checks the props of `construct` (a public state store) and makes its resources under it.
 * `provider`: the user's provider for them; without one, the stack's own provider of that type
 * is used, or one is declared (framework/state-store.ts `StoreProvider`).
 */
export function makeStateStore(
  construct: Construct,
  store: StateStore,
  props: Record<string, unknown>,
  provider?: TerraformProvider,
  config: Record<string, unknown> = {},
): MadeStore {
  const checked = checkStoreProps(construct, store, props);
  recordWarnings(construct, checked.warnings);
  const values = withDefaults(store, checked.values);
  const chosen = provider ?? providerFor(TerraformStack.of(construct), store.provider, config);
  const made = new Map<string, StoreResource>();
  // A resource's argument may name another's (`${alicloud_oss_bucket.x.bucket}`), whose id is known once it is made.
  const ref = (key: string, attribute: string) => Lazy.stringValue({ produce: () => `\${${store.resources[key].type}.${made.get(key)!.friendlyUniqueId}.${attribute}}` });
  for (const emitted of resourcesOf(store, values, ref)) {
    made.set(emitted.key, new StoreResource(construct, emitted.key, emitted, chosen));
  }
  return { values, resources: made };
}

/**
 * One resource of a state store: its arguments as the store's table gives them, typed for HCL
 * output by the table's blocks, with the import block of `adopt`.
 */
export class StoreResource extends TerraformResource {
  constructor(scope: Construct, id: string, private readonly emitted: EmittedResource, provider: TerraformProvider | undefined) {
    super(scope, id, {
      terraformResourceType: emitted.type,
      provider,
      lifecycle: emitted.lifecycle.prevent_destroy === undefined ? undefined : { preventDestroy: emitted.lifecycle.prevent_destroy as boolean },
    });
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return copyAttributes(this.emitted.attributes);
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    return hclArguments(this.emitted.attributes, this.emitted.blocks, '');
  }

  /** Adds this resource, and its import block when it adopts an existing one, to the JSON output. */
  public toTerraform(): any {
    return this.withImport(super.toTerraform(), this.emitted.importId);
  }

  /** Adds this resource, and its import block when it adopts an existing one, to the HCL output. */
  public toHclTerraform(): any {
    const id = this.emitted.importId;
    return this.withImport(super.toHclTerraform(), id === undefined ? undefined : toHclValue(id, 'remote-state'), true);
  }

  private withImport(out: any, id: unknown, hcl = false): any {
    if (id === undefined) return out;
    const to = `${this.terraformResourceType}.${this.friendlyUniqueId}`;
    return { ...out, import: [{ id, to: hcl ? { value: to, type: 'simple', storageClassType: 'reference' } : to }] };
  }
}

/** Arguments typed for cdktf's HCL renderer: the table's blocks as blocks, strings as templates (as in JSON). */
function hclArguments(attributes: Record<string, unknown>, blocks: readonly string[], prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const path = prefix + key;
    if (!blocks.includes(path)) {
      out[key] = toHclValue(value, 'remote-state');
    } else if (Array.isArray(value)) {
      out[key] = { value: value.map((v) => hclArguments(v as Record<string, unknown>, blocks, `${path}.`)), isBlock: true, type: 'list' };
    } else {
      out[key] = hclBlock(hclArguments(value as Record<string, unknown>, blocks, `${path}.`));
    }
  }
  return out;
}

/**
 * The provider block a stack gets for a state store when it has none of that type: the provider's
 * `required_providers` source and version, and what its block needs (`features {}` for azurerm).
 * A provider of the type the user adds to the stack (generated bindings, or a `TerraformProvider`)
 * takes its place: this one then emits nothing.
 */
export class StoreProvider extends TerraformProvider {
  private readonly own: Record<string, unknown>;
  private readonly aliasName?: string;

  constructor(scope: Construct, id: string, private readonly spec: ProviderSpec, config: Record<string, unknown>, alias?: string) {
    super(scope, id, {
      terraformResourceType: spec.name,
      terraformProviderSource: spec.source,
      terraformGeneratorMetadata: { providerName: spec.name, providerVersionConstraint: spec.version },
    });
    this.own = { ...spec.config, ...config };
    this.aliasName = alias;
  }

  /** The provider's alias, when a stack holds several of this library's blocks of the type (stores in different regions). */
  public get alias(): string | undefined {
    return this.aliasName;
  }

  /** Its settings (region, `features`), as given. */
  public get settings(): Readonly<Record<string, unknown>> {
    return this.own;
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return copyAttributes(this.own);
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    return hclArguments(this.own, Object.keys(this.own).filter((k) => isBlock(this.own[k])), '');
  }

  /** Adds the provider block to the JSON output, unless the user's own provider of the type stands in for it. */
  public toTerraform(): any {
    return this.displaced() ? {} : super.toTerraform();
  }

  /** Adds the provider block to the HCL output, unless the user's own provider of the type stands in for it. */
  public toHclTerraform(): any {
    return this.displaced() ? {} : super.toHclTerraform();
  }

  /** The stack holds a provider of the type that is not this library's, without an alias: it configures the resources. */
  private displaced(): boolean {
    if (this.aliasName !== undefined) return false;
    const type = this.spec.name;
    const theirs = (c: IConstruct): c is TerraformProvider => TerraformProvider.isTerraformProvider(c) && !(c instanceof StoreProvider);
    return TerraformStack.of(this).node.findAll().some((c) => theirs(c) && c.terraformResourceType === type && c.alias === undefined);
  }
}

const isBlock = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The provider for a state store's resources in `stack`: none (the default configuration) when the
 * stack's default block of the type has these settings, else a block with an alias. The first
 * store of a type in a stack declares the default block, unless the user's provider is there.
 */
function providerFor(stack: TerraformStack, spec: ProviderSpec, config: Record<string, unknown>): TerraformProvider | undefined {
  const ours = stack.node.children.filter((c): c is StoreProvider => c instanceof StoreProvider && c.terraformResourceType === spec.name);
  const same = (p: StoreProvider) => JSON.stringify(p.settings) === JSON.stringify({ ...spec.config, ...config });
  const found = ours.find(same);
  if (found) return found.alias === undefined ? undefined : found;
  const id = `state-store-provider-${spec.name}${ours.length === 0 ? '' : `-${ours.length + 1}`}`;
  const made = new StoreProvider(stack, id, spec, config, ours.length === 0 ? undefined : `state_store_${ours.length + 1}`);
  return made.alias === undefined ? undefined : made;
}

/** Makes the stack of `consumer` depend on the stack of `store`, so deploying every stack creates the store first. */
export function dependOnStore(consumer: IConstruct, store: IConstruct): void {
  const a = TerraformStack.of(consumer);
  const b = TerraformStack.of(store);
  if (a !== b && !a.dependencies.includes(b)) a.addDependency(b);
}

/** `props` without the keys the construct reads itself (`provider`). */
export function dataProps(props: object, own: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props ?? {}).filter(([k]) => !own.includes(k)));
}

/**
 * A backend or remote state in the store (made by `make`), whose stack then depends on the store's
 * stack. Made first: a refused config adds no dependency.
 */
export function storeBackend<T extends IConstruct>(store: IConstruct, _scope: Construct, make: () => T): T {
  const made = make();
  dependOnStore(made, store);
  return made;
}

/**
 * `forEachStack` from a store: a backend in the store for every stack under `scope` that has none,
 * but the store's own stack, each depending on the store's stack.
 */
export function storeForEachStack<T extends TerraformBackend>(
  store: IConstruct,
  scope: Construct,
  call: string,
  make: (stack: TerraformStack, path: string) => T,
): T[] {
  const made = backendForEachStack(scope, call, make, TerraformStack.of(store));
  made.forEach((b) => dependOnStore(b, store));
  return made;
}

/**
 * A backend's (or remote state's) config from the store: `options` as given, with `fields` (the
 * store's region, lock table, ...) where `options` sets no spelling of them, and `own` (the store's
 * name) always.
 */
export function fromStore(table: FieldTable, options: object | undefined, fields: Record<string, unknown>, own: Record<string, unknown>): any {
  const given = Object.fromEntries(Object.entries(options ?? {}).filter(([, v]) => v !== undefined));
  const added = Object.entries(fields).filter(([name, v]) => {
    const spec = table.spec(name);
    return v !== undefined && !(spec ? spellingsOf(spec) : [name]).some((s) => s in given);
  });
  return { ...Object.fromEntries(added), ...given, ...own };
}
