import { displayText, hasSymbol, identityText, symbol, symbolsIn } from './address-symbols';
import { ANY_WORKSPACE, StateAddress } from './state-objects';

/*
 * Comparing two state addresses (state-objects.ts) as the tools would name their objects in one
 * run: every value of the run they read (env vars, OpenTofu variables) is assigned alike for both,
 * each part normalised as the store's layout says, and the objects of the default and of every
 * other workspace compared.
 */

/** How one address reads once the run's env vars are known: `assigned` maps an env symbol's identity to a value (undefined: unset). */
interface Materialized {
  /** Each key's value as the tool names storage with it (normalised). */
  readonly values: Readonly<Record<string, string>>;
  readonly container: string;
  readonly objectAt: (workspace: string | undefined) => string;
}

function materialize(address: StateAddress, assigned: ReadonlyMap<string, string | undefined>): Materialized | undefined {
  const values: Record<string, string> = {};
  for (const [key, part] of address.parts) {
    let text = part.text;
    for (const s of symbolsIn(text)) {
      if (!assigned.has(s.identity)) continue;
      const v = assigned.get(s.identity);
      // Not given, the tool's or the variable's default applies; without one the run fails (no object).
      const replacement = v ?? address.runValues.get(s.identity)?.unset;
      if (replacement === undefined) return undefined;
      text = text.split(s.whole).join(replacement);
    }
    values[key] = text;
  }
  for (const n of address.layout.normalise ?? []) {
    const inputs = [n.key, ...(n.reads ?? [])];
    // A symbol of the run in the key itself: the tool's function of it, as a symbol of its own; one in
    // what it reads: the function sees the symbol as opaque text (a metadata host wins over any name).
    const own = hasSymbol(values[n.key]) && !(n.reads ?? []).some((k) => hasSymbol(values[k]));
    values[n.key] = own
      ? symbol(displayText(values[n.key]), `${n.key}(${inputs.map((k) => identityText(values[k])).join(',')})`)
      : n.apply(values, address.target);
  }
  const { layout } = address;
  const container = [...(layout.namespace ?? []), ...layout.container].map((k) => `${k}=${JSON.stringify(identityText(values[k]))}`).join(' ');
  const object: Record<string, string> = {};
  for (const k of layout.object) object[k] = values[k];
  return { values, container, objectAt: (ws) => identityText(layout.objectName(object, ws === 'default' ? undefined : ws)) };
}

/**
 * How an address is found among many: `never` where a part is unknown (it meets no other), its
 * default workspace's object where only the code names it (two addresses that meet at all meet
 * there), `run` where a value of the run decides a part (compared with every address of its bucket).
 */
export function indexOf(address: StateAddress): { readonly never: true } | { readonly object: string } | { readonly run: true } {
  if ([...address.parts.values()].some((p) => symbolsIn(p.text).some((s) => s.identity.startsWith('unknown#')))) return { never: true };
  if (address.runValues.size > 0) return { run: true };
  const m = materialize(address, new Map());
  return m ? { object: `${m.container}\n${m.objectAt(undefined)}` } : { never: true };
}

/** An env var's value under which two addresses meet (undefined: the run leaves it unset). */
export interface EnvCondition {
  readonly vars: readonly string[];
  readonly value: string | undefined;
  /** Every value under which they meet (undefined: unset). */
  readonly values?: ReadonlyArray<string | undefined>;
}

/** How two addresses share an object: in every workspace or the default one only, in every run or some. */
export interface Sharing {
  readonly workspaces: 'every' | 'default';
  readonly runs: 'every' | 'some';
  /** For `some`: the env vars' values under which they meet. */
  readonly when: readonly EnvCondition[];
}

/**
 * Whether two addresses name one object in one run (both stacks with one environment and one
 * workspace). Every env var they read is tried unset, set to a value neither names, and set to each
 * value the other address names for that part.
 */
