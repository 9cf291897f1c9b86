// The customer's cart. Every line belongs to one customer: another customer's line id is
// answered as not found.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../shared/context.js';
import { notFound, rejected } from '../../shared/errors.js';
import { bookPricing, LOYALTY_FROM_COMPLETED_ORDERS, priceCart, type PricedBook } from '../../shared/pricing.js';
import { MAX_STOCK } from '../books/index.js';

export const NOT_ENOUGH_STOCK = 'Requested quantity exceeds available stock';

/**
 * A customer's cart lines with their books as they stand now (price, discount, sale window), in
 * the order they were added, and how many Completed orders the customer has (the loyalty
 * discount): the cart view reads them, and placing an order reads the same lines (with what it
 * needs besides) and prices them with the same function (cart's pricedCart, shared/pricing.ts).
 */
export function cartLinesQuery(db: Db, userId: string) {
  return db
    .selectFrom('cart_items')
    .innerJoin('books', 'books.id', 'cart_items.book_id')
    .select([
      'cart_items.id',
      'cart_items.book_id',
      'cart_items.quantity',
      'cart_items.added_unit_price_paisa',
      'books.price_paisa',
      'books.title',
      'books.discount_bp',
      'books.is_on_sale',
      'books.start_time',
      'books.end_time',
      // Only whether there are 10 is asked, so the count stops at 10.
      (eb) =>
        eb
          .selectFrom((inner) =>
            inner
              .selectFrom('orders')
              .select('orders.id')
              .where('orders.user_id', '=', userId)
              .where('orders.status', '=', 'Completed')
              .limit(LOYALTY_FROM_COMPLETED_ORDERS)
              .as('completed'),
          )
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .as('completed_orders'),
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id');
}

/** The cart's lines priced at `now` (the cart view's and the order's one computation). */
export function pricedCart<L extends PricedBook & { quantity: number; completed_orders: number | null }>(lines: readonly L[], now: Date) {
  return priceCart(lines, Number(lines[0]?.completed_orders ?? 0), now);
}

export async function cartView(db: Db, userId: string, now: Date) {
  return pricedCart(await cartLinesQuery(db, userId).select(['books.author', 'books.image_path']).execute(), now);
}

/**
 * Adds copies of a book. A book already in the cart gets its line's quantity raised (one line
 * per book), never past the stock. The line remembers what one copy cost at this add (shown,
 * never charged: it costs what the book costs now): `shown` is the book as its page shows it
 * (the read cache's, books/book-shown.ts: no statement when the page is kept), or the 404.
 */
export async function addToCart(db: Db, userId: string, bookId: string, quantity: number, now: Date, shown: () => Promise<PricedBook>): Promise<void> {
  if (quantity > MAX_STOCK) throw rejected(NOT_ENOUGH_STOCK);
  // The price the customer saw when adding (an admin's edit since shows as a price change in
  // the cart, which it is).
  const unitPaisa = bookPricing(await shown(), now).unitPaisa;
  // One statement: insert the line, or raise its quantity, only while the result stays within
  // the stock. No row back means the book is gone or the stock is short.
  const added = await sql<{ id: string }>`
    insert into cart_items (id, user_id, book_id, quantity, created_at, added_unit_price_paisa)
    select ${randomUUID()}, ${userId}, b.id, ${quantity}, ${now}, ${unitPaisa}
    from books b where b.id = ${bookId} and b.quantity >= ${quantity}
    on conflict (user_id, book_id) do update
      set quantity = cart_items.quantity + excluded.quantity, added_unit_price_paisa = excluded.added_unit_price_paisa
    where cart_items.quantity + excluded.quantity <= (select quantity from books where id = excluded.book_id)
    returning id`.execute(db);
  if (added.rows.length > 0) return;
  const stillThere = await db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst();
  throw stillThere ? rejected(NOT_ENOUGH_STOCK) : notFound('Book not found');
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
