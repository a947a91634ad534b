import { FieldValues } from './field-value';
import { isFromInit } from './from-init';
import { FieldSpec, holdsSecret, keyFor, spellingsOf } from './schema';
import { Store, asTemplateText } from './store';
import { ToolName } from '../target/target';

/*
 * The config of the remote state another stack gets for a backend (cdktf cross-stack references
 * call `getRemoteStateDataSource`). It reads the consuming run's workspace. Secrets are left out
 * (that run takes them from its environment), and so are fields the backend's own run gives (at
 * init, in a config file, a reference OpenTofu evaluates): the consuming run has none of them. Where
 * such a field names the object, the remote state would read another one: the caller refuses it.
 * A remote state's strings are templates, so the block's literal text is escaped to mean itself.
 */

export interface CrossStackConfig {
  readonly config: Record<string, unknown>;
  /** Secret fields left out. */
  readonly secrets: FieldSpec[];
  /** Fields the backend's run gives, left out. */
  readonly fromRun: FieldSpec[];
  /** Of those, the ones that name the state object. */
  readonly addressFromRun: FieldSpec[];
}

export function crossStackConfig(
  store: Store,
  props: Record<string, unknown>,
  values: FieldValues,
  fileFields: ReadonlySet<string>,
  tool: ToolName,
): CrossStackConfig {
  const copy: Record<string, unknown> = {};
  const secrets: FieldSpec[] = [];
  const fromRun: FieldSpec[] = [];
  const addressKeys = new Set([...store.layout.container, ...(store.layout.namespace ?? []), ...store.layout.object]);
  for (const field of store.fields) {
    const set = spellingsOf(field).filter((s) => props[s] !== undefined && props[s] !== null);
    if (set.length === 0) continue;
    const fv = values.get(field.name);
    if (fileFields.has(field.name) || fv?.expression || fv?.fromInit || set.some((s) => isFromInit(props[s]))) {
      fromRun.push(field);
    } else if (set.some((s) => holdsSecret(field, props[s]))) {
      secrets.push(field);
    } else {
      for (const s of set) copy[s] = asTemplateText(props[s]);
    }
  }
  for (const key of Object.keys(props)) {
    if (store.table.positionOf(key) === undefined) copy[key] = props[key];
  }
  return {
    config: { ...copy, workspace: '${terraform.workspace}' },
    secrets,
    fromRun,
    addressFromRun: fromRun.filter((f) => addressKeys.has(keyFor(f, tool)!)),
  };
}
