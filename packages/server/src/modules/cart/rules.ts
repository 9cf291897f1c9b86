// The customer's cart. Every line belongs to one customer: another customer's line id is
// answered as not found.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../shared/context.js';
import { notFound, rejected } from '../../shared/errors.js';
import { MAX_STOCK } from '../books/index.js';

export const NOT_ENOUGH_STOCK = 'Requested quantity exceeds available stock';

export interface CartLine {
  id: string;
  book_id: string;
  quantity: number;
  /** The book's list price now: a line keeps no price of its own. */
  price_paisa: number;
  title: string;
  author: string;
  image_path: string | null;
  discount_bp: number;
  is_on_sale: boolean;
  start_time: Date | null;
  end_time: Date | null;
}

/**
 * A customer's cart lines with their books as they stand now (price, discount, sale window), in
 * the order they were added: the cart view reads them, and placing an order reads the same
 * lines (with what it needs besides) and charges what the view showed.
 */
export function cartLinesQuery(db: Db, userId: string) {
  return db
    .selectFrom('cart_items')
    .innerJoin('books', 'books.id', 'cart_items.book_id')
    .select([
      'cart_items.id',
      'cart_items.book_id',
      'cart_items.quantity',
      'books.price_paisa',
      'books.title',
      'books.discount_bp',
      'books.is_on_sale',
      'books.start_time',
      'books.end_time',
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id');
}

export async function cartLines(db: Db, userId: string): Promise<CartLine[]> {
  return cartLinesQuery(db, userId).select(['books.author', 'books.image_path']).execute();
}

/**
 * Adds copies of a book. A book already in the cart gets its line's quantity raised (one line
 * per book), never past the stock. The line keeps no price: it costs what the book costs now.
 */
export async function addToCart(db: Db, userId: string, bookId: string, quantity: number, now: Date): Promise<void> {
  if (quantity > MAX_STOCK) throw rejected(NOT_ENOUGH_STOCK);
  // One statement: insert the line, or raise its quantity, only while the result stays within
  // the stock. No row back means the book is missing or the stock is short.
  const added = await sql<{ id: string }>`
    insert into cart_items (id, user_id, book_id, quantity, created_at)
    select ${randomUUID()}, ${userId}, b.id, ${quantity}, ${now}
    from books b where b.id = ${bookId} and b.quantity >= ${quantity}
    on conflict (user_id, book_id) do update set quantity = cart_items.quantity + excluded.quantity
    where cart_items.quantity + excluded.quantity <= (select quantity from books where id = excluded.book_id)
    returning id`.execute(db);
  if (added.rows.length > 0) return;
  const book = await db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst();
  throw book ? rejected(NOT_ENOUGH_STOCK) : notFound('Book not found');
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
