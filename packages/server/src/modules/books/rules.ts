// The storefront's catalogue: listing, filters, sorts and paging, books by author, best
// sellers; and a book as every module reads it (a book with its reviews).
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { BookRow, Database } from '../../db/schema.js';
import type { Db } from '../../shared/context.js';
import { notFound } from '../../shared/errors.js';
import { preparedQuery } from '../../shared/prepared-query.js';
import { escapeLike } from '../../shared/wire.js';
import { atOrAfter, buildMarks, markBefore, MARK_EVERY, type Mark, type SortKey } from './page-marks.js';
import { catalogueVersionColumn, keepSearchTotal, searchTotal } from './search-counts.js';

export const SORTS = ['', 'price', 'title', 'createdat', 'newestarrivals', 'newrelease', 'dealsanddiscount', 'awardwinner'] as const;
export type SortBy = (typeof SORTS)[number];
export const MAX_STOCK = 1_000_000;
/** No catalog holds two billion books: a page that starts further on is empty. */
const MAX_OFFSET = 2 ** 31;
/** From this length a search's matches are found once per page (listBooks). */
const ONE_SCAN_SEARCH = 10;

export interface ReviewView {
  id: string;
  book_id: string;
  user_id: string;
  username: string;
  stars: number;
  comment: string;
  created_at: Date;
}

/** A book with what the wire shows beside it. */
export interface BookWithReviews {
  book: BookRow;
  reviews: ReviewView[];
}

export interface BookListQuery {
  page: number;
  pageSize: number;
  sortBy: SortBy;
  sortDesc: boolean;
  genre?: string | undefined;
  search?: string | undefined;
  author?: string | undefined;
}

const DAY_MS = 86_400_000;
/** The sorts whose lists the clock changes (which books are new, which deals run). */
const CLOCK_SORTS = new Set<SortBy>(['newestarrivals', 'newrelease', 'dealsanddiscount']);
/** Each sort's keys, before the id every sort ends with; the filter-like sorts order by createdAt. */
const SORT_KEYS: Record<'price' | 'title' | 'createdat', SortKey[]> = {
  price: [
    { expression: sql`price_paisa`, type: 'bigint' },
    { expression: sql`lower(title)`, type: 'text' },
  ],
  title: [{ expression: sql`lower(title)`, type: 'text' }],
  createdat: [{ expression: sql`created_at`, type: 'timestamptz' }],
};

/** shared/pricing.ts's dealRunning as a filter, for the deals list (the same instants, both ends included). */
const saleRunningSql = (eb: ExpressionBuilder<Database, 'books'>, now: Date): Expression<SqlBool> =>
  eb.and([eb('is_on_sale', '=', true), eb('start_time', '<=', now), eb('end_time', '>=', now)]);

/**
 * One page of the catalog, as GET /book/all describes it. Filters combine with AND. Every
 * sort ends with the book id ascending, so paging never repeats or skips a book. sortDesc
 * flips the sort; the filter-like sorts order the books they keep by createdAt.
 */
