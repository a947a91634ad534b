import { displayText, hasSymbol, symbol, symbolsIn, unknownText } from '../kit/address-symbols';
import { StackScope, evaluatedText, literalText } from '../kit/backend-text';
import { asToolReads } from '../kit/field-types';
import { FieldSpec, envVarsOf, evaluatesBackend, isAvailable, keyFor } from '../kit/schema';
import { StateLayout } from '../kit/state-layout';
import { opaqueText } from '../kit/template-scan';
import { ParsedTarget } from '../target/target';

/*
 * Where a store keeps each workspace's state: the address a backend block names, part by part,
 * each part marked by where it comes from (address-model.ts is the table of sources and
 * comparisons). A part the code names is text; a part one run names alike for every stack (an
 * OpenTofu variable, `terraform.workspace` at init, an env var) is a symbol inside the text; a part
 * nothing names (a value given at init, an expression the code cannot fold) is a symbol equal to
 * no other. Two addresses are compared under every assignment of the env vars they read.
 */

/** A workspace name that no user string holds: the same for two layouts means the same in every workspace. */
export const ANY_WORKSPACE = '\u0000workspace';

/** Where a part of the address comes from (the rows of address-model.ts). */
export type PartSource = 'literal' | 'expression' | 'default' | 'env' | 'init' | 'file';

/** One part of an address: a tool key, where its value comes from, and the value as text (symbols included). */
export interface AddressPart {
  readonly key: string;
  readonly source: PartSource;
  readonly text: string;
  /** The env vars a part the run takes from its environment reads, in the tool's order. */
  readonly env?: readonly string[];
  /** For a part from env vars: its value when they are unset (undefined: the run fails, as for a required field). */
  readonly unset?: string;
}

/** A value one run gives every stack alike (an env var, an OpenTofu variable, a value given at init), by the identity of its symbol. */
export interface RunValue {
  /** What gives it: env vars (in the tool's order), or `var.<name>` (-var, TF_VAR_<name>); none for a value given at init. */
  readonly names: readonly string[];
  /**
   * Its value in this stack when the run gives none: the tool's default or the variable's, or text
   * holding the symbol of the env vars the tool reads then (undefined: the run fails).
   */
  readonly unset?: string;
  /** For a value given at init (`-backend-config=KEY=VALUE`): the tool key. */
  readonly init?: string;
}

/** One block's state address, part by part. */
export interface StateAddress {
  readonly backend: string;
  readonly layout: StateLayout;
  readonly target: ParsedTarget;
  readonly parts: ReadonlyMap<string, AddressPart>;
  /** The run's values its parts read, by symbol identity. */
  readonly runValues: ReadonlyMap<string, RunValue>;
  /** The config file (`prod.tfbackend`) merged with the block, or undefined for the block alone. */
  readonly file?: string;
}

/** What a block emits, and what decides its parts beyond it. */
export interface BlockReading {
  /** The tool's keys and values, overrides merged in, tokens resolved. */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** Keys the run gives at init (`-backend-config=KEY=VALUE`). */
  readonly fromInit?: ReadonlySet<string>;
  /** Keys set by the config file of this address. */
  readonly fromFile?: ReadonlySet<string>;
  readonly file?: string;
  /** What an evaluated template may read in its stack. */
  readonly scope: StackScope;
  /** Strings are templates whatever the target (a remote state's config); unset: where the target evaluates backend blocks. */
  readonly templates?: boolean;
}

const envIdentity = (vars: readonly string[]) => `env:${vars.join('|')}`;
const envSymbol = (vars: readonly string[]) => symbol(`<${vars.join(' or ')}>`, envIdentity(vars));

/** The keys an address holds, by layout: the container's, the namespaces', the object's, what normalisations read, the lock table's. */
const layoutKeys = new WeakMap<StateLayout, readonly string[]>();
function keysOf(layout: StateLayout): readonly string[] {
  let keys = layoutKeys.get(layout);
  if (!keys) {
    const reads = (layout.normalise ?? []).flatMap((n) => n.reads ?? []);
    keys = [...new Set([...layout.container, ...(layout.namespace ?? []), ...layout.object, ...reads, ...(layout.lockRows?.table ?? [])])];
    layoutKeys.set(layout, keys);
  }
  return keys;
}

/** The address of a block as the tool of `target` reads it. */
export function stateAddress(
  backend: string, layout: StateLayout, fields: readonly FieldSpec[], block: BlockReading, target: ParsedTarget,
): StateAddress {
  const parts = new Map<string, AddressPart>();
  const runValues = new Map<string, RunValue>();
  for (const key of keysOf(layout)) {
    const part = partOf(key, layout, fields, block, target);
    parts.set(key, part);
    if (part.source === 'env') runValues.set(envIdentity(part.env!), { names: part.env!, unset: part.unset });
    if (part.source === 'init') {
      // Not given, the field is as the block leaves it: its env vars, else its default (required: init fails).
      const spec = fieldOf(fields, target.tool, key);
      const unset = spec && !isAvailable(spec, target) ? defaultPart(key, layout, spec) : unsetPart(key, layout, fields, spec, target);
      if (unset.source === 'env') runValues.set(envIdentity(unset.env!), { names: unset.env!, unset: unset.unset });
      runValues.set(initIdentity(key), { names: [], init: key, unset: spec?.required ? undefined : unset.text });
    }
    // (an init part is its own symbol alone: it reads no variable)
    if (part.source === 'env' || part.source === 'default' || part.source === 'init' || !hasSymbol(part.text)) continue;
    for (const s of symbolsIn(part.text)) {
      const name = s.identity.startsWith('var:') ? s.identity.slice(4) : undefined;
      if (name !== undefined) runValues.set(s.identity, { names: [`var.${name}`], unset: block.scope.variable(name)?.default });
    }
  }
  return { backend, layout, target, parts, runValues, file: block.file };
}

