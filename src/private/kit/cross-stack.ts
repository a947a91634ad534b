import { asToolReads } from './field-types';
import { FieldValues } from './field-value';
import { isFromInit } from './from-init';
import { FieldSpec, holdsSecret, keyFor, spellingsOf } from './schema';
import { Store, asTemplateText } from './store';
import { portableTemplate } from './template-scan';
import { ToolName } from '../target/target';

/*
 * The config of the remote state another stack gets for a backend (cdktf cross-stack references
 * call `getRemoteStateDataSource`): it must read the object the backend writes. It reads the
 * consuming run's workspace, with the backend's overrides applied (the element's and the stack's,
 * as cdktf merges them into the block). Secrets are left out (that run takes them from its
 * environment), and so are fields the backend's own run gives (at init, in a config file, a
 * variable OpenTofu evaluates): the consuming run has none of them. Where such a field names the
 * object, the remote state would read another one: the caller refuses it, as it refuses an
 * override it cannot carry. A remote state's strings are templates: the block's literal text is
 * escaped to mean itself; a template that reads nothing of its own stack or run but
 * `terraform.workspace` (the same in the consuming run), such as a constant OpenTofu folds at init,
 * is kept as the template it is. Values are read as the producer's tool reads them: tokens
 * resolved in the producer's stack (the caller resolves them), an override of another primitive
 * type than its field's converted as the tool converts it (`addOverride('prefix', 2024)` writes
 * under "2024").
 */

export interface CrossStackConfig {
  readonly config: Record<string, unknown>;
  /** Secret fields left out. */
  readonly secrets: FieldSpec[];
  /** Fields the backend's run gives, left out. */
  readonly fromRun: FieldSpec[];
  /** Of those, the ones that name the state object. */
  readonly addressFromRun: FieldSpec[];
  /** Overrides (tool keys) a remote state cannot carry. */
  readonly refusedOverrides: string[];
}

/** What the backend emits beyond its props: its tool attributes without overrides, and with them. */
export interface Overridden {
  readonly base: Readonly<Record<string, unknown>>;
  readonly emitted: Readonly<Record<string, unknown>>;
  /** The target evaluates backend blocks (OpenTofu 1.8+): emitted strings are templates. */
  readonly templates: boolean;
}

/**
 * @param props the backend's props, tokens resolved in the producer's stack (markers of values
 * given at init left as they are)
 * @param overridden what it emits, tokens resolved in the producer's stack
 */
export function crossStackConfig(
  store: Store,
  props: Record<string, unknown>,
  values: FieldValues,
  fileFields: ReadonlySet<string>,
  tool: ToolName,
  overridden: Overridden,
): CrossStackConfig {
  const copy: Record<string, unknown> = {};
  const secrets: FieldSpec[] = [];
  const fromRun: FieldSpec[] = [];
  const refusedOverrides: string[] = [];
  const addressKeys = new Set([...store.layout.container, ...(store.layout.namespace ?? []), ...store.layout.object]);
  const overrides = changedKeys(overridden.base, overridden.emitted);
  for (const field of store.fields) {
    const key = keyFor(field, tool);
    if (key !== undefined && overrides.has(key)) {
      const value = overridden.emitted[key];
      if (value === undefined || value === null) continue;
      const read = asToolReads(field.type, value);
      if (field.fields || typeof read === 'object') refusedOverrides.push(key);
      else if (holdsSecret(field, read)) secrets.push(field);
      else if (typeof read === 'string' && overridden.templates && !portableTemplate(read)) fromRun.push(field);
      else copy[field.name] = overridden.templates ? read : asTemplateText(read);
      continue;
    }
    const set = spellingsOf(field).filter((s) => props[s] !== undefined && props[s] !== null);
    if (set.length === 0) continue;
    const fv = values.get(field.name);
    const kept = fv?.expression && set.every((s) => typeof props[s] === 'string' && portableTemplate(props[s] as string));
    if (fileFields.has(field.name) || (fv?.expression && !kept) || fv?.fromInit || set.some((s) => isFromInit(props[s]))) {
      fromRun.push(field);
    } else if (set.some((s) => holdsSecret(field, props[s]))) {
      secrets.push(field);
    } else {
      for (const s of set) copy[s] = kept ? props[s] : asTemplateText(props[s]);
    }
  }
  for (const key of Object.keys(props)) {
    if (store.table.positionOf(key) === undefined) copy[key] = props[key];
  }
  for (const key of overrides) {
    if (!store.fields.some((f) => keyFor(f, tool) === key)) refusedOverrides.push(key);
  }
  return {
    config: { ...copy, workspace: '${terraform.workspace}' },
    secrets,
    fromRun,
    addressFromRun: fromRun.filter((f) => addressKeys.has(keyFor(f, tool)!)),
    refusedOverrides,
  };
}

/** The tool keys an override adds, changes or removes. */
function changedKeys(base: Readonly<Record<string, unknown>>, emitted: Readonly<Record<string, unknown>>): Set<string> {
  const out = new Set<string>();
  for (const key of new Set([...Object.keys(base), ...Object.keys(emitted)])) {
    if (JSON.stringify(base[key]) !== JSON.stringify(emitted[key])) out.add(key);
  }
  return out;
}
