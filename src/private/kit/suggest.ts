import { FieldSpec, FieldTable, keyFor, spellingsOf } from './schema';
import { ToolName } from '../target/target';

/*
 * The field an unknown key most likely meant: `buckt` is `bucket`, `lock_store_tabel` is
 * `lockStoreTable`, `tablestore_table` (the tool's key) is `tablestoreTable`. Keys are compared
 * without case, `_` and `-` (so a snake_case form is its spelling), by the number of one-character
 * edits (a swap of two neighbours counts one), against every spelling of a field and the tool's key.
 */

/** A field an unknown key is close to, and the spelling to suggest. */
export interface Suggestion {
  readonly field: FieldSpec;
  /** The field's spelling nearest to the key (valid in code and in a config file alike). */
  readonly spelling: string;
}

const normal = (s: string) => s.toLowerCase().replace(/[_-]/g, '');

/** The most edits a key may be from a field to be suggested: one for short names, two otherwise. */
const reach = (key: string) => (normal(key).length <= 4 ? 1 : 2);

/** The field `key` most likely meant, in table order on a tie, or undefined when none is close. */
export function suggestField(table: FieldTable, key: string, tool: ToolName): Suggestion | undefined {
  const wanted = normal(key);
  // The spellings first, then the tools' keys: a tie goes to a spelling (`tablestore_table` is `tablestoreTable`).
  const candidates = [
    ...table.fields.flatMap((field) => spellingsOf(field).map((spelling) => ({ field, spelling, form: spelling }))),
    ...table.fields.map((field) => ({ field, spelling: field.name, form: keyFor(field, tool) ?? '' })),
  ];
  let best: { suggestion: Suggestion; distance: number } | undefined;
  for (const { field, spelling, form } of candidates) {
    if (form === '') continue;
    const distance = editDistance(wanted, normal(form));
    if (distance <= reach(key) && (best === undefined || distance < best.distance)) best = { suggestion: { field, spelling }, distance };
  }
  return best?.suggestion;
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b` (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}