export async function listBooks(db: Db, query: BookListQuery, now: Date): Promise<{ rows: BookWithReviews[]; total: number }> {
  type Filter = (eb: ExpressionBuilder<Database, 'books'>) => Expression<SqlBool>;
  const filters: Filter[] = [];
  const search = query.search?.trim();
  if (search) filters.push(searchFilter(db, search.toLowerCase()));
  const genre = query.genre?.trim();
  if (genre) filters.push((eb) => eb(sql`lower(genre)`, '=', genre.toLowerCase()));
  const author = query.author?.trim();
  if (author) filters.push((eb) => eb(sql`lower(author)`, '=', author.toLowerCase()));
  if (query.sortBy === 'newestarrivals') filters.push((eb) => eb('created_at', '>=', new Date(now.getTime() - 30 * DAY_MS)));
  if (query.sortBy === 'newrelease') filters.push((eb) => eb('created_at', '>=', new Date(now.getTime() - 90 * DAY_MS)));
  if (query.sortBy === 'dealsanddiscount') filters.push((eb) => saleRunningSql(eb, now));
  if (query.sortBy === 'awardwinner') filters.push((eb) => eb('award_winners', '=', true));
  const where = (eb: ExpressionBuilder<Database, 'books'>) => eb.and(filters.map((filter) => filter(eb)));
  const offset = (query.page - 1) * query.pageSize;
  const direction = sql.raw(query.sortDesc ? 'desc' : 'asc');
  const keys = SORT_KEYS[query.sortBy === 'price' || query.sortBy === 'title' ? query.sortBy : 'createdat'];
  const order = sql.join([...keys.map((key) => sql`${key.expression} ${direction}`), sql`id asc`]);
  // The whole catalogue's count and each genre's are kept by triggers (migration 0017): no count
  // of every book (or every book of a genre) per page.
  const count =
    filters.length === 0
      ? db.selectFrom('shop_totals').select(sql<number>`coalesce(sum(books), 0)`.as('total'))
      : filters.length === 1 && genre
        ? db.selectFrom('book_genre_totals').where('genre_key', '=', genre.toLowerCase()).select(sql<number>`coalesce(sum(books), 0)`.as('total'))
        : db.selectFrom('books').where(where).select((eb) => eb.fn.countAll<number>().as('total'));
  // A search's count is kept for the catalogue version it was counted at (search-counts.ts); not
  // the clock's lists (the clock changes which books they hold).
  const counted = search && !CLOCK_SORTS.has(query.sortBy) ? JSON.stringify([search.toLowerCase(), query.sortBy === 'awardwinner', genre?.toLowerCase(), author?.toLowerCase()]) : undefined;
  // A deep page of an ordering that depends on the stored books only (not on a search nor the
  // clock) starts at its page mark (page-marks.ts), when they are built.
  const ordering =
    !search && !CLOCK_SORTS.has(query.sortBy) && offset >= MARK_EVERY
      ? JSON.stringify([query.sortBy === 'price' || query.sortBy === 'title' ? query.sortBy : 'createdat', query.sortDesc, query.sortBy === 'awardwinner', genre?.toLowerCase(), author?.toLowerCase()])
      : undefined;
  // One round trip: the page's books, the count of every match (computed once), and the
  // reviews of the page's books only. The rows skipped to reach the page are ids only (an
  // index-only scan for the default order), the page's 8 or so read whole after. The page is
  // ordered again outside: only ORDER BY promises an order. Read through a mark (only then), the
  // same statement reads the catalogue version, to check the mark's.
  // A search of ONE_SCAN_SEARCH characters or more has few matches, and each trigram index scan
  // of it reads the index's long entries for its many trigrams: its matches are found once (a
  // materialized CTE), then counted and paged. A shorter one (a word in many books) is counted
  // with the index and paged by walking the sort's index, which stops at the page.
  const once = search !== undefined && search.length >= ONE_SCAN_SEARCH;
  const read = (mark: Mark | undefined) => {
    const ids = once
      ? db.selectFrom(sql<Pick<BookRow, 'id' | 'created_at' | 'price_paisa' | 'title'>>`matches`.as('books')).select('id')
      : db
          .selectFrom('books')
          .where(where)
          .$if(mark !== undefined, (qb) => qb.where(atOrAfter(keys, query.sortDesc, mark!)))
          .select('id');
    const paged = ids
      .orderBy(order)
      .limit(query.pageSize)
      .offset(offset - (mark?.position ?? 0));
    const page = db.selectFrom(paged.as('page')).innerJoin('books', 'books.id', 'page.id').selectAll('books');
    const matched = once ? sql<number>`(select count(*) from matches)` : count;
    const total = counted ? searchTotal(db, counted, matched) : matched;
    const root = once
      ? (db.with(
          (cte) => cte('matches').materialized(),
          (qc) => qc.selectFrom('books').where(where).select(['id', 'created_at', 'price_paisa', 'title']),
        ) as unknown as Db)
      : db;
    return root
      .selectFrom(page.as('books'))
      .selectAll('books')
      .select([total.as('total'), reviewsColumn(db)])
      .$if(mark !== undefined || counted !== undefined, (qb) => qb.select(catalogueVersionColumn.as('catalogue_version')))
      .orderBy(order)
      .execute();
  };
  // A page past any shop's end (its offset would not even fit the database's integers) is empty.
  const mark = ordering && offset <= MAX_OFFSET ? markBefore(db, ordering, offset) : undefined;
  let rows = offset > MAX_OFFSET ? [] : await read(mark);
  const stale = mark !== undefined && rows.length > 0 && rows[0]!.catalogue_version !== mark.version;
  // Marks of another catalogue, or no book after the mark (past the end, or the catalogue
  // shrank since): read as if there were none.
  if (mark && (stale || rows.length === 0)) rows = await read(undefined);
  if (ordering && offset <= MAX_OFFSET && (!mark || stale)) {
    const numbered = db
      .selectFrom('books')
      .where(where)
      .select([sql<string[]>`array[${sql.join([...keys.map((key) => sql`${key.expression}::text`), sql`id::text`])}]`.as('keys'), sql<number>`row_number() over (order by ${order}) - 1`.as('n')]);
    buildMarks(db, ordering, mark, () =>
      db
        .selectFrom(numbered.as('numbered'))
        .select(['keys', catalogueVersionColumn.as('version')])
        .where(sql`n % ${MARK_EVERY}`, '=', 0)
        .orderBy('n')
        .execute(),
    );
  }
  if (rows.length > 0) {
    if (counted) keepSearchTotal(db, counted, rows[0]!.catalogue_version!, Number(rows[0]!.total));
    return { rows: rows.map(({ total: _total, catalogue_version: _version, ...row }) => splitReviews(row)), total: Number(rows[0]!.total) };
  }
  // Past the last page, or nothing matches: only the count is asked for.
  if (!counted) return { rows: [], total: Number((await count.executeTakeFirstOrThrow()).total) };
  const answer = await db.selectNoFrom([searchTotal(db, counted, count).as('total'), catalogueVersionColumn.as('catalogue_version')]).executeTakeFirstOrThrow();
  keepSearchTotal(db, counted, answer.catalogue_version, Number(answer.total));
  return { rows: [], total: Number(answer.total) };
}