export function sharing(a: StateAddress, b: StateAddress): Sharing | undefined {
  if (a.backend !== b.backend) return undefined;
  // Each value the run gives: left out, one neither names (the same for both), and each value that
  // makes one's part the other's literal text.
  const envs = new Map<string, { vars: readonly string[]; candidates: Set<string | undefined>; own?: boolean }>();
  for (const [self, other] of [[a, b], [b, a]] as const) {
    // (a part only a normalisation reads, such as a metadata host or an endpoint, is taken as the run
    // leaves it, unset: set, it sends every stack of the run to one place, which no pair is about)
    const shown = new Set([...self.layout.container, ...(self.layout.namespace ?? []), ...self.layout.object]);
    for (const [id, value] of self.runValues) {
      const own = [...self.parts.values()].some((p) => shown.has(p.key) && symbolsIn(p.text).some((s) => s.identity === id));
      const candidates = envs.get(id)?.candidates ?? new Set<string | undefined>([undefined]);
      if (own) candidates.add(symbol(`<${value.names.join(' or ')}>`, `fresh:${id}`));
      envs.set(id, { vars: value.names, candidates, own: own || envs.get(id)?.own });
    }
    // (the other's value as written, and as the tool names storage with it: a COS endpoint's region)
    const normalised = materialize(other, new Map([...other.runValues.keys()].map((id) => [id, undefined])))?.values ?? {};
    for (const [key, part] of self.parts) {
      const only = symbolsIn(part.text);
      if (!shown.has(key) || only.length !== 1 || !self.runValues.has(only[0].identity)) continue;
      const at = part.text.indexOf(only[0].whole);
      const [before, after] = [part.text.slice(0, at), part.text.slice(at + only[0].whole.length)];
      for (const theirs of [other.parts.get(key)?.text, normalised[key]]) {
        if (theirs === undefined || hasSymbol(theirs) || theirs.length < before.length + after.length) continue;
        const value = theirs.slice(before.length, theirs.length - after.length);
        if (theirs.startsWith(before) && theirs.endsWith(after)) envs.get(only[0].identity)!.candidates.add(value);
      }
    }
  }
  const ids = [...envs.keys()];
  const fresh = (v: string | undefined) => v?.startsWith('\u0003') === true;
  let every = true;
  let onlyDefault = false;
  const met: Array<{ workspaces: 'every' | 'default'; values: Array<string | undefined> }> = [];
  for (const values of assignments(ids.map((id) => [...envs.get(id)!.candidates]))) {
    const assigned = new Map(ids.map((id, i) => [id, values[i]]));
    const [x, y] = [materialize(a, assigned), materialize(b, assigned)];
    if (!x || !y) continue;
    const meet = x.container !== y.container ? undefined
      : x.objectAt(ANY_WORKSPACE) === y.objectAt(ANY_WORKSPACE) ? 'every'
        : x.objectAt(undefined) === y.objectAt(undefined) ? 'default' : undefined;
    if (!meet) {every = false;} else {
      if (meet === 'default') onlyDefault = true;
      met.push({ workspaces: meet, values });
    }
  }
  if (met.length === 0) return undefined;
  if (every) return { workspaces: onlyDefault ? 'default' : 'every', runs: 'every', when: [] };
  // The most concrete run they meet in (a value neither names stands for "the same for both",
  // which one run always is), and for each env var every value that meets with the others as there.
  const rank = (m: (typeof met)[number]) => (m.workspaces === 'every' ? 0 : 1000) + 10 * m.values.filter(fresh).length;
  const best = [...met].sort((p, q) => rank(p) - rank(q))[0];
  const when: EnvCondition[] = [];
  ids.forEach((id, i) => {
    const alike = met.filter((m) => m.workspaces === best.workspaces && m.values.every((v, j) => j === i || v === best.values[j]));
    const values = [...new Set(alike.map((m) => m.values[i]))];
    // (a part only a normalisation reads, left unset as runs leave it, is no condition worth naming)
    const usual = !envs.get(id)!.own && values.every((v) => v === undefined);
    if (!values.some(fresh) && !usual) when.push({ vars: envs.get(id)!.vars, value: values[0], values });
  });
  return { workspaces: best.workspaces, runs: 'some', when };
}

function* assignments(choices: ReadonlyArray<ReadonlyArray<string | undefined>>): Generator<Array<string | undefined>> {
  if (choices.length === 0) {
    yield [];
    return;
  }
  for (const first of choices[0]) for (const rest of assignments(choices.slice(1))) yield [first, ...rest];
}
