// The books of the sales report kept in memory (issue 32): a year's report sums some 440,000
// day-book rows at a large shop, and grouping them in SQL took ~850 ms. Each instance keeps the
// book rows of every day's shard (migration 0022) it has read, as typed arrays, under the
// shard's version; the report reads the range's shards and versions in its own snapshot, loads
// only the shards it lacks or holds at another version, and sums in JS. A version is a new
// number from a sequence at every change of the shard's books, so a shard held at the version
// the snapshot shows is exactly what the database holds: exact on any number of instances,
// without being told of writes. Memory: at most MAX_ENTRIES rows (28 bytes each, about 56 MB),
// the shards read longest ago dropped first, plus one id and title per book and title sold.
import { sql } from 'kysely';
import type { Db, Tx } from '../../shared/context.js';

/** Book rows held at most, over every shard: a year of a large shop (~440,000) four times over. */
export const MAX_ENTRIES = 2_000_000;

/** A day's shard as the database holds it at `version`: its rows, by interned (book, title) pair. */
interface ShardBooks {
  version: string;
  pairs: Int32Array;
  copies: Float64Array;
  revenue: Float64Array;
  discounts: Float64Array;
}

/** A day's shard of the figures and its version, as the report's snapshot shows them. */
export interface ShardVersion {
  day: string;
  shard: number;
  version: string;
}

/** A book's sums over the range, and the titles it was sold under (their sums not zero). */
export interface BookSums {
  bookId: string;
  titles: string[];
  copies: number;
  revenue: number;
  discounts: number;
}

export class SalesBooks {
  readonly #shards = new Map<string, ShardBooks>();
  #entries = 0;
  readonly #pairKeys = new Map<string, number>();
  readonly #pairBook: number[] = [];
  readonly #pairTitle: string[] = [];
  readonly #bookKeys = new Map<string, number>();
  readonly #bookIds: string[] = [];

  /** Shards held, rows held: for the memory note and the tests. */
  get size() {
    return { shards: this.#shards.size, entries: this.#entries };
  }

  /**
   * The books' sums over the shards given, loading in `tx` (the caller's snapshot, in which it
   * read the versions) the shards not held at their version. Books whose sums are all zero (a
   * sale counted by one session, taken out by another) are left out, as is a title's.
   */
  async sums(tx: Tx | Db, shards: ShardVersion[]): Promise<BookSums[]> {
    const wanted = shards.map((s) => ({ key: `${s.day}/${s.shard}`, ...s }));
    const missing = wanted.filter((s) => this.#shards.get(s.key)?.version !== s.version);
    const loaded = missing.length > 0 ? await this.#load(tx, missing) : new Map<string, ShardBooks>();
    const pairCount = this.#pairBook.length;
    const copies = new Float64Array(pairCount);
    const revenue = new Float64Array(pairCount);
    const discounts = new Float64Array(pairCount);
    const touched: number[] = [];
    const seen = new Uint8Array(pairCount);
    for (const { key } of wanted) {
      const held = loaded.get(key) ?? this.#shards.get(key)!;
      for (let i = 0; i < held.pairs.length; i++) {
        const pair = held.pairs[i]!;
        if (!seen[pair]) {
          seen[pair] = 1;
          touched.push(pair);
        }
        copies[pair] = copies[pair]! + held.copies[i]!;
        revenue[pair] = revenue[pair]! + held.revenue[i]!;
        discounts[pair] = discounts[pair]! + held.discounts[i]!;
      }
    }
    const books = new Map<number, BookSums>();
    for (const pair of touched) {
      if (copies[pair] === 0 && revenue[pair] === 0 && discounts[pair] === 0) continue;
      const book = this.#pairBook[pair]!;
      let sums = books.get(book);
      if (!sums) books.set(book, (sums = { bookId: this.#bookIds[book]!, titles: [], copies: 0, revenue: 0, discounts: 0 }));
      sums.titles.push(this.#pairTitle[pair]!);
      sums.copies += copies[pair]!;
      sums.revenue += revenue[pair]!;
      sums.discounts += discounts[pair]!;
    }
    return [...books.values()];
  }

  async #load(tx: Tx | Db, shards: (ShardVersion & { key: string })[]): Promise<Map<string, ShardBooks>> {
    const keys = JSON.stringify(shards.map((s) => ({ d: s.day, s: s.shard })));
    const { rows } = await sql<{ day: string; shard: number; book_id: string; title: string; copies: string; revenue: string; discounts: string }>`
      select to_char(b.day, 'YYYY-MM-DD') as day, b.shard, b.book_id, b.title, b.copies, b.revenue_paisa as revenue, b.discounts_paisa as discounts
      from json_to_recordset(${keys}::json) as k (d date, s smallint)
      join sales_day_books b on b.day = k.d and b.shard = k.s`.execute(tx);
    const byShard = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.day}/${row.shard}`;
      const list = byShard.get(key);
      if (list) list.push(row);
      else byShard.set(key, [row]);
    }
    const loaded = new Map<string, ShardBooks>();
    for (const { key, version } of shards) {
      const list = byShard.get(key) ?? [];
      const held: ShardBooks = {
        version,
        pairs: Int32Array.from(list, (row) => this.#pair(row.book_id, row.title)),
        copies: Float64Array.from(list, (row) => Number(row.copies)),
        revenue: Float64Array.from(list, (row) => Number(row.revenue)),
        discounts: Float64Array.from(list, (row) => Number(row.discounts)),
      };
      loaded.set(key, held);
      this.#keep(key, held);
    }
    return loaded;
  }

  /** Holds a shard, the one read last at the end; drops the oldest while over the bound. */
  #keep(key: string, held: ShardBooks) {
    const before = this.#shards.get(key);
    if (before) {
      this.#entries -= before.pairs.length;
      this.#shards.delete(key);
    }
    this.#shards.set(key, held);
    this.#entries += held.pairs.length;
    for (const [oldest, shard] of this.#shards) {
      if (this.#entries <= MAX_ENTRIES || oldest === key) break;
      this.#shards.delete(oldest);
      this.#entries -= shard.pairs.length;
    }
  }

  #pair(bookId: string, title: string): number {
    const key = `${bookId}\u0000${title}`;
    let pair = this.#pairKeys.get(key);
    if (pair === undefined) {
      let book = this.#bookKeys.get(bookId);
      if (book === undefined) {
        book = this.#bookIds.length;
        this.#bookIds.push(bookId);
        this.#bookKeys.set(bookId, book);
      }
      pair = this.#pairBook.length;
      this.#pairBook.push(book);
      this.#pairTitle.push(title);
      this.#pairKeys.set(key, pair);
    }
    return pair;
  }
}

/** The best sellers' candidates: the `count` highest revenues and every book tied with the last of them. */
export function bestSellerCandidates(books: BookSums[], count: number): BookSums[] {
  if (books.length <= count) return books;
  const revenues = Float64Array.from(books, (b) => b.revenue).sort();
  const least = revenues[revenues.length - count]!;
  return books.filter((b) => b.revenue >= least);
}
