import { ANY_WORKSPACE, StateAddress } from './state-objects';
import { UNKNOWN, displayText, hasSymbol, identityText, symbol, symbolsIn } from '../kit/address-symbols';
import { StateLayout } from '../kit/state-layout';

/*
 * Comparing two state addresses (state-objects.ts) as the tools would name their objects in one
 * run: every value of the run they read (env vars, OpenTofu variables) is assigned alike for both,
 * each part normalised as the store's layout says, and the objects of the default and of every
 * other workspace compared.
 */

/** The identity of `terraform.workspace` (backend-text.ts): the workspace init runs in, which each object is compared in. */
const WORKSPACE = 'terraform.workspace';
/**
 * A workspace name compared: not empty, and unchanged by Go's url.PathEscape (both tools,
 * command/workspace_command.go validWorkspaceName), so no "/" (a part that meets another only
 * through such a name meets it in no workspace); "." and "..", which the tools take and path
 * cleaning drops, are not tried (a workspace of that name is no one's).
 */
const WORKSPACE_NAME = /^(?!\.\.?$)[A-Za-z0-9\-_.~!$&'()*+,;=:@]+$/;

/** How one address reads in one run: `assigned` maps a run value's identity to a value (undefined: not given), in `workspace` (undefined: the default one). */
interface Materialized {
  /** Each key's value as the tool names storage with it (normalised). */
  readonly values: Readonly<Record<string, string>>;
  readonly container: string;
  readonly object: string;
}

function materialize(
  address: StateAddress, assigned: ReadonlyMap<string, string | undefined>, workspace: string | undefined,
): Materialized | undefined {
  const values = valuesIn(address, assigned, workspace);
  if (!values) return undefined;
  const { layout } = address;
  const container = [...(layout.namespace ?? []), ...layout.container].map((k) => `${k}=${JSON.stringify(identityText(values[k]))}`).join(' ');
  const object: Record<string, string> = {};
  for (const k of layout.object) object[k] = values[k];
  return { values, container, object: identityText(layout.objectName(object, workspace)) };
}

/**
 * Each key's value in one run (undefined: the run fails, a value it must give left out), normalised
 * as the tool names storage with it (only the keys of `normalised`, when given).
 */
function valuesIn(
  address: StateAddress, assigned: ReadonlyMap<string, string | undefined>, workspace: string | undefined, normalised?: ReadonlySet<string>,
): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const [key, part] of address.parts) {
    let text = part.text;
    // (a value given at init that the run leaves out is what the block leaves: an env var's symbol, read next)
    for (let pass = 0, changed = hasSymbol(text); changed && pass < 3; pass++) {
      changed = false;
      for (const s of symbolsIn(text)) {
        if (s.identity !== WORKSPACE && !assigned.has(s.identity)) continue;
        // Not given, the tool's or the variable's default applies; without one the run fails (no object).
        const replacement = s.identity === WORKSPACE ? workspace ?? 'default' : assigned.get(s.identity) ?? address.runValues.get(s.identity)?.unset;
        if (replacement === undefined) return undefined;
        text = text.split(s.whole).join(replacement);
        changed = true;
      }
    }
    values[key] = text;
  }
  for (const n of address.layout.normalise ?? []) {
    if (normalised && !normalised.has(n.key)) continue;
    // A value of the run the tool's function of which the code cannot name: that function, as a symbol of its own.
    values[n.key] = n.apply(values, address.target)
      ?? symbol(displayText(values[n.key]), `${n.key}(${[n.key, ...(n.reads ?? [])].map((k) => identityText(values[k])).join(',')})`);
  }
  return values;
}

/**
 * The object's name as the tool sends it, where the block's literals alone decide it and the tool's
 * normalisation changes it (an AzureRM key terraform 1.11+ reads as a URL): undefined otherwise.
 */
export function normalisedObject(address: StateAddress, workspace: string | undefined): string | undefined {
  const { layout } = address;
  const ofObject = (layout.normalise ?? []).filter((n) => layout.object.includes(n.key));
  if (ofObject.length === 0) return undefined;
  const read = [...layout.object, ...ofObject.flatMap((n) => n.reads ?? [])];
  if (read.some((k) => hasSymbol(address.parts.get(k)?.text ?? ''))) return undefined;
  const named = materialize(address, new Map(), workspace);
  if (!named || hasSymbol(named.object)) return undefined;
  return named.object;
}

/** An address with a part nothing names (an expression the code cannot fold): it meets no other. */
export function meetsNone(address: StateAddress): boolean {
  for (const p of address.parts.values()) {
    // (the identity's text is in the part's: a part without it holds no such symbol)
    if (p.text.includes(UNKNOWN) && hasSymbol(p.text) && symbolsIn(p.text).some((s) => s.identity.startsWith(UNKNOWN))) return true;
  }
  return false;
}

/**
 * The parts of an address no value of the run decides, as the tool names storage with them: each
 * key of the container, then the default workspace's object (address-index.ts indexes by them).
 * A part that a run value or the workspace decides (in its text or in what its normalisation
 * reads) is undefined: it may meet any value. Namespaces (a cloud, a universe) are left out: they
 * only part addresses the other parts already meet in.
 */
