// The catalogue: listing, filters, sorts and paging; one book; best sellers; the admin's
// create, edit, timed discount and delete.
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { BookRow, Database, NewBook } from '../db/schema.js';
import { escapeLike } from './accounts.js';
import { isUniqueViolation, type Db, type Tx } from './context.js';
import type { Publish } from '../live/notifier.js';
import { invalid, notFound, rejected, RuleRefusal } from './errors.js';
import { percentToBasisPoints, rupeesToPaisa } from './money.js';
import type { components } from '../../../sdk/src/generated/schema.js';

export const SORTS = ['', 'price', 'title', 'createdat', 'newestarrivals', 'newrelease', 'dealsanddiscount', 'awardwinner'] as const;
export type SortBy = (typeof SORTS)[number];
export const MAX_STOCK = 1_000_000;
/** No catalogue holds two billion books: a page that starts further on is empty. */
const MAX_OFFSET = 2 ** 31;

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

/** True while the book's sale runs: on sale and start <= now <= end (spec section 4). */
export function saleRunning(book: Pick<BookRow, 'is_on_sale' | 'start_time' | 'end_time'>, now: Date): boolean {
  if (!book.is_on_sale || !book.start_time || !book.end_time) return false;
  const t = now.getTime();
  return book.start_time.getTime() <= t && t <= book.end_time.getTime();
}

const saleRunningSql = (eb: ExpressionBuilder<Database, 'books'>, now: Date): Expression<SqlBool> =>
  eb.and([eb('is_on_sale', '=', true), eb('start_time', '<=', now), eb('end_time', '>=', now)]);

/**
 * One page of the catalogue, as GET /book/all describes it. Filters combine with AND. Every
 * sort ends with the book id ascending, so paging never repeats or skips a book. sortDesc
 * flips the sort; the filter-like sorts order the books they keep by createdAt.
 */
export async function listBooks(db: Db, query: BookListQuery, now: Date): Promise<{ rows: BookWithReviews[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, 'books'>) => {
    const all: Expression<SqlBool>[] = [];
    const search = query.search?.trim();
    if (search) all.push(eb('search_text', 'like', `%${escapeLike(search.toLowerCase())}%`));
    const genre = query.genre?.trim();
    if (genre) all.push(eb(sql`lower(genre)`, '=', genre.toLowerCase()));
    const author = query.author?.trim();
    if (author) all.push(eb(sql`lower(author)`, '=', author.toLowerCase()));
    if (query.sortBy === 'newestarrivals') all.push(eb('created_at', '>=', new Date(now.getTime() - 30 * DAY_MS)));
    if (query.sortBy === 'newrelease') all.push(eb('created_at', '>=', new Date(now.getTime() - 90 * DAY_MS)));
    if (query.sortBy === 'dealsanddiscount') all.push(saleRunningSql(eb, now));
    if (query.sortBy === 'awardwinner') all.push(eb('award_winners', '=', true));
    return eb.and(all);
  };
  const offset = (query.page - 1) * query.pageSize;
  const direction = sql.raw(query.sortDesc ? 'desc' : 'asc');
  const keys = query.sortBy === 'price' ? [sql`price_paisa`, sql`lower(title)`] : query.sortBy === 'title' ? [sql`lower(title)`] : [sql`created_at`];
  const order = sql.join([...keys.map((key) => sql`${key} ${direction}`), sql`id asc`]);
  const count = db
    .selectFrom('books')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('total'));
  // One round trip: the page's books, the count of every match (computed once), and the
  // reviews of the page's books only. The page is ordered again outside: only ORDER BY
  // promises an order.
  const page = db.selectFrom('books').where(where).selectAll().orderBy(order).limit(query.pageSize).offset(offset);
  // A page past any shop's end (its offset would not even fit the database's integers) is empty.
  const rows = offset > MAX_OFFSET ? [] : await db.selectFrom(page.as('books')).selectAll('books').select([count.as('total'), reviewsColumn(db)]).orderBy(order).execute();
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => splitReviews(row)), total: Number(rows[0]!.total) };
  // Past the last page, or nothing matches: only the count is asked for.
  const { total } = await count.executeTakeFirstOrThrow();
  return { rows: [], total: Number(total) };
}