/** The longest text a place of book_search_words holds on either side (migration 0023). */
const WORDS_SIDE = 64;
/**
 * The shortest tail (what follows a search's first space) looked up in book_search_words: a
 * shorter one starts too many places ("author 1": a ninth of all places) to read them all.
 */
const WORDS_TAIL = 3;

/**
 * The books whose search text holds `text`. A text with a space (and WORDS_TAIL characters after it) is found through the places
 * after a space (migration 0023): those starting with what follows its first space and
 * ending, before it, with what precedes it, then checked on the book (a btree reads the
 * places of the one title or author asked for; the trigram index would read its common
 * trigrams' long entries). The places' books are read by id (`= any(array(...))`: a
 * semi-join was planned from a scan of every book, the check's selectivity unknown), and
 * the book's own check is kept off the trigram index (an expression it does not hold), so
 * the planner does not pick it instead. Sides are cut in
 * characters (code points), as PostgreSQL counts them.
 */
function searchFilter(db: Db, text: string) {
  const contains = `%${escapeLike(text)}%`;
  const space = text.indexOf(' ');
  if (space < 0 || [...text.slice(space + 1)].length < WORDS_TAIL) return (eb: ExpressionBuilder<Database, 'books'>) => eb('search_text', 'like', contains);
  const head = [...text.slice(0, space + 1)].slice(-WORDS_SIDE).join('');
  const tail = [...text.slice(space + 1)].slice(0, WORDS_SIDE).join('');
  const places = db
    .selectFrom('book_search_words')
    .select('book_id')
    .where('rest', 'like', `${escapeLike(tail)}%`)
    .where('before', 'like', `%${escapeLike(head)}`);
  return (eb: ExpressionBuilder<Database, 'books'>) => eb.and([eb('books.id', '=', sql<string>`any(array(${places}))`), eb(sql`search_text || ''`, 'like', contains)]);
}

/**
 * How many books each genre holds over the whole catalogue, in the given order (zero
 * included), compared as GET /book/all's genre filter compares them (case-insensitively).
 */
