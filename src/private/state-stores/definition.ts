import { ProviderSpec } from './providers';
import { DefinitionError } from '../errors/errors';
import { Rule, checkRuleTable } from '../kit/rule-context';
import { checkRuleRows } from '../kit/rule-row';
import { EVERY_RELEASE, FieldSpec, FieldTable } from '../kit/schema';
import { Store } from '../kit/store';

/*
 * A state store's construct as data: one table of settings per store. A row is a prop of the
 * construct (or a setting no prop changes), the resource argument it sets, the value a state store
 * needs when the user says nothing, and why, with the evidence (the provider's schema and the
 * store's docs). The same rows drive the props' checks (through the kit's reader), the resources,
 * docs/FIELDS.md and the unit tests.
 */

/** Where a setting's evidence is. */
export interface SettingEvidence {
  /** The provider's source file and argument (in the release providers.ts names). */
  readonly schema: string;
  /** The store's documentation of the setting. */
  readonly docs?: string;
}

/** The construct's prop behind a setting: a field row of the kit, read by its reader. */
export type SettingProp = Pick<FieldSpec, 'name' | 'type' | 'required' | 'example' | 'aliases' | 'fields' | 'struct'>;

/** What a setting's value is computed from: every prop as read (literals and references), with the table's defaults. */
export type PropValues = Readonly<Record<string, unknown>>;

/** A reference to an argument of another resource of the construct (`${google_storage_bucket.x.name}`). */
export type ResourceRef = (resource: string, attribute: string) => string;

/** One row of a state store's table. */
export interface Setting {
  /** `<table>/<what>`: names the row in docs/FIELDS.md and in the tests. */
  readonly id: string;
  /** The prop that sets it; absent: a setting of the construct no prop changes. */
  readonly prop?: SettingProp;
  /** The resource of the construct it belongs to (a key of the definition's `resources`). */
  readonly resource: string;
  /**
   * The argument, as a path: `versioning.enabled` (a block's member), or `lifecycle.prevent_destroy`
   * (the meta-argument); `-` when the prop sets no argument of its own (`adopt`: an import block).
   */
  readonly argument: string;
  /** The value a state store needs when the prop is unset; absent: nothing is emitted then. */
  readonly default?: unknown;
  /**
   * A default that depends on other props, applied after the plain ones (the algorithm of a key that
   * is given: `KMS`); `default` then says what it is without them, for the docs.
   */
  readonly defaultWith?: (values: PropValues) => unknown;
  /** The argument's value from the prop's (the prop's value itself when absent); `undefined` emits nothing. */
  readonly emit?: (value: any, values: PropValues, ref: ResourceRef) => unknown;
  /** Why a state store needs the default (or, without one, what the prop is for). */
  readonly reason: string;
  readonly evidence: SettingEvidence;
}

/** A resource the construct makes. */
export interface ResourceSpec {
  /** The provider's resource type. */
  readonly type: string;
  /** The arguments that are nested blocks (paths), which HCL output prints as blocks. */
  readonly blocks?: readonly string[];
  /** Made only when this holds (the OSS lock table only with `locking`). */
  readonly when?: (values: PropValues) => boolean;
  /** The id the provider's importer takes, for `adopt` (absent: the resource is never imported). */
  readonly importId?: (values: PropValues) => string | undefined;
  /** The boolean prop that imports it (`adopt` when unset). */
  readonly adoptedBy?: string;
}

/** Where the store's own name lives: the backend field the construct's prop gives (`bucket` from `name`). */
export interface NameField {
  readonly backendField: string;
  readonly prop: string;
}

/** A state store's construct, as its file in state-stores/ declares it. */
export interface StateStoreDefinition<I extends string = string> {
  /** The table's name, its rows' and rules' id prefix (`gcs-bucket`). */
  readonly name: string;
  /** The public construct and its props struct. */
  readonly names: { readonly construct: string; readonly props: string };
  /** The backend store whose blocks the construct makes (its name rules apply to the construct). */
  readonly store: Store;
  readonly provider: ProviderSpec;
  readonly resources: Readonly<Record<string, ResourceSpec>>;
  readonly settings: readonly Setting[];
  /** The construct's props that name the store, checked by the backend's rules. */
  readonly nameFields: readonly NameField[];
  /** Its rules about the props (besides the backend's name rules); their ids stay literal for the catalog. */
  readonly rules: ReadonlyArray<Rule<string, I>>;
  /** What a state store would want that this store does not have, and why (docs/FIELDS.md). */
  readonly absent?: ReadonlyArray<{ readonly what: string; readonly why: string }>;
}

/** A state store: its definition, with the props' field table built. */
export interface StateStore<I extends string = string> extends StateStoreDefinition<I> {
  readonly table: FieldTable;
  /** The backend's rules about the store's name (those whose first field is a name field). */
  readonly nameRuleIds: readonly string[];
}

/** The kit's field row for a setting's prop: available in every release (the props are the provider's, not the tools'). */
export function fieldOf(s: Setting): FieldSpec {
  return { ...s.prop!, key: s.argument, since: EVERY_RELEASE };
}

/**
 * Builds a state store from its definition and checks it when the module loads: row ids unique under
 * the table's name, every row with evidence and a known resource, every prop once, the rules
 * against the props, and the name fields against the backend's table.
 */
export function defineStateStore<const I extends string = never>(definition: StateStoreDefinition<I>, shared: readonly Rule[] = []): StateStore<I> {
  const { name, settings, resources, store } = definition;
  checkRuleRows(name, settings.map((s) => ({ id: s.id, severity: 'error', evidence: `${s.evidence.schema}` })));
  for (const s of settings) {
    if (!resources[s.resource]) throw new DefinitionError(`${name}: setting ${s.id} belongs to ${s.resource}, which is not a resource of the construct`);
    if (!s.reason.trim()) throw new DefinitionError(`${name}: setting ${s.id} gives no reason`);
    if (s.prop?.required && s.default !== undefined) throw new DefinitionError(`${name}: setting ${s.id} is required and has a default`);
  }
  // A prop may set several arguments (preventDestroy on each resource that holds state): its first row defines it.
  const props = new Map<string, Setting>();
  for (const s of settings.filter((row) => row.prop)) {
    const first = props.get(s.prop!.name);
    if (first && first.prop!.type !== s.prop!.type) throw new DefinitionError(`${name}: ${s.prop!.name} has two types (${first.id}, ${s.id})`);
    if (!first) props.set(s.prop!.name, s);
  }
  const table = new FieldTable([...props.values()].map(fieldOf));
  checkRuleTable(name, table, definition.rules);
  const rowIds = new Set(settings.map((s) => s.id));
  for (const r of definition.rules) if (rowIds.has(r.id)) throw new DefinitionError(`${name}: ${r.id} names a setting and a rule`);
  // The shared rules (state-store/...) are checked once, against every construct's table.
  checkRuleTable('state-store', table, shared);
  for (const n of definition.nameFields) {
    if (!store.table.spec(n.backendField)) throw new DefinitionError(`${name}: ${n.backendField} is not a field of the ${store.backend} backend`);
    if (!table.spec(n.prop)) throw new DefinitionError(`${name}: ${n.prop} is not a prop of the construct`);
  }
  const backendFields = definition.nameFields.map((n) => n.backendField);
  const nameRuleIds = store.rules.filter((r) => backendFields.includes(r.fields[0])).map((r) => r.id);
  return { ...definition, table, nameRuleIds };
}
