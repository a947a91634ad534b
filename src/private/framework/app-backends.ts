import { Aspects, TerraformBackend, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { backendName, deepMerge, resolveIn, runningSynth, stackOverrides } from './cdktf-internals';
import { stackScope } from './static-context';
import { AddressIndex } from '../address/address-index';
import { ANY_WORKSPACE, StateAddress, showContainer, showObject, stateAddress } from '../address/state-objects';
import { keyFor } from '../kit/schema';
import { Store } from '../kit/store';
import { targetOf } from '../kit/targets';
import { STORES } from '../stores';
import { ParsedTarget } from '../target/target';

/*
 * The app's backends: every backend of every stack, this library's and any other (cdktf's or
 * cdktn's built-in GcsBackend, CosBackend, OssBackend, AzurermBackend, read from what they
 * synthesize; a block that only `stack.addOverride('terraform.backend.<name>', ...)` adds), with
 * the state addresses it names: the block alone, and the block with each config file. Built once per
 * synth, when the first of this library's backends asks (a backend that asks twice starts the next
 * synth), and indexed by the object of an address only the code names (by its bucket where a run
 * value decides a part), so a backend compares itself with the few that may name its object.
 * `stateObjectsOf` and `stateObjectRows` give a report of the app's state objects (the state map)
 * a stack's objects per workspace pattern, with the parts the run decides marked.
 */

/** A backend of the app, and the addresses it names now. */
export interface StateHolder {
  /** The backend construct, or the stack whose override adds the block. */
  readonly construct: IConstruct;
  readonly stack: TerraformStack;
  /** The backend name (`gcs`). */
  readonly backend: string;
  /** Made by this library. */
  readonly ours: boolean;
  /** The block alone, then the block with each config file. */
  addresses(): readonly StateAddress[];
}

export interface AppMap {
  readonly holders: StateHolder[];
  /** Every holder by the addresses it names (address/address-index.ts). */
  readonly index: AddressIndex<StateHolder>;
  /** The stacks in the order the app synthesizes them, and each holder of a stack. */
  readonly stacks: readonly TerraformStack[];
  readonly position: Map<TerraformStack, number>;
  readonly byStack: Map<TerraformStack, StateHolder[]>;
  /** Each holder's addresses, read once per map (again once its stack's Aspects have run). */
  readonly addresses: Map<StateHolder, readonly StateAddress[]>;
  /** The holders an Aspect may still change: one is on a construct of the holder's stack or on a scope above it. */
  readonly aspected: Set<StateHolder>;
  /** The stacks up to this position in `stacks` have had their Aspects run: their holders' addresses are final. */
  settledUpTo: number;
  /** Who has asked since the map was built: this library's holders, or a check of its own (a token). */
  readonly asked: Set<object>;
  /** The `app.synth()` call it was built in (cdktf-internals.ts runningSynth), if any. */
  readonly synth?: object;
}

const ours = new WeakMap<IConstruct, StateHolder>();
const maps = new WeakMap<IConstruct, AppMap>();

/** Registers a backend of this library. */
export function registerBackend(holder: StateHolder): void {
  ours.set(holder.construct, holder);
  maps.delete(holder.construct.node.root);
}

/**
 * The app's map for a synth; `asking` is whose check is running (a backend of this library, or a
 * token of another check), in `stack`: an asker that asks again starts the next synth.
 *
 * cdktf runs each stack's Aspects when it synthesizes that stack, just before the stack's
 * validations (cdktf 0.21 synthesize/synthesizer.js synthesize: invokeAspects, then
 * runAllValidations; cdktn the same), so while one stack is checked the Aspects of the stacks after
 * it have not run. The stacks up to the asking one are final: the map reads again each holder an
 * Aspect may have changed there, and `settled` says which holders a check may compare now.
 */
export function appMap(root: IConstruct, asking?: object, stack?: TerraformStack): AppMap {
  let map = maps.get(root);
  if (!map || (asking && map.asked.has(asking))) maps.set(root, (map = build(root)));
  if (asking) map.asked.add(asking);
  if (stack) settleUpTo(map, stack);
  return map;
}

/** A holder's block is final: no Aspect can change it any more in this synth. */
export function settled(map: AppMap, holder: StateHolder): boolean {
  return !map.aspected.has(holder) || (map.position.get(holder.stack) ?? Infinity) <= map.settledUpTo;
}

/** Reads again, and files again, the holders an Aspect may have changed in the stacks up to `stack`. */
function settleUpTo(map: AppMap, stack: TerraformStack): void {
  const to = map.position.get(stack) ?? -1;
  if (to <= map.settledUpTo) return;
  if (map.aspected.size > 0) {
    for (let i = map.settledUpTo + 1; i <= to; i++) {
      for (const holder of map.byStack.get(map.stacks[i]) ?? []) {
        if (!map.aspected.has(holder)) continue;
        map.index.remove(holder);
        map.addresses.delete(holder);
        index(map, holder);
      }
    }
  }
  map.settledUpTo = to;
}

function build(root: IConstruct): AppMap {
  const stacks: TerraformStack[] = [];
  const map: AppMap = {
    holders: [],
    index: new AddressIndex(),
    stacks,
    position: new Map(),
    byStack: new Map(),
    addresses: new Map(),
    aspected: new Set(),
    settledUpTo: -1,
    asked: new Set(),
    synth: runningSynth(root),
  };
  const backends = new Map<TerraformStack, TerraformBackend[]>();
  // Stacks whose Aspects may change a block: synthesizing a stack, cdktf (cdktn too) runs the Aspects of its
  // constructs and the scopes above (synthesize/synthesizer.js invokeAspects); one may change any construct.
  const aspectedStacks = new Set<TerraformStack>();
  let everyStack = false;
  for (const c of root.node.findAll()) {
    if (Aspects.of(c).all.length > 0) {
      const stack = c.node.scopes.find((s) => TerraformStack.isStack(s)) as TerraformStack | undefined;
      if (stack) aspectedStacks.add(stack);
      else everyStack = true;
    }
    if (TerraformStack.isStack(c)) {
      map.position.set(c, stacks.length);
      stacks.push(c);
    } else if (TerraformBackend.isBackend(c)) {
      const stack = TerraformStack.of(c);
      backends.set(stack, [...(backends.get(stack) ?? []), c]);
    }
  }
  for (const stack of stacks) {
    const found = backends.get(stack) ?? [];
    const held = found.flatMap((b) => (ours.has(b) ? [ours.get(b)!] : []));
    const named = new Set(found.map((b) => backendName(b)));
    const overridden = Object.keys(stackOverrides(stack).terraform?.backend ?? {}).filter((n) => !named.has(n));
    for (const name of [...named, ...overridden]) {
      if (held.some((h) => h.backend === name) || !STORES.some((s) => s.backend === name)) continue;
      held.push(foreignHolder(stack, name, found.find((b) => backendName(b) === name)));
    }
    map.byStack.set(stack, held);
    for (const holder of held) place(map, holder, everyStack || aspectedStacks.has(stack));
  }
  return map;
}

function place(map: AppMap, holder: StateHolder, aspected: boolean): void {
  map.holders.push(holder);
  if (aspected) map.aspected.add(holder);
  index(map, holder);
}

function index(map: AppMap, holder: StateHolder): void {
  const addresses = holder.addresses();
  map.addresses.set(holder, addresses);
  for (const address of addresses) map.index.add(address, holder);
}

/**
 * A holder's addresses as the map of the running `app.synth()` read them once final (no Aspect can change its
 * block any more), else undefined; for what runs after the stacks are written (the state map).
 */
export function addressesThisSynth(holder: StateHolder): readonly StateAddress[] | undefined {
  const root = holder.construct.node.root;
  const map = maps.get(root);
  const run = runningSynth(root);
  if (!map || !run || map.synth !== run || !settled(map, holder)) return undefined;
  return map.addresses.get(holder);
}

/** A holder's addresses as the map read them. */
export function addressesIn(map: AppMap, holder: StateHolder): readonly StateAddress[] {
  return map.addresses.get(holder) ?? holder.addresses();
}

/**
 * The holders whose addresses may meet `address`'s (address/address-index.ts). For a store with
 * lock table rows (OSS with TableStore) also those whose object is one digest suffix apart: a lock
 * row is `<bucket>/<object>` and a digest row `<bucket>/<object><suffix>`, so with every part in
 * the code only such objects' rows can meet (every workspace's object keeps the default one's
 * relation: the workspace sits before the key).
 */
export function candidatesFor(map: AppMap, address: StateAddress): StateHolder[] {
  const suffix = address.layout.lockRows?.digestSuffix;
  const objects = suffix === undefined ? undefined : (o: string) => [o, `${o}${suffix}`, ...(o.endsWith(suffix) ? [o.slice(0, -suffix.length)] : [])];
  return [...map.index.candidates(address, objects)];
}

/** What a backend's run completes: keys given at init, and the config files' values by file name (tool keys). */
export interface RunValues {
  readonly fromInit: ReadonlySet<string>;
  readonly files: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

/**
 * A backend of this library as the state map holds it: its addresses from what it emits now
 * (`emitted`, overrides merged in), the block alone and with each config file.
 */
export function backendHolder(
  construct: IConstruct,
  store: Store,
  target: ParsedTarget,
  emitted: () => Record<string, unknown>,
  run: () => RunValues,
): StateHolder {
  const stack = TerraformStack.of(construct);
  return {
    construct,
    stack,
    backend: store.backend,
    ours: true,
    addresses: () => {
      const attributes = resolveIn(stack, emitted());
      const scope = stackScope(stack);
      const { fromInit, files } = run();
      const read = (file?: string, values: Readonly<Record<string, unknown>> = {}) => stateAddress(store.backend, store.layout, store.fields, {
        attributes: { ...attributes, ...values }, fromInit, fromFile: new Set(Object.keys(values)), file, scope,
      }, target);
      return [read(), ...[...files].map(([name, values]) => read(`${name}.tfbackend`, values))];
    },
  };
}

/**
 * A backend block this library did not make: cdktf's own backend construct (what it synthesizes,
 * its overrides included), or a block the stack's overrides add; the stack's overrides of it apply
 * last, as cdktf merges them into the stack's output.
 */
function foreignHolder(stack: TerraformStack, name: string, construct: TerraformBackend | undefined): StateHolder {
  const store = STORES.find((s) => s.backend === name)!;
  return {
    construct: construct ?? stack,
    stack,
    backend: name,
    ours: false,
    addresses: () => {
      const own = construct ? (construct.toTerraform() as any).terraform?.backend?.[name] : {};
      const block = deepMerge({}, own ?? {}, stackOverrides(stack).terraform?.backend?.[name] ?? {});
      const attributes = resolveIn(stack, block) as Record<string, unknown>;
      // A key the tool does not have: it refuses the block ("unexpected attribute"), so the stack names no object.
      const target = targetOf(stack);
      if (Object.keys(attributes).some((k) => !store.fields.some((f) => keyFor(f, target.tool) === k))) return [];
      return [stateAddress(name, store.layout, store.fields, { attributes, scope: stackScope(stack) }, target)];
    },
  };
}

/**
 * A stack's state objects, per backend: the block alone, then with each config file, each part
 * marked by where it comes from (address/address-model.ts). Read from the tree as it is now, for a
 * report of the app's state objects.
 */
export function stateObjectsOf(stack: TerraformStack): ReadonlyArray<{ readonly holder: StateHolder; readonly addresses: readonly StateAddress[] }> {
  return (build(stack.node.root).byStack.get(stack) ?? []).map((holder) => ({ holder, addresses: holder.addresses() }));
}

/** A state object of a stack as a report shows it (issue 39's state map). */
export interface StateObjectRow {
  /** The backend's path (the stack's, for a block its overrides add), and its name. */
  readonly path: string;
  readonly backend: string;
  readonly ours: boolean;
  /** The config file merged with the block (`prod.tfbackend`), or undefined for the block alone. */
  readonly file?: string;
  /** `bucket="acme" region=<TENCENTCLOUD_REGION>`: run-decided parts shown by what gives them. */
  readonly container: string;
  /** The object of the default workspace, and of any other (`<workspace>` in the pattern). */
  readonly defaultObject: string;
  readonly workspaceObject: string;
  /** The parts the run decides: the key, where it comes from, and what gives it (env vars, `var.<name>`). */
  readonly fromRun: ReadonlyArray<{ readonly key: string; readonly source: string; readonly names: readonly string[] }>;
}

/** A stack's state objects as rows (`stateObjectsOf`, shown). */
export function stateObjectRows(stack: TerraformStack): StateObjectRow[] {
  return stateObjectsOf(stack).flatMap(({ holder, addresses }) => addresses.map((a) => ({
    path: holder.construct.node.path,
    backend: holder.backend,
    ours: holder.ours,
    file: a.file,
    container: showContainer(a),
    defaultObject: showObject(a, undefined),
    workspaceObject: showObject(a, ANY_WORKSPACE),
    fromRun: [...a.parts.values()]
      .filter((p) => p.source !== 'literal' && p.source !== 'default')
      .map((p) => ({
        key: p.key,
        source: p.source,
        names: p.env ?? [...a.runValues.entries()].filter(([id]) => p.text.includes(id)).flatMap(([, v]) => v.names),
      })),
  })));
}