export function fixedParts(address: StateAddress): ReadonlyArray<string | undefined> {
  let parts = fixed.get(address);
  if (!parts) fixed.set(address, (parts = fixedPartsOf(address)));
  return parts;
}

/** An address's fixed parts, by address: an address is read once and queried many times. */
const fixed = new WeakMap<StateAddress, ReadonlyArray<string | undefined>>();

const NOTHING_ASSIGNED: ReadonlyMap<string, string | undefined> = new Map();

/** The keys fixedParts reads (the container's and the object's, and what their normalisations read), by layout. */
const indexed = new WeakMap<StateLayout, ReadonlySet<string>>();
function indexedKeys(layout: StateLayout): ReadonlySet<string> {
  let keys = indexed.get(layout);
  if (!keys) {
    const set = new Set([...layout.container, ...layout.object]);
    for (let size = -1; size !== set.size;) {
      size = set.size;
      for (const n of layout.normalise ?? []) if (set.has(n.key)) for (const k of n.reads ?? []) set.add(k);
    }
    indexed.set(layout, (keys = set));
  }
  return keys;
}

/** The other keys each key's normalisations read, by layout. */
const reading = new WeakMap<StateLayout, ReadonlyMap<string, readonly string[]>>();
function readsOf(layout: StateLayout): ReadonlyMap<string, readonly string[]> {
  let reads = reading.get(layout);
  if (!reads) {
    const map = new Map<string, string[]>();
    for (const n of layout.normalise ?? []) map.set(n.key, [...(map.get(n.key) ?? []), ...(n.reads ?? [])]);
    reading.set(layout, (reads = map));
  }
  return reads;
}

function fixedPartsOf(address: StateAddress): ReadonlyArray<string | undefined> {
  const { layout } = address;
  const reads = readsOf(layout);
  const symbolic = (k: string) => hasSymbol(address.parts.get(k)?.text ?? '');
  const decided = (key: string): boolean => symbolic(key) || (reads.get(key)?.some(symbolic) ?? false);
  const values = valuesIn(address, NOTHING_ASSIGNED, undefined, indexedKeys(layout))!;
  const container = layout.container.map((k) => (decided(k) ? undefined : identityText(values[k])));
  if (layout.object.some(decided)) return [...container, undefined];
  const object: Record<string, string> = {};
  for (const k of layout.object) object[k] = values[k];
  return [...container, identityText(layout.objectName(object, undefined))];
}

/** A run value's value under which two addresses meet (undefined: the run leaves it unset). */
export interface EnvCondition {
  /** The env vars or `var.<name>` that give it; none for a value given at init. */
  readonly vars: readonly string[];
  /** For a value given at init (`-backend-config=KEY=VALUE`): the tool key. */
  readonly init?: string;
  readonly value: string | undefined;
  /** Every value under which they meet (undefined: unset). */
  readonly values?: ReadonlyArray<string | undefined>;
}

/** How two addresses share an object: in every workspace, the default one or named ones only, in every run or some. */
export interface Sharing {
  readonly workspaces: 'every' | 'default' | 'named';
  /** For `named`: the workspaces (the values of `terraform.workspace` in a part) they meet in. */
  readonly named?: readonly string[];
  readonly runs: 'every' | 'some';
  /** For `some`: the run values under which they meet. */
  readonly when: readonly EnvCondition[];
  /**
   * The tool keys a part of either address takes from init (`-backend-config`): they meet when the
   * run gives them alike, or none where both leave the key to a default (`orNone`).
   */
  readonly init: ReadonlyArray<{ readonly key: string; readonly orNone: boolean }>;
}

const RANK = { every: 0, default: 1, named: 2 } as const;

/**
 * Whether two addresses name one object in one run (both stacks with one environment, one set of
 * values given at init, and one workspace). Every run value they read is tried unset, set to a value
 * neither names, and set to each value the other address names for that part; the workspace is tried
 * as the default one, one neither names, and each value of `terraform.workspace` the other spells.
 */
