import { PropValues, ResourceRef, Setting, StateStore } from './definition';

/*
 * The resources of a state store's construct, from its table and the props as read: each row's
 * value (the prop's, else the row's default) set at its argument's path. Plain data: the framework
 * hands it to cdktf (framework/state-store.ts).
 */

/** One resource as the construct emits it. */
export interface EmittedResource {
  /** The key of the definition's `resources`. */
  readonly key: string;
  readonly type: string;
  /** The arguments, nested blocks as objects (the tools read a single JSON object as one block). */
  readonly attributes: Record<string, unknown>;
  /** The `lifecycle` meta-argument's settings (`prevent_destroy`). */
  readonly lifecycle: Record<string, unknown>;
  /** The id of its import block, when the construct adopts an existing store. */
  readonly importId?: string;
  /** Its nested blocks' paths. */
  readonly blocks: readonly string[];
}

/** The props as read, with every row's default where the prop is unset. */
export function withDefaults(store: StateStore, props: PropValues): PropValues {
  const out: Record<string, unknown> = { ...props };
  for (const s of store.settings) {
    if (s.prop && out[s.prop.name] === undefined && s.default !== undefined && !s.defaultWith) out[s.prop.name] = s.default;
  }
  const plain = { ...out };
  for (const s of store.settings) {
    if (s.prop && out[s.prop.name] === undefined && s.defaultWith) out[s.prop.name] = s.defaultWith(plain);
  }
  return out;
}

/** The value a row gives its argument, or `undefined` for none. */
export function valueOf(s: Setting, values: PropValues, ref: ResourceRef): unknown {
  const value = s.prop ? values[s.prop.name] : s.default;
  if (s.emit) return s.emit(value, values, ref);
  return value;
}

/**
 * Every resource the props make, in the order of `resources`: its arguments and lifecycle, and,
 * with `adopt`, its import block's id.
 */
export function resourcesOf(store: StateStore, values: PropValues, ref: ResourceRef): EmittedResource[] {
  const out: EmittedResource[] = [];
  for (const [key, spec] of Object.entries(store.resources)) {
    if (spec.when && !spec.when(values)) continue;
    const attributes: Record<string, unknown> = {};
    const lifecycle: Record<string, unknown> = {};
    for (const s of store.settings.filter((row) => row.resource === key && row.argument !== '-')) {
      const value = valueOf(s, values, ref);
      if (value === undefined) continue;
      if (s.argument.startsWith('lifecycle.')) lifecycle[s.argument.slice('lifecycle.'.length)] = value;
      else setPath(attributes, s.argument, value);
    }
    const importId = values[spec.adoptedBy ?? 'adopt'] === true ? spec.importId?.(values) : undefined;
    out.push({ key, type: spec.type, attributes, lifecycle, importId, blocks: spec.blocks ?? [] });
  }
  return out;
}

/** Sets `value` at a dotted path, making the blocks on the way; a block already set is merged into. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    at = (next !== null && typeof next === 'object' && !Array.isArray(next) ? next : (at[part] = {})) as Record<string, unknown>;
  }
  at[parts[parts.length - 1]] = value;
}

/** The value at a dotted path, or `undefined`. */
export function getPath(source: unknown, path: string): unknown {
  let at = source;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}