const initIdentity = (key: string) => `init:${key}`;
/** The part of a key given at init, by key (the same for every block). */
const initParts = new Map<string, AddressPart>();
function initPart(key: string): AddressPart {
  let part = initParts.get(key);
  if (!part) initParts.set(key, (part = { key, source: 'init', text: symbol(`<${key} given at init>`, initIdentity(key)) }));
  return part;
}

/** The part of a key the target's release lacks: its default there. */
function defaultPart(key: string, layout: StateLayout, spec: FieldSpec): AddressPart {
  return { key, source: 'default', text: spec.default ?? layout.defaults?.[key] ?? '' };
}

/** Each table's fields by the tool's key, per tool. */
const byKey = new WeakMap<readonly FieldSpec[], Map<string, ReadonlyMap<string, FieldSpec>>>();
function fieldOf(fields: readonly FieldSpec[], tool: ParsedTarget['tool'], key: string): FieldSpec | undefined {
  let tools = byKey.get(fields);
  if (!tools) byKey.set(fields, (tools = new Map()));
  let keys = tools.get(tool);
  if (!keys) {
    const map = new Map<string, FieldSpec>();
    for (const f of fields) {
      const k = keyFor(f, tool);
      if (k !== undefined && !map.has(k)) map.set(k, f);
    }
    tools.set(tool, (keys = map));
  }
  return keys.get(key);
}

function partOf(key: string, layout: StateLayout, fields: readonly FieldSpec[], block: BlockReading, target: ParsedTarget): AddressPart {
  const value = block.attributes[key];
  // A value given at init: one the run gives every stack's init alike (TF_CLI_ARGS_init), else as the block leaves it.
  if (block.fromInit?.has(key) && !block.fromFile?.has(key)) return initPart(key);
  const spec = fieldOf(fields, target.tool, key);
  // (a key the target's release lacks is its default there: OpenTofu before 1.11.5 has no GCS universe_domain)
  if (spec && !isAvailable(spec, target)) return defaultPart(key, layout, spec);
  if (value === undefined || value === null) return unsetPart(key, layout, fields, spec, target);
  const source: PartSource = block.fromFile?.has(key) ? 'file' : 'literal';
  // (as the tool reads a number or bool in a string field: `2024` is "2024", 1e21 is "1000000000000000000000")
  if (typeof value === 'number' || typeof value === 'boolean') return { key, source, text: String(asToolReads('string', value)) };
  if (typeof value !== 'string') return { key, source: 'expression', text: unknownText(`<${key}>`) };
  // A config file is read literally by both tools (the library refuses references there).
  if (source === 'file' || !(block.templates ?? evaluatesBackend(target))) return { key, source, text: literalText(value) };
  const text = evaluatedText(value, block.scope);
  if (text === undefined) return { key, source: 'expression', text: opaqueText(value, block.scope) };
  return { key, source: /[$%]\{/.test(value.replace(/[$%][$%]\{/g, '')) ? 'expression' : 'literal', text };
}

/** The part of a key a block leaves unset, by field table, layout, target and key: the same for every block, so read once. */
const unsetParts = new WeakMap<readonly FieldSpec[], WeakMap<StateLayout, Map<string, AddressPart>>>();
function unsetPart(key: string, layout: StateLayout, fields: readonly FieldSpec[], spec: FieldSpec | undefined, target: ParsedTarget): AddressPart {
  let byLayout = unsetParts.get(fields);
  if (!byLayout) unsetParts.set(fields, (byLayout = new WeakMap()));
  let parts = byLayout.get(layout);
  if (!parts) byLayout.set(layout, (parts = new Map()));
  const id = `${target.tool}@${target.version}\n${key}`;
  let part = parts.get(id);
  if (!part) parts.set(id, (part = readUnset(key, layout, spec, target)));
  return part;
}

function readUnset(key: string, layout: StateLayout, spec: FieldSpec | undefined, target: ParsedTarget): AddressPart {
  const vars = spec ? envVarsOf(spec, target.tool, target.version) : [];
  if (vars.length > 0) {
    return { key, source: 'env', text: envSymbol(vars), env: vars, unset: spec?.required ? undefined : spec?.default ?? layout.defaults?.[key] ?? '' };
  }
  // A required field left out is given at init (-backend-config).
  if (spec?.required) return initPart(key);
  return { key, source: 'default', text: spec?.default ?? layout.defaults?.[key] ?? '' };
}

/** The container as a user reads it: the parts the layout names, namespaces only where set. */
export function showContainer(address: StateAddress): string {
  const { layout } = address;
  const namespace = (layout.namespace ?? []).filter((k) => address.parts.get(k)?.source !== 'default' && address.parts.get(k)?.source !== 'env');
  return [...namespace, ...layout.container].map((k) => {
    const text = address.parts.get(k)!.text;
    return hasSymbol(text) && symbolsIn(text)[0].whole === text && text.includes('<') ? `${k}=${displayText(text)}` : `${k}=${JSON.stringify(displayText(text))}`;
  }).join(' ');
}

/** The object of `workspace` as a user reads it (`<workspace>` for ANY_WORKSPACE). */
export function showObject(address: StateAddress, workspace: string | undefined): string {
  const object: Record<string, string> = {};
  for (const k of address.layout.object) object[k] = address.parts.get(k)!.text;
  return displayText(address.layout.objectName(object, workspace)).split(ANY_WORKSPACE).join('<workspace>');
}
