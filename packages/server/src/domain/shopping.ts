// The customer's wishlist and cart. Every line belongs to one customer: another customer's
// line id is answered as not found.
import { randomUUID } from 'node:crypto';
import type { BookRow } from '../db/schema.js';
import type { Db } from './context.js';
import { notFound, rejected } from './errors.js';
import { withReviews, type BookWithReviews } from './catalogue.js';

// ---------- wishlist ----------
export async function wishlist(db: Db, userId: string): Promise<BookWithReviews[]> {
  const books = await db
    .selectFrom('wishlist')
    .innerJoin('books', 'books.id', 'wishlist.book_id')
    .selectAll('books')
    .where('wishlist.user_id', '=', userId)
    .orderBy('wishlist.created_at', 'desc')
    .orderBy('books.id')
    .execute();
  return withReviews(db, books);
}

export async function isWishlisted(db: Db, userId: string, bookId: string): Promise<boolean> {
  const row = await db.selectFrom('wishlist').select('book_id').where('user_id', '=', userId).where('book_id', '=', bookId).executeTakeFirst();
  return row !== undefined;
}

export async function addToWishlist(db: Db, userId: string, bookId: string, now: Date): Promise<void> {
  const book = await db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst();
  if (!book) throw notFound('Book not found');
  const inserted = await db
    .insertInto('wishlist')
    .values({ user_id: userId, book_id: bookId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
    .returning('book_id')
    .executeTakeFirst();
  if (!inserted) throw rejected('Already bookmarked');
}

export async function removeFromWishlist(db: Db, userId: string, bookId: string): Promise<boolean> {
  const result = await db.deleteFrom('wishlist').where('user_id', '=', userId).where('book_id', '=', bookId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------- cart ----------
export const NOT_ENOUGH_STOCK = 'Requested quantity exceeds available stock';

export interface CartLine {
  id: string;
  book_id: string;
  quantity: number;
  unit_price_paisa: number;
  title: string;
  author: string;
  image_path: string | null;
}

export async function cartLines(db: Db, userId: string): Promise<CartLine[]> {
  return db
    .selectFrom('cart_items')
    .innerJoin('books', 'books.id', 'cart_items.book_id')
    .select([
      'cart_items.id',
      'cart_items.book_id',
      'cart_items.quantity',
      'cart_items.unit_price_paisa',
      'books.title',
      'books.author',
      'books.image_path',
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id')
    .execute();
}

/**
 * Adds copies of a book. A book already in the cart gets its line's quantity raised (one line
 * per book), never past the stock. The unit price is the list price at the first add.
 */
export async function addToCart(db: Db, userId: string, bookId: string, quantity: number, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const book: Pick<BookRow, 'id' | 'quantity' | 'price_paisa'> | undefined = await tx
      .selectFrom('books')
      .select(['id', 'quantity', 'price_paisa'])
      .where('id', '=', bookId)
      .executeTakeFirst();
    if (!book) throw notFound('Book not found');
    const line = await tx
      .selectFrom('cart_items')
      .select(['id', 'quantity'])
      .where('user_id', '=', userId)
      .where('book_id', '=', bookId)
      .forUpdate()
      .executeTakeFirst();
    const wanted = (line?.quantity ?? 0) + quantity;
    if (wanted > book.quantity) throw rejected(NOT_ENOUGH_STOCK);
    if (line) {
      await tx.updateTable('cart_items').set({ quantity: wanted }).where('id', '=', line.id).execute();
    } else {
      await tx
        .insertInto('cart_items')
        .values({ id: randomUUID(), user_id: userId, book_id: bookId, quantity, unit_price_paisa: book.price_paisa, created_at: now })
        .execute();
    }
  });
}

/** Sets a line's quantity: anything from 1 up to the stock (the last copy included). */
export async function updateCartLine(db: Db, userId: string, lineId: string, quantity: number): Promise<void> {
  const line = await db
    .selectFrom('cart_items')
    .innerJoin('books', 'books.id', 'cart_items.book_id')
    .select(['cart_items.id', 'books.quantity as stock'])
    .where('cart_items.id', '=', lineId)
    .where('cart_items.user_id', '=', userId)
    .executeTakeFirst();
  if (!line) throw notFound('Cart item not found');
  if (quantity > line.stock) throw rejected(NOT_ENOUGH_STOCK);
  await db.updateTable('cart_items').set({ quantity }).where('id', '=', lineId).where('user_id', '=', userId).execute();
}

export async function removeCartLine(db: Db, userId: string, lineId: string): Promise<void> {
  const result = await db.deleteFrom('cart_items').where('id', '=', lineId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Cart item not found');
}
