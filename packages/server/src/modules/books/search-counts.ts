// The count of a search's matches without counting them on every page. A common word's exact
// count reads every book that holds it (the trigram index's candidates, each checked on its
// row): ten times the books, ten times the time, for every page of the same search. The count
// is kept here after the first page that counted it, with the catalogue version it was counted
// at (migration 0020's, moved in the transaction of every write that can change which books a
// search finds: a title, an author, a book added or deleted). A page's own statement reads the
// version and uses the kept count only when it is the same, so no page on any instance answers
// a count older than a write that committed before it began; else it counts again, and keeps
// that count.
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../shared/context.js';

/** The searches one server keeps counts for (the least recently used goes first). */
const MAX_KEPT = 1024;

interface Kept {
  version: bigint;
  total: number;
}

const stores = new WeakMap<Db, Map<string, Kept>>();
const storeOf = (db: Db): Map<string, Kept> => {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  return store;
};

/** The catalogue version as a column of the page's statement (read in its snapshot). */
export const catalogueVersionColumn = sql<string>`(select version::text from catalogue_version)`;

/**
 * The count of the search `key` names: the kept one when the catalogue is still at its
 * version, else `count` (evaluated only then: an uncorrelated subquery is run when the CASE
 * first needs it).
 */
export function searchTotal(db: Db, key: string, count: Expression<unknown>): RawBuilder<number> {
  const kept = storeOf(db).get(key);
  if (!kept) return sql<number>`(${count})`;
  return sql<number>`case when (select version from catalogue_version) = ${kept.version.toString()}::bigint then ${kept.total}::bigint else (${count}) end`;
}

/** Keeps the count a page answered at `version` (its statement's), unless a newer one is kept. */
export function keepSearchTotal(db: Db, key: string, version: string, total: number): void {
  const store = storeOf(db);
  const kept = store.get(key);
  const at = BigInt(version);
  if (kept && kept.version > at) return;
  store.delete(key);
  store.set(key, { version: at, total });
  if (store.size > MAX_KEPT) store.delete(store.keys().next().value!);
}