/** Each book's reviews (oldest first) as one more column, `reviews`, of a query over `books`. */
const reviewsColumn = (db: Db) =>
  jsonArrayFrom(
    db
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.user_id')
      .select(['reviews.id', 'reviews.book_id', 'reviews.user_id', 'users.username', 'reviews.stars', 'reviews.comment', 'reviews.created_at'])
      .where('reviews.book_id', '=', sql.ref<string>('books.id'))
      .orderBy('reviews.created_at')
      .orderBy('reviews.id'),
  ).as('reviews');

/** A row with {@link reviewsColumn} as a book and its reviews (JSON carries instants as text). */
function splitReviews({ reviews, ...book }: BookRow & { reviews: (Omit<ReviewView, 'created_at'> & { created_at: string })[] }): BookWithReviews {
  return { book, reviews: reviews.map((review) => ({ ...review, created_at: new Date(review.created_at) })) };
}

/** Attaches every book's reviews (oldest first) in one query. */
export async function withReviews(db: Db, books: BookRow[]): Promise<BookWithReviews[]> {
  if (books.length === 0) return [];
  const reviews = await db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'reviews.book_id', 'reviews.user_id', 'users.username', 'reviews.stars', 'reviews.comment', 'reviews.created_at'])
    .where(
      'reviews.book_id',
      'in',
      books.map((b) => b.id),
    )
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

export async function getBook(db: Db, id: string): Promise<BookWithReviews> {
  const row = await db.selectFrom('books').selectAll().select(reviewsColumn(db)).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Book not found');
  return splitReviews(row);
}

/** The author's books, newest first; the match is exact and case-sensitive (legacy). */
export async function booksByAuthor(db: Db, author: string): Promise<BookWithReviews[]> {
  const books = await db.selectFrom('books').selectAll().where('author', '=', author).orderBy('created_at', 'desc').orderBy('id').execute();
  if (books.length === 0) throw notFound('No books found for this author');
  return withReviews(db, books);
}

export async function allBooks(db: Db): Promise<BookWithReviews[]> {
  const books = await db.selectFrom('books').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
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
    .where(
      'id',
      'in',
      ranked.map((r) => r.id),
    )
    .execute();
  const entries = new Map((await withReviews(db, books)).map((e) => [e.book.id, e]));
  return ranked.flatMap((r) => {
    const entry = entries.get(r.id);
    return entry ? [{ entry, orderCount: Number(r.order_count) }] : [];
  });
}

type ContractBook = components['schemas']['Book'];

/**
 * The Add Book / Edit Book form after the contract's validation (numbers and booleans
 * coerced): the contract's book fields, with the flags and the sale window optional.
 */
export type BookInput = Pick<
  ContractBook,
  'title' | 'author' | 'genre' | 'isbn' | 'description' | 'publisher' | 'publicationDate' | 'price' | 'quantity' | 'language' | 'discount' | 'format'
> &
  Partial<Pick<ContractBook, 'isOnSale' | 'availableInLibrary' | 'awardWinners' | 'startTime' | 'endTime'>>;

/** An instant from the wire; refuses what the date-time format lets through but no clock has. */
export function parseInstant(value: string, field: string): Date {
  const date = new Date(value);
  const ms = date.getTime();
  // PostgreSQL keeps years 4713 BC .. 294276 AD; JavaScript dates go further.
  if (Number.isNaN(ms) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw invalid(field, `${field} is not a valid date-time`);
  return date;
}

function optionalInstant(value: string | null | undefined, field: string): Date | null {
  // The legacy Edit Book form sends an empty part, or the text "null", for "no sale window".
  return value === undefined || value === null || value === '' || value === 'null' ? null : parseInstant(value, field);
}

function bookColumns(input: BookInput): Omit<NewBook, 'id' | 'created_at' | 'image_path'> {
  const quantity = input.quantity;
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_STOCK) throw invalid('quantity', `quantity must be between 0 and ${MAX_STOCK}`);
  const startTime = optionalInstant(input.startTime, 'startTime');
  const endTime = optionalInstant(input.endTime, 'endTime');
  if (startTime && endTime && startTime.getTime() > endTime.getTime()) throw invalid('endTime', 'endTime must not be before startTime');
  const text = (value: string, field: string) => {
    const trimmed = value.trim();
    if (!trimmed) throw invalid(field, `${field} must not be blank`);
    return trimmed;
  };
  return {
    title: text(input.title, 'title'),
    author: text(input.author, 'author'),
    genre: input.genre,
    isbn: text(input.isbn, 'isbn'),
    description: text(input.description, 'description'),
    publisher: text(input.publisher, 'publisher'),
    publication_date: parseInstant(input.publicationDate, 'publicationDate'),
    price_paisa: rupeesToPaisa(input.price, 'price'),
    quantity,
    language: text(input.language, 'language'),
    discount_bp: percentToBasisPoints(input.discount, 'discount'),
    format: input.format,
    is_on_sale: input.isOnSale ?? false,
    available_in_library: input.availableInLibrary ?? false,
    award_winners: input.awardWinners ?? false,
    start_time: startTime,
    end_time: endTime,
  };
}

