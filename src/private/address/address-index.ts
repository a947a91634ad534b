import { fixedParts, meetsNone } from './address-compare';
import { StateAddress } from './state-objects';

/*
 * Finding, among every address of the app, the few that may name one object with a given one, in
 * time that grows with the app, not with its square (docs/adr/0005-address-index.md). Each address
 * is filed under its fixed parts (address-compare.ts fixedParts: each key of its container and its
 * default workspace's object, where no value of the run decides them): two addresses can meet only
 * where every part fixed in both is equal, whatever the run gives the others. Addresses fall into a
 * few shapes (which parts are fixed: usually all, or all but a bucket given at init); within a shape
 * the addresses are found by their fixed parts in one map look-up, and a query whose own fixed
 * parts are fewer looks them up in a map of just those parts, built once per shape and set of parts.
 * Only the pairs found are compared (address-compare.ts sharing), so the verdicts are those of
 * comparing every pair.
 */

/** The addresses of one store whose parts are fixed alike (`mask`), by their fixed parts. */
interface Shape<T> {
  readonly mask: readonly boolean[];
  readonly entries: Array<{ readonly parts: ReadonlyArray<string | undefined>; readonly item: T }>;
  /** By the text of the fixed parts a query shares with this shape (its mask as the map's key). */
  readonly byParts: Map<string, Map<string, T[]>>;
}

const maskKey = (mask: readonly boolean[]) => {
  let key = '';
  for (const b of mask) key += b ? '1' : '0';
  return key;
};
/** The parts `mask` marks, as one text (equal parts give equal texts; a text two part lists share only adds a candidate). */
const partsKey = (parts: ReadonlyArray<string | undefined>, mask: readonly boolean[]) => {
  let key = '';
  for (let i = 0; i < parts.length; i++) if (mask[i]) key += `${parts[i]}\u0001`;
  return key;
};

/** Items (backends) filed by their addresses. */
export class AddressIndex<T> {
  /** By store, then by mask. */
  private readonly shapes = new Map<string, Map<string, Shape<T>>>();

  /** Files `item` under `address` (an address that meets none is not filed). */
  public add(address: StateAddress, item: T): void {
    if (meetsNone(address)) return;
    const parts = fixedParts(address);
    const mask = parts.map((p) => p !== undefined);
    let byMask = this.shapes.get(address.backend);
    if (!byMask) this.shapes.set(address.backend, (byMask = new Map()));
    const key = maskKey(mask);
    let shape = byMask.get(key);
    if (!shape) byMask.set(key, (shape = { mask, entries: [], byParts: new Map() }));
    shape.entries.push({ parts, item });
    // (a map of this shape's parts exists once a query needed it: keep it whole)
    for (const [common, map] of shape.byParts) {
      const k = partsKey(parts, [...common].map((c) => c === '1'));
      const list = map.get(k);
      if (list) list.push(item);
      else map.set(k, [item]);
    }
  }

  /** Takes every address of `item` out of the index (its block changed: an Aspect ran). */
  public remove(item: T): void {
    for (const byMask of this.shapes.values()) {
      for (const shape of byMask.values()) {
        const kept = shape.entries.filter((e) => e.item !== item);
        if (kept.length === shape.entries.length) continue;
        shape.entries.length = 0;
        for (const e of kept) shape.entries.push(e);
        shape.byParts.clear();
      }
    }
  }

  /**
   * The items with an address that may meet `address`: every part fixed in both is equal. `objects`
   * gives other objects to look under besides the address's own (a lock row's digest row, OSS).
   */
  public candidates(address: StateAddress, objects?: (object: string) => readonly string[]): Set<T> {
    const found = new Set<T>();
    if (meetsNone(address)) return found;
    const mine = fixedParts(address);
    const last = mine.length - 1;
    const variants = mine[last] === undefined || !objects ? [mine] : objects(mine[last]!).map((o) => [...mine.slice(0, last), o]);
    for (const shape of this.shapes.get(address.backend)?.values() ?? []) {
      const common = shape.mask.map((fixed, i) => fixed && mine[i] !== undefined);
      const map = this.mapOf(shape, common);
      for (const parts of variants) {
        const items = map.get(partsKey(parts, common));
        if (items) for (const item of items) found.add(item);
      }
    }
    return found;
  }

  /** The shape's items by the parts `common` marks, built on first use. */
  private mapOf(shape: Shape<T>, common: readonly boolean[]): Map<string, T[]> {
    const key = maskKey(common);
    let map = shape.byParts.get(key);
    if (!map) {
      map = new Map();
      for (const { parts, item } of shape.entries) {
        const k = partsKey(parts, common);
        const list = map.get(k);
        if (list) list.push(item);
        else map.set(k, [item]);
      }
      shape.byParts.set(key, map);
    }
    return map;
  }
}
