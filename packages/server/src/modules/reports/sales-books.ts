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

/** The books sold in a range: how many, and the best sellers' candidates. */
export interface RangeSums {
  booksSold: number;
  /** The `count` highest revenues and every book tied with the last of them. */
  best(count: number): BookSums[];
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
  readonly #pairsOfBook: number[][] = [];

  /** Shards held, rows held: for the memory note and the tests. */
  get size() {
    return { shards: this.#shards.size, entries: this.#entries };
  }

  /**
   * The books' sums over the shards given, loading in `tx` (the caller's snapshot, in which it
   * read the versions) the shards not held at their version. A (book, title) whose sums are all
   * zero (a sale counted by one session, taken out by another) is left out.
   */
  async sums(tx: Tx | Db, shards: ShardVersion[]): Promise<RangeSums> {
    const wanted = shards.map((s) => ({ key: `${s.day}/${s.shard}`, ...s }));
    const missing = wanted.filter((s) => this.#shards.get(s.key)?.version !== s.version);
    const loaded = missing.length > 0 ? await this.#load(tx, missing) : new Map<string, ShardBooks>();
    const pairCount = this.#pairBook.length;
    const pairs = { copies: new Float64Array(pairCount), revenue: new Float64Array(pairCount), discounts: new Float64Array(pairCount) };
    const touched = new Int32Array(pairCount);
    let touchedCount = 0;
    const seen = new Uint8Array(pairCount);
    for (const { key } of wanted) {
      const held = loaded.get(key) ?? this.#shards.get(key)!;
      for (let i = 0; i < held.pairs.length; i++) {
        const pair = held.pairs[i]!;
        if (!seen[pair]) {
          seen[pair] = 1;
          touched[touchedCount++] = pair;
        }
        addTo(pairs, pair, held, i);
      }
    }
    const bookCount = this.#bookIds.length;
    const books = { copies: new Float64Array(bookCount), revenue: new Float64Array(bookCount), discounts: new Float64Array(bookCount) };
    const sold = new Int32Array(bookCount);
    let soldCount = 0;
    const counted = new Uint8Array(bookCount);
    for (let n = 0; n < touchedCount; n++) {
      const pair = touched[n]!;
      if (pairs.copies[pair] === 0 && pairs.revenue[pair] === 0 && pairs.discounts[pair] === 0) continue;
      const book = this.#pairBook[pair]!;
      if (!counted[book]) {
        counted[book] = 1;
        sold[soldCount++] = book;
      }
      addTo(books, book, pairs, pair);
    }
    const sum = (book: number): BookSums => ({
      bookId: this.#bookIds[book]!,
      // Every title the book was sold under in the range: the report names it by the greatest.
      titles: this.#pairsOfBook[book]!.filter((pair) => pairs.copies[pair] !== 0 || pairs.revenue[pair] !== 0 || pairs.discounts[pair] !== 0).map((pair) => this.#pairTitle[pair]!),
      copies: books.copies[book]!,
      revenue: books.revenue[book]!,
      discounts: books.discounts[book]!,
    });
    return {
      booksSold: soldCount,
      best(count: number): BookSums[] {
        const list = sold.subarray(0, soldCount);
        if (soldCount <= count) return Array.from(list, sum);
        const least = nthHighest(list, books.revenue, count);
        return Array.from(list.filter((book) => books.revenue[book]! >= least), sum);
      },
    };
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
        this.#pairsOfBook.push([]);
        this.#bookKeys.set(bookId, book);
      }
      this.#pairsOfBook[book]!.push(this.#pairBook.length);
      pair = this.#pairBook.length;
      this.#pairBook.push(book);
      this.#pairTitle.push(title);
      this.#pairKeys.set(key, pair);
    }
    return pair;
  }
}


type Figures = { copies: Float64Array; revenue: Float64Array; discounts: Float64Array };

/** Adds the figures at `from[i]` to those at `into[at]`. */
function addTo(into: Figures, at: number, from: Figures, i: number) {
  into.copies[at] = into.copies[at]! + from.copies[i]!;
  into.revenue[at] = into.revenue[at]! + from.revenue[i]!;
  into.discounts[at] = into.discounts[at]! + from.discounts[i]!;
}

/** The `n`th highest of `values[i]` over the indexes `list` (longer than `n`): a min-heap of the `n` highest so far. */
function nthHighest(list: Int32Array, values: Float64Array, n: number): number {
  const heap = new Float64Array(n);
  for (let i = 0; i < n; i++) heap[i] = values[list[i]!]!;
  heap.sort();
  for (let i = n; i < list.length; i++) {
    const value = values[list[i]!]!;
    if (value <= heap[0]!) continue;
    // Replace the least and sift it down.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= n) break;
      const child = left + 1 < n && heap[left + 1]! < heap[left]! ? left + 1 : left;
      if (heap[child]! >= value) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = value;
  }
  return heap[0]!;
}