export async function genreCounts<G extends string>(db: Db, genres: readonly G[]): Promise<{ genre: G; count: number }[]> {
  const rows = await db.selectFrom('book_genre_totals').select(['genre_key', 'books']).execute();
  const counted = new Map(rows.map((row) => [row.genre_key, Number(row.books)]));
  return genres.map((genre) => ({ genre, count: counted.get(genre.toLowerCase()) ?? 0 }));
}

/** Each book's reviews (oldest first; an admin's hidden ones left out) as one more column, `reviews`, of a query over `books`. */
export const reviewsColumn = (db: Db) =>
  jsonArrayFrom(
    db
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.user_id')
      .select(['reviews.id', 'reviews.book_id', 'reviews.user_id', 'users.username', 'reviews.stars', 'reviews.comment', 'reviews.created_at'])
      .where('reviews.book_id', '=', sql.ref<string>('books.id'))
      .where('reviews.hidden_at', 'is', null)
      .orderBy('reviews.created_at')
      .orderBy('reviews.id'),
  ).as('reviews');

/** A row with {@link reviewsColumn} as a book and its reviews (JSON carries instants as text). */
export function splitReviews({ reviews, ...book }: BookRow & { reviews: (Omit<ReviewView, 'created_at'> & { created_at: string })[] }): BookWithReviews {
  return { book, reviews: reviews.map((review) => ({ ...review, created_at: new Date(review.created_at) })) };
}

// A book page that is not cached: one statement, compiled once (shared/prepared-query.ts).
const bookById = preparedQuery(1, (db, id: string) => db.selectFrom('books').selectAll().select(reviewsColumn(db)).where('id', '=', id));

/** One book with its reviews (its page), or the contract's 404. */
export async function getBook(db: Db, id: string): Promise<BookWithReviews> {
  const [row] = await bookById(db, id);
  if (!row) throw notFound('Book not found');
  return splitReviews(row);
}

/** Attaches every book's reviews (oldest first) in one query. */
export async function withReviews(db: Db, books: BookRow[]): Promise<BookWithReviews[]> {
  if (books.length === 0) return [];
  const reviews = await db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'reviews.book_id', 'reviews.user_id', 'users.username', 'reviews.stars', 'reviews.comment', 'reviews.created_at'])
    .where('reviews.book_id', 'in', books.map((b) => b.id))
    .where('reviews.hidden_at', 'is', null)
    .orderBy('reviews.created_at')
    .orderBy('reviews.id')
    .execute();
  const byBook = new Map<string, ReviewView[]>();
  for (const review of reviews) {
    const list = byBook.get(review.book_id) ?? [];
    list.push(review);
    byBook.set(review.book_id, list);
  }
  return books.map((book) => ({ book, reviews: byBook.get(book.id) ?? [] }));
}

/** The author's books, newest first; the match is exact and case-sensitive (legacy). */
export async function booksByAuthor(db: Db, author: string): Promise<BookWithReviews[]> {
  const books = await db.selectFrom('books').selectAll().where('author', '=', author).orderBy('created_at', 'desc').orderBy('id').execute();
  if (books.length === 0) throw notFound('No books found for this author');
  return withReviews(db, books);
}

/** Top 10 by the number of order lines naming the book (any status); ties by title. */
export async function bestSellers(db: Db): Promise<{ entry: BookWithReviews; orderCount: number }[]> {
  const ranked = await db
    .selectFrom('order_items')
    .innerJoin('books', 'books.id', 'order_items.book_id')
    .select(['books.id', (eb) => eb.fn.countAll<number>().as('order_count')])
    .groupBy(['books.id', 'books.title'])
    .orderBy('order_count', 'desc')
    .orderBy(sql`lower(books.title)`)
    .limit(10)
    .execute();
  if (ranked.length === 0) return [];
  const books = await db
    .selectFrom('books')
    .selectAll()
    .where('id', 'in', ranked.map((r) => r.id))
    .execute();
  const entries = new Map((await withReviews(db, books)).map((e) => [e.book.id, e]));
  return ranked.flatMap((r) => {
    const entry = entries.get(r.id);
    return entry ? [{ entry, orderCount: Number(r.order_count) }] : [];
  });
}
