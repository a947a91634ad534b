import { Sharing, sharing } from './address-compare';
import { StateAddress } from './state-objects';

/*
 * How two stacks' backends meet, over the runs that may init them (address-compare.ts compares
 * two addresses in one run). A run of linked stacks (deployed by one framework command) gives every
 * stack's init one environment, one workspace and one TF_CLI_ARGS_init: the same config file name
 * (each stack's own file of that name) or none. They name one object in every such run when each
 * choice both can init with meets in every run and workspace, and one of them without a value given
 * at init (a value a run may give each stack's init apart, by hand). Files of two names meet only
 * when two inits choose them.
 */

/** How two backends share an object. */
export interface Meeting {
  /** The addresses (the block alone, or with a config file) under which they meet. */
  readonly mine: StateAddress;
  readonly theirs: StateAddress;
  readonly how: Sharing;
  /** One object in every run of linked stacks. */
  readonly sure: boolean;
  /** The config files (undefined: none) a run may give both, under which they part in every run. */
  readonly partedBy: ReadonlyArray<string | undefined>;
}

const everyWay = (how: Sharing | undefined) => how !== undefined && how.runs === 'every' && how.workspaces === 'every';

/** The surest way the addresses of two backends meet, or undefined; `linked`: the stacks run together. */
export function meetingOf(
  mine: readonly StateAddress[], theirs: readonly StateAddress[], linked: boolean,
  compare: (x: StateAddress, y: StateAddress) => Sharing | undefined = sharing,
): Meeting | undefined {
  const byFile = (as: readonly StateAddress[]) => new Map(as.map((a) => [a.file, a]));
  const [m, t] = [byFile(mine), byFile(theirs)];
  // Each file name the run may give both (or none); a stack without that file fails its init.
  const choices = [...new Set([...m.keys(), ...t.keys()])].filter((f) => m.has(f) && t.has(f))
    .map((file) => ({ file, mine: m.get(file)!, theirs: t.get(file)!, how: compare(m.get(file)!, t.get(file)!) }));
  const surely = choices.filter((c) => everyWay(c.how) && c.how!.init.length === 0);
  const sure = linked && choices.length > 0 && choices.every((c) => everyWay(c.how)) && surely.length > 0;
  const met = surely[0] ?? choices.find((c) => everyWay(c.how)) ?? choices.find((c) => c.how !== undefined);
  if (met) {
    return { mine: met.mine, theirs: met.theirs, how: met.how!, sure, partedBy: choices.filter((c) => c.how === undefined).map((c) => c.file) };
  }
  // Files of two names (or one and none): two inits may choose them.
  for (const x of mine) {
    for (const y of theirs) {
      const how = x.file === y.file ? undefined : compare(x, y);
      if (how) return { mine: x, theirs: y, how, sure: false, partedBy: [] };
    }
  }
  return undefined;
}

/** The lock table's row of an address's digest (`<object><suffix>`), as an address of its own; undefined where it locks with no table. */
function rowsOf(address: StateAddress, digest: boolean): StateAddress | undefined {
  const rows = address.layout.lockRows;
  if (!rows || rows.table.some((k) => address.parts.get(k)?.text === '')) return undefined;
  const { objectName } = address.layout;
  return {
    ...address,
    layout: {
      ...address.layout,
      container: [...address.layout.container, ...rows.table],
      objectName: digest ? (v, ws) => objectName(v, ws) + rows.digestSuffix : objectName,
    },
  };
}

/**
 * Where one backend's lock row is the other's digest row in one lock table (OSS with TableStore):
 * the first backend locks with the row `<bucket>/<object>`, which the second writes with every
 * state as `<bucket>/<its object><suffix>`, so the first can never lock while that state exists.
 * `blocked` names the backend that cannot lock.
 */
export function lockRowMeeting(
  mine: readonly StateAddress[], theirs: readonly StateAddress[], linked: boolean,
): (Meeting & { readonly blocked: 'mine' | 'theirs' }) | undefined {
  for (const blocked of ['mine', 'theirs'] as const) {
    const compare = (x: StateAddress, y: StateAddress) => {
      const [lock, digest] = blocked === 'mine' ? [rowsOf(x, false), rowsOf(y, true)] : [rowsOf(x, true), rowsOf(y, false)];
      return lock && digest ? sharing(lock, digest) : undefined;
    };
    const met = meetingOf(mine, theirs, linked, compare);
    if (met) return { ...met, blocked };
  }
  return undefined;
}
