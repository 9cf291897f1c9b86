// The admin's catalog: every book, one book; create, edit, timed discount and delete.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '@pustak/sdk/schema';
import type { BookRow, NewBook } from '../../db/schema.js';
import type { Publish } from '../../live/notifier.js';
import { changedFields, logActivity } from '../../shared/activity-log.js';
import { isUniqueViolation, runTransaction, type Db, type Tx } from '../../shared/context.js';
import { invalid, notFound, rejected, RuleRefusal } from '../../shared/errors.js';
import { basisPointsToPercent, paisaToRupees, percentToBasisPoints, rupeesToPaisa } from '../../shared/money.js';
import { parseInstant } from '../../shared/wire.js';
import { MAX_STOCK, reviewsColumn, splitReviews, withReviews, type BookWithReviews } from '../books/index.js';

/** A page of books with their reviews, newest first (books_created's order), after `after` (the previous page's last). */
export async function booksAfter(db: Db, after: { created_at: Date; id: string } | null, limit: number): Promise<BookWithReviews[]> {
  const rows = await db
    .selectFrom('books')
    .selectAll()
    .select(reviewsColumn(db))
    .$if(after !== null, (qb) =>
      qb.where((eb) => eb.or([eb('books.created_at', '<', after!.created_at), eb.and([eb('books.created_at', '=', after!.created_at), eb('books.id', '>', after!.id)])])),
    )
    .orderBy('books.created_at', 'desc')
    .orderBy('books.id')
    .limit(limit)
    .execute();
  return rows.map(splitReviews);
}

export async function allBooks(db: Db): Promise<BookWithReviews[]> {
  const books = await db.selectFrom('books').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  return withReviews(db, books);
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

/** Who changes the catalogue, and when: the activity log's actor and instant. */
export interface CatalogChange {
  actor: { id: string; username: string };
  now: Date;
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** A book's stored fields in the contract's names and units, as the activity log records them. */
function bookFields(row: Omit<NewBook, 'id' | 'created_at' | 'image_path'>) {
  return {
    title: row.title,
    author: row.author,
    genre: row.genre,
    isbn: row.isbn,
    description: row.description,
    publisher: row.publisher,
    publicationDate: isoOrNull(row.publication_date),
    price: paisaToRupees(Number(row.price_paisa)),
    quantity: row.quantity,
    language: row.language,
    discount: basisPointsToPercent(row.discount_bp),
    format: row.format,
    isOnSale: row.is_on_sale ?? false,
    availableInLibrary: row.available_in_library ?? false,
    awardWinners: row.award_winners ?? false,
    startTime: isoOrNull(row.start_time ?? null),
    endTime: isoOrNull(row.end_time ?? null),
  };
}

const discountFields = (row: { discount_bp: number; is_on_sale: boolean; start_time: Date | null; end_time: Date | null }) => ({
  discount: basisPointsToPercent(row.discount_bp),
  isOnSale: row.is_on_sale,
  startTime: isoOrNull(row.start_time),
  endTime: isoOrNull(row.end_time),
});

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
export async function createBook(tx: Tx, input: BookInput, imagePath: string | null, { actor, now }: CatalogChange, publish: Publish): Promise<BookRow> {
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
      await logActivity(tx, { actor, kind: 'book.created', target: { id: book.id, label: book.title }, before: null, after: bookFields(book), at: now });
      publish({ sender: 'Admin', text: `New book added! ${book.title}` });
      return book;
    }
  } catch (error) {
    throw duplicateOr(error);
  }
}

/** Saves the Edit Book form; a new image replaces the old one. Answers the replaced image path. */
export async function updateBook(db: Db, id: string, input: BookInput, imagePath: string | null, { actor, now }: CatalogChange): Promise<{ replacedImage: string | null }> {
  const columns = bookColumns(input);
  try {
    return await runTransaction(db, async (tx) => {
      const existing = await tx.selectFrom('books').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!existing) throw notFound('Book not found');
      const changed = changedFields(bookFields(existing), bookFields(columns));
      if (imagePath) Object.assign(changed, { before: { ...changed.before, image: existing.image_path }, after: { ...changed.after, image: imagePath } });
      await logActivity(tx, { actor, kind: 'book.updated', target: { id, label: columns.title }, ...changed, at: now });
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

export async function setDiscountOffer(tx: Tx, id: string, offer: DiscountOffer, { actor, now }: CatalogChange): Promise<void> {
  const start = parseInstant(offer.StartTime, 'StartTime');
  const end = parseInstant(offer.EndTime, 'EndTime');
  if (start.getTime() > end.getTime()) throw invalid('EndTime', 'EndTime must not be before StartTime');
  const columns = { discount_bp: percentToBasisPoints(Number(offer.Discount), 'Discount'), start_time: start, end_time: end, is_on_sale: offer.IsOnSale };
  const existing = await tx.selectFrom('books').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!existing) throw notFound('Book not found');
  await tx.updateTable('books').set(columns).where('id', '=', id).execute();
  await logActivity(tx, { actor, kind: 'book.discount', target: { id, label: existing.title }, before: discountFields(existing), after: discountFields(columns), at: now });
}

/** Deletes the book (its cart lines, wishlist entries and reviews go with it; orders keep their lines). */
export async function deleteBook(tx: Tx, id: string, { actor, now }: CatalogChange): Promise<{ imagePath: string | null }> {
  const deleted = await tx.deleteFrom('books').where('id', '=', id).returningAll().executeTakeFirst();
  if (!deleted) throw notFound('Book not found');
  await logActivity(tx, { actor, kind: 'book.deleted', target: { id, label: deleted.title }, before: bookFields(deleted), after: null, at: now });
  return { imagePath: deleted.image_path };
}
