// Staff verification at pickup: the order row locked, a Pending order's stock reduced in the
// same transaction (a Ready order's copies were taken when it was marked ready).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PaymentMethod } from '../../db/schema.js';
import type { Publish } from '../../live/notifier.js';
import type { Tx } from '../../shared/context.js';
import { rejected } from '../../shared/errors.js';
import { isOverdue, orderEventRow, takeStock, writeTogether, type LockedOrder, type Transition } from '../orders/index.js';

/**
 * What every visitor is told of a purchase: the book, never the buyer (issue 29, part 3).
 * "Karnali Blues was just bought"; for several books the first by title and how many more.
 */
export function purchaseAnnouncement(titles: readonly string[]): string {
  const more = titles.length - 1;
  return more > 0 ? `${titles[0]} and ${more} more were just bought` : `${titles[0] ?? 'A book'} was just bought`;
}

/**
 * Staff hand over an order against its claim code (compared case-insensitively): the
 * "completed" transition, on the order the caller locked (its lines' titles with it). The
 * order's and its books' rows are locked, so two verifications at once cannot both take the
 * last copy and stock never goes below zero. Its writes are one statement, the stock take's
 * (orders/lifecycle.ts `takeStock`: the books' locks are taken last). Runs inside the caller's
 * transaction (see `transact`). Answers the event and the books whose stock it took down.
 */
export async function verifyOrder(tx: Tx, order: LockedOrder & { titles: string[] }, input: { claimCode: string; paymentMethod?: PaymentMethod | undefined; actor: string; now: Date }, publish: Publish): Promise<Transition> {
  const code = input.claimCode.trim();
  if (!code) throw rejected('Claim code is required');
  if (order.status === 'Completed') throw rejected('Order already completed');
  if (order.status === 'Cancelled') throw rejected('Cannot verify a cancelled order');
  if (order.status === 'Expired' || isOverdue(order, input.now)) throw rejected('Cannot verify an expired order');
  if (!order.claim_code || order.claim_code.toUpperCase() !== code.toUpperCase()) throw rejected('Invalid claim code');
  const event = { kind: 'completed' as const, orderId: order.id, customerId: order.user_id, actor: input.actor, at: input.now };
  const bought = purchaseAnnouncement(order.titles);
  const writes = [
    // The claim code stays on the completed order for its receipt; no list shows it again (orders/views.ts).
    sql`update orders set status = 'Completed', expires_at = null, payment_method = ${input.paymentMethod ?? null} where id = ${order.id}`,
    orderEventRow(event),
    sql`insert into notifications (id, message, created_at) values (${randomUUID()}, ${bought}, ${input.now})`,
  ];
  // A Ready order's copies were taken when it was marked ready.
  const bookIds = order.status === 'Ready' ? (await writeTogether(tx, writes), []) : await takeStock(tx, order.id, writes);
  publish({ sender: 'Purchased Book', text: bought });
  return { event, bookIds };
}
