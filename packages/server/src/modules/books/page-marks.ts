// Deep pages of the catalogue without reading every book before them. GET /book/all pages by
// number (the contract's), and page 11,250 of the default order is OFFSET 90,000: each skipped
// book is read, so a deep page costs more the larger the shop. A page mark is the sort key of
// every MARK_EVERY-th book of one ordering (its filters and sort): a deep page starts at the
// mark before it and skips fewer than MARK_EVERY books. Marks hold for one catalogue version
// (migration 0020), and the page's own statement reads the version: a page read through marks
// of another version is read again without them (and the marks are built anew, after the
// answer). So every page is exact, on every instance, with no message between them.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../shared/context.js';

export const MARK_EVERY = 256;
/** The orderings one server keeps marks for (the oldest built goes first). */
const MAX_ORDERINGS = 64;

/** One key of an ordering's sort, and the type its text (how marks keep it) is read back as. */
export interface SortKey {
  expression: RawBuilder<unknown>;
  type: 'timestamptz' | 'bigint' | 'text';
}

/** The marks of one ordering: `keys[i]` holds the sort keys, then the id, of the book at position i * MARK_EVERY. */
interface Marks {
  version: string;
  keys: string[][];
}

/** Where a page read through a mark starts: the mark's book, at `position` of the ordering. */
export interface Mark {
  version: string;
  position: number;
  values: string[];
}

interface Store {
  marks: Map<string, Marks>;
  building: Map<string, Promise<void>>;
}

const stores = new WeakMap<Db, Store>();
const storeOf = (db: Db): Store => {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = { marks: new Map(), building: new Map() }));
  return store;
};

/** The last mark at or before `offset` in the ordering, if its marks are built. */
export function markBefore(db: Db, ordering: string, offset: number): Mark | undefined {
  const marks = storeOf(db).marks.get(ordering);
  if (!marks || marks.keys.length === 0) return undefined;
  const index = Math.min(Math.floor(offset / MARK_EVERY), marks.keys.length - 1);
  return { version: marks.version, position: index * MARK_EVERY, values: marks.keys[index]! };
}

/**
 * Builds the ordering's marks after the answer that asked for them (one build per ordering at
 * a time). `seen` is the mark that answer found stale, or undefined when it found none: marks
 * built since it looked (while its page was read) are kept, not thrown away and built again
 * (a build ended during every next page's read, and each page then waited behind another).
 * `numbered` answers every MARK_EVERY-th book's keys with the catalogue version, read in one
 * statement (one snapshot). A build that fails leaves no marks: deep pages skip every row, as
 * they did before marks, and the next one builds again.
 */
export function buildMarks(db: Db, ordering: string, seen: Mark | undefined, numbered: () => Promise<{ version: string; keys: string[] }[]>): void {
  const store = storeOf(db);
  const current = store.marks.get(ordering);
  if (current && current.version !== seen?.version) return;
  store.marks.delete(ordering);
  if (store.building.has(ordering)) return;
  const build = (async () => {
    const rows = await numbered();
    if (rows.length === 0) return;
    store.marks.set(ordering, { version: rows[0]!.version, keys: rows.map((row) => row.keys) });
    if (store.marks.size > MAX_ORDERINGS) store.marks.delete(store.marks.keys().next().value!);
  })()
    .catch(() => {})
    .finally(() => store.building.delete(ordering));
  store.building.set(ordering, build);
}

/** Resolves once every build under way has ended (tests wait for marks with it). */
export async function marksBuilt(db: Db): Promise<void> {
  await Promise.all(storeOf(db).building.values());
}

/**
 * The books at or after the mark's in an ordering by `keys` (each ascending, or each
 * descending with `descending`), then the id ascending. The first key's bound alone lets the
 * sort's index start its scan at the mark.
 */
export function atOrAfter(keys: readonly SortKey[], descending: boolean, mark: Mark): RawBuilder<boolean> {
  const after = sql.raw(descending ? '<' : '>');
  const value = (i: number) => sql`cast(${mark.values[i]} as ${sql.raw(keys[i]!.type)})`;
  let condition: RawBuilder<boolean> = sql`id >= cast(${mark.values[keys.length]} as uuid)`;
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    condition = sql`(${keys[i]!.expression} ${after} ${value(i)} or (${keys[i]!.expression} = ${value(i)} and ${condition}))`;
  }
  return sql`(${keys[0]!.expression} ${sql.raw(descending ? '<=' : '>=')} ${value(0)} and ${condition})`;
}