export function sharing(a: StateAddress, b: StateAddress): Sharing | undefined {
  if (a.backend !== b.backend) return undefined;
  // Each value the run gives: left out, one neither names (the same for both), and each value that
  // makes one's part the other's literal text.
  const envs = new Map<string, { vars: readonly string[]; init?: string; candidates: Set<string | undefined>; own?: boolean }>();
  const workspaces = new Set<string | undefined>([undefined, ANY_WORKSPACE]);
  for (const [self, other] of [[a, b], [b, a]] as const) {
    // (a part only a normalisation reads, such as a metadata host or an endpoint, is taken as the run
    // leaves it, unset: set, it sends every stack of the run to one place, which no pair is about)
    const shown = new Set([...self.layout.container, ...(self.layout.namespace ?? []), ...self.layout.object]);
    for (const [id, value] of self.runValues) {
      const own = [...self.parts.values()].some((p) => shown.has(p.key) && symbolsIn(p.text).some((s) => s.identity === id));
      const candidates = envs.get(id)?.candidates ?? new Set<string | undefined>([undefined]);
      if (own) candidates.add(symbol(`<${value.names.join(' or ')}>`, `fresh:${id}`));
      envs.set(id, { vars: value.names, init: value.init, candidates, own: own || envs.get(id)?.own });
    }
    // (the other's value as written, and as the tool names storage with it: a COS endpoint's region)
    const normalised = materialize(other, new Map([...other.runValues.keys()].map((id) => [id, undefined])), undefined)?.values ?? {};
    for (const [key, part] of self.parts) {
      const only = symbolsIn(part.text);
      if (!shown.has(key) || only.length !== 1 || !(self.runValues.has(only[0].identity) || only[0].identity === WORKSPACE)) continue;
      const at = part.text.indexOf(only[0].whole);
      const [before, after] = [part.text.slice(0, at), part.text.slice(at + only[0].whole.length)];
      for (const theirs of [other.parts.get(key)?.text, normalised[key]]) {
        if (theirs === undefined || hasSymbol(theirs) || theirs.length < before.length + after.length) continue;
        const value = theirs.slice(before.length, theirs.length - after.length);
        if (!theirs.startsWith(before) || !theirs.endsWith(after)) continue;
        if (only[0].identity !== WORKSPACE) envs.get(only[0].identity)!.candidates.add(value);
        else if (WORKSPACE_NAME.test(value)) workspaces.add(value === 'default' ? undefined : value);
      }
    }
  }
  const ids = [...envs.keys()];
  const fresh = (v: string | undefined) => v?.startsWith('\u0003') === true;
  const meets = (assigned: ReadonlyMap<string, string | undefined>, ws: string | undefined) => {
    const [x, y] = [materialize(a, assigned, ws), materialize(b, assigned, ws)];
    return x !== undefined && y !== undefined && x.container === y.container && x.object === y.object;
  };
  const ran = (assigned: ReadonlyMap<string, string | undefined>) => materialize(a, assigned, undefined) && materialize(b, assigned, undefined);
  let every = true;
  const met: Array<{ workspaces: keyof typeof RANK; named: string[]; values: Array<string | undefined> }> = [];
  for (const values of assignments(ids.map((id) => [...envs.get(id)!.candidates]))) {
    const assigned = new Map(ids.map((id, i) => [id, values[i]]));
    if (!ran(assigned)) continue;
    const named = [...workspaces].filter((w): w is string => w !== undefined && w !== ANY_WORKSPACE && meets(assigned, w));
    const where = meets(assigned, ANY_WORKSPACE) ? 'every' : meets(assigned, undefined) ? 'default' : named.length > 0 ? 'named' : undefined;
    if (!where) {every = false;} else {
      met.push({ workspaces: where, named, values });
    }
  }
  if (met.length === 0) return undefined;
  const init = ids.filter((id) => envs.get(id)!.init !== undefined && envs.get(id)!.own)
    .map((id) => ({ key: envs.get(id)!.init!, orNone: [a, b].every((x) => !x.runValues.has(id) || x.runValues.get(id)!.unset !== undefined) }));
  const worst = met.reduce((w, m) => (RANK[m.workspaces] > RANK[w.workspaces] ? m : w), met[0]);
  const namedOf = (ms: typeof met) => [...new Set(ms.flatMap((m) => (m.workspaces === 'named' ? m.named : [])))];
  if (every) return { workspaces: worst.workspaces, ...(worst.workspaces === 'named' ? { named: namedOf(met) } : {}), runs: 'every', when: [], init };
  // The most concrete run they meet in (a value neither names stands for "the same for both",
  // which one run always is), and for each run value every value that meets with the others as there.
  const rank = (m: (typeof met)[number]) => 1000 * RANK[m.workspaces] + 10 * m.values.filter(fresh).length;
  const best = [...met].sort((p, q) => rank(p) - rank(q))[0];
  const alikeBest = met.filter((m) => m.workspaces === best.workspaces);
  const when: EnvCondition[] = [];
  ids.forEach((id, i) => {
    const alike = alikeBest.filter((m) => m.values.every((v, j) => j === i || v === best.values[j]));
    const values = [...new Set(alike.map((m) => m.values[i]))];
    // (a part only a normalisation reads, left unset as runs leave it, is no condition worth naming)
    const usual = !envs.get(id)!.own && values.every((v) => v === undefined);
    const { vars, init: key } = envs.get(id)!;
    if (!values.some(fresh) && !usual) when.push({ vars, ...(key !== undefined ? { init: key } : {}), value: values[0], values });
  });
  return { workspaces: best.workspaces, ...(best.workspaces === 'named' ? { named: namedOf(alikeBest) } : {}), runs: 'some', when, init };
}

function* assignments(choices: ReadonlyArray<ReadonlyArray<string | undefined>>): Generator<Array<string | undefined>> {
  if (choices.length === 0) {
    yield [];
    return;
  }
  for (const first of choices[0]) for (const rest of assignments(choices.slice(1))) yield [first, ...rest];
}
