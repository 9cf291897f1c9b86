// Staff verification at pickup: stock reduced in the same transaction, with the order and book
// rows locked.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Publish } from '../../live/notifier.js';
import type { Tx } from '../../shared/context.js';
import { notFound, rejected } from '../../shared/errors.js';

/**
 * What every visitor is told of a purchase: the book, never the buyer (issue 29, part 3).
 * "Karnali Blues was just bought"; for several books the first by title and how many more.
 */
export function purchaseAnnouncement(titles: readonly string[]): string {
  const more = titles.length - 1;
  return more > 0 ? `${titles[0]} and ${more} more were just bought` : `${titles[0] ?? 'A book'} was just bought`;
}

/**
 * Staff hand over an order against its claim code (compared case-insensitively). The order row
 * and its books' rows are locked, so two verifications at once cannot both take the last copy
 * and stock never goes below zero. Runs inside the caller's transaction (see `transact`).
 * Answers the books whose stock it took down.
 */
export async function verifyOrder(tx: Tx, orderId: string, claimCode: string, now: Date, publish: Publish): Promise<{ bookIds: string[] }> {
  const code = claimCode.trim();
  if (!code) throw rejected('Claim code is required');
  {
    const order = await tx
      .selectFrom('orders')
      .select(['id', 'status', 'claim_code', 'user_id'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    if (order.status === 'Completed') throw rejected('Order already completed');
    if (order.status === 'Cancelled') throw rejected('Cannot verify a cancelled order');
    if (!order.claim_code || order.claim_code.toUpperCase() !== code.toUpperCase()) throw rejected('Invalid claim code');
    const items = await tx.selectFrom('order_items').select(['book_id', 'title', 'quantity']).where('order_id', '=', orderId).orderBy('title').orderBy('id').execute();
    const bookIds = [...new Set(items.map((i) => i.book_id))].sort();
    const books = bookIds.length
      ? await tx.selectFrom('books').select(['id', 'quantity']).where('id', 'in', bookIds).orderBy('id').forUpdate().execute()
      : [];
    const stock = new Map(books.map((b) => [b.id, b.quantity]));
    const needed = new Map<string, number>();
    for (const item of items) needed.set(item.book_id, (needed.get(item.book_id) ?? 0) + item.quantity);
    for (const item of items) {
      if ((stock.get(item.book_id) ?? 0) < needed.get(item.book_id)!) throw rejected(`Not enough stock for book: ${item.title}`);
    }
    for (const [bookId, quantity] of needed) {
      await tx.updateTable('books').set({ quantity: sql`quantity - ${quantity}` }).where('id', '=', bookId).execute();
    }
    await tx.updateTable('orders').set({ status: 'Completed', claim_code: null }).where('id', '=', orderId).execute();
    const bought = purchaseAnnouncement(items.map((item) => item.title));
    await tx.insertInto('notifications').values({ id: randomUUID(), message: bought, created_at: now }).execute();
    publish({ sender: 'Purchased Book', text: bought });
    return { bookIds };
  }
}