const DUPLICATE_BOOK = 'A book with the same title or ISBN already exists.';

async function assertUnique(db: Db, title: string, isbn: string, exceptId?: string) {
  let query = db
    .selectFrom('books')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(title)`, '=', title.toLowerCase()), eb(sql`lower(isbn)`, '=', isbn.toLowerCase())]));
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw rejected(DUPLICATE_BOOK);
}

const duplicateOr = (error: unknown) => (!(error instanceof RuleRefusal) && isUniqueViolation(error) ? rejected(DUPLICATE_BOOK) : error);

/** Adds a book, stores the notification and announces it live (inside the caller's transaction). */
export async function createBook(tx: Tx, input: BookInput, imagePath: string | null, now: Date, publish: Publish): Promise<BookRow> {
  const columns = bookColumns(input);
  try {
    {
      await assertUnique(tx, columns.title, columns.isbn);
      const book = await tx
        .insertInto('books')
        .values({ ...columns, id: randomUUID(), image_path: imagePath, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx.insertInto('notifications').values({ id: randomUUID(), message: `New book added! ${book.title}`, created_at: now }).execute();
      publish({ sender: 'Admin', text: `New book added! ${book.title}` });
      return book;
    }
  } catch (error) {
    throw duplicateOr(error);
  }
}

/** Saves the Edit Book form; a new image replaces the old one. Answers the replaced image path. */
export async function updateBook(db: Db, id: string, input: BookInput, imagePath: string | null): Promise<{ replacedImage: string | null }> {
  const columns = bookColumns(input);
  try {
    return await db.transaction().execute(async (tx) => {
      const existing = await tx.selectFrom('books').select(['id', 'image_path']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!existing) throw notFound('Book not found');
      await assertUnique(tx, columns.title, columns.isbn, id);
      await tx
        .updateTable('books')
        .set({ ...columns, ...(imagePath ? { image_path: imagePath } : {}) })
        .where('id', '=', id)
        .execute();
      return { replacedImage: imagePath ? existing.image_path : null };
    });
  } catch (error) {
    throw duplicateOr(error);
  }
}

export interface DiscountOffer {
  Discount: number;
  StartTime: string;
  EndTime: string;
  IsOnSale: boolean;
}

export async function setDiscountOffer(db: Db, id: string, offer: DiscountOffer): Promise<void> {
  const start = parseInstant(offer.StartTime, 'StartTime');
  const end = parseInstant(offer.EndTime, 'EndTime');
  if (start.getTime() > end.getTime()) throw invalid('EndTime', 'EndTime must not be before StartTime');
  const result = await db
    .updateTable('books')
    .set({ discount_bp: percentToBasisPoints(Number(offer.Discount), 'Discount'), start_time: start, end_time: end, is_on_sale: offer.IsOnSale })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Book not found');
}

/** Deletes the book (its cart lines, wishlist entries and reviews go with it; orders keep their lines). */
export async function deleteBook(db: Db, id: string): Promise<{ imagePath: string | null }> {
  const deleted = await db.deleteFrom('books').where('id', '=', id).returning('image_path').executeTakeFirst();
  if (!deleted) throw notFound('Book not found');
  return { imagePath: deleted.image_path };
}
