// The pickup lifecycle: Pending -> Ready (copies put aside) -> Completed, or Cancelled, or
// Expired when a Ready order is not collected in its hold period. Each transition is one
// function that changes the order and its stock in the caller's transaction, records the step in
// the order's history and answers it as an `OrderEvent`, so whatever must follow an event (a
// message to the customer) is one call on its answer.
import { sql, type RawBuilder } from 'kysely';
import type { OrderEventKind, OrderStatus } from '../../db/schema.js';
import { runTransaction, type Db, type Tx } from '../../shared/context.js';
import { notFound, rejected } from '../../shared/errors.js';

const DAY_MS = 86_400_000;
/** Who expires an order. */
export const SYSTEM_ACTOR = 'system';
export const REASON_MAX_LENGTH = 300;

/** One recorded step of an order's history. */
export interface OrderEvent {
  kind: OrderEventKind;
  orderId: string;
  /** The order's customer (whom a message about it is for). */
  customerId: string;
  /** The username of who did it ("system" for an expiry). */
  actor: string;
  at: Date;
  /** Why the shop cancelled. */
  reason?: string;
}

/** A transition's answer: its event and the books whose stock it changed (their cached views are stale). */
export interface Transition {
  event: OrderEvent;
  bookIds: string[];
}

export async function recordOrderEvent(tx: Tx, event: OrderEvent): Promise<void> {
  await orderEventRow(event).execute(tx);
}

/** The statement that records an event (for `takeStock`'s `alongside`, or on its own). */
export const orderEventRow = (event: OrderEvent) =>
  sql`insert into order_events (order_id, kind, at, actor, reason) values (${event.orderId}, ${event.kind}, ${event.at}, ${event.actor}, ${event.reason ?? null})`;

export interface LockedOrder {
  id: string;
  user_id: string;
  status: OrderStatus;
  claim_code: string | null;
  expires_at: Date | null;
}

const lockedOrder = (tx: Tx, orderId: string) =>
  tx.selectFrom('orders').select(['id', 'user_id', 'status', 'claim_code', 'expires_at']).where('id', '=', orderId).forUpdate();

/** The order's row, locked until the transaction ends; `customerId` narrows to the owner's. */
export async function lockOrder(tx: Tx, orderId: string, customerId?: string): Promise<LockedOrder> {
  let query = lockedOrder(tx, orderId);
  if (customerId) query = query.where('user_id', '=', customerId);
  const order = await query.executeTakeFirst();
  if (!order) throw notFound('Order not found');
  return order;
}

/** {@link lockOrder}, with its lines' titles (by title) read in the same statement. */
export async function lockOrderWithTitles(tx: Tx, orderId: string): Promise<LockedOrder & { titles: string[] }> {
  const order = await lockedOrder(tx, orderId)
    .select(sql<string[]>`array(select i.title from order_items i where i.order_id = orders.id order by i.title, i.id)`.as('titles'))
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  return order;
}

/** A Ready order whose hold has ended is Expired, whether or not a sweep has stored it yet. */
export const isOverdue = (order: { status: OrderStatus; expires_at: Date | null }, now: Date) =>
  order.status === 'Ready' && order.expires_at !== null && order.expires_at.getTime() <= now.getTime();

/** Copies per book of the orders, books in id order (the order every writer locks them in). */
async function copiesOf(tx: Tx, orderIds: string[]) {
  const items = await tx.selectFrom('order_items').select(['book_id', 'title', 'quantity']).where('order_id', 'in', orderIds).execute();
  const needed = new Map<string, { copies: number; title: string }>();
  for (const item of items) {
    const entry = needed.get(item.book_id) ?? { copies: 0, title: item.title };
    entry.copies += item.quantity;
    needed.set(item.book_id, entry);
  }
  return [...needed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Takes the order's copies out of stock, with its books' rows locked in id order (so two
 * writers cannot deadlock), or refuses "Not enough stock for book: {title}". The lock is FOR NO
 * KEY UPDATE, the one an UPDATE of the stock takes anyway: it keeps out every other writer of
 * the stock, but not the foreign-key check of an order or a cart line naming the book, which FOR
 * UPDATE made wait for the commit. One statement, best the last of its transaction: a festival
 * book's lock is held while the transaction holds a pooled connection, so each statement after
 * it keeps the next buyer of that book waiting one more round trip. The transition's own writes
 * (`alongside`: data-modifying statements, run as parts of this one) go with it; a refusal
 * throws, so the caller's transaction takes them back.
 */
export async function takeStock(tx: Tx, orderId: string, alongside: RawBuilder<unknown>[] = []): Promise<string[]> {
  const { rows: [taken] } = await sql<{ short: string | null; book_ids: string[] }>`
    with needed as (
      select book_id, sum(quantity)::int as copies, min(title) as title from order_items where order_id = ${orderId} group by book_id
    ), locked as (
      select id, quantity from books where id in (select book_id from needed) order by id for no key update
    ), short as (
      select needed.title from needed left join locked on locked.id = needed.book_id
      where coalesce(locked.quantity, 0) < needed.copies order by needed.book_id limit 1
    ), taken as (
      update books set quantity = books.quantity - needed.copies from needed
      where books.id = needed.book_id and not exists (select from short)
    )${alongside.length > 0 ? sql`, ${alongsideParts(alongside)}` : sql``}
    select (select title from short) as short, array(select book_id from needed order by book_id) as book_ids`.execute(tx);
  if (taken!.short !== null) throw rejected(`Not enough stock for book: ${taken!.short}`);
  return taken!.book_ids;
}

/** Data-modifying statements as the further parts of a WITH (PostgreSQL runs each once, whether or not it is read). */
const alongsideParts = (writes: RawBuilder<unknown>[]) => sql.join(writes.map((write, i) => sql`${sql.raw(`alongside_${i}`)} as (${write})`));

/** Runs data-modifying statements as one (one round trip). */
export async function writeTogether(tx: Tx, writes: RawBuilder<unknown>[]): Promise<void> {
  if (writes.length > 0) await sql`with ${alongsideParts(writes)} select`.execute(tx);
}

/** Puts the orders' copies back into stock (a book deleted since gets nothing back), its books locked as `takeStock` locks them. */
async function returnStock(tx: Tx, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const needed = await copiesOf(tx, orderIds);
  const bookIds = needed.map(([id]) => id);
  if (bookIds.length) await tx.selectFrom('books').select('id').where('id', 'in', bookIds).orderBy('id').forNoKeyUpdate().execute();
  for (const [bookId, { copies }] of needed) {
    await tx.updateTable('books').set({ quantity: sql`quantity + ${copies}` }).where('id', '=', bookId).execute();
  }
  return bookIds;
}

/**
 * Staff (or an admin) have put a Pending order's copies aside: they leave stock now, so nobody
 * else can buy them, and the hold period starts. Short of stock, nothing changes.
 */
export async function markOrderReady(tx: Tx, input: { orderId: string; actor: string; now: Date; holdDays: number }): Promise<Transition & { expiresAt: Date }> {
  const order = await lockOrder(tx, input.orderId);
  if (order.status !== 'Pending') throw rejected('Only a pending order can be marked ready');
  const expiresAt = new Date(input.now.getTime() + input.holdDays * DAY_MS);
  await tx.updateTable('orders').set({ status: 'Ready', ready_at: input.now, expires_at: expiresAt }).where('id', '=', order.id).execute();
  const event: OrderEvent = { kind: 'ready', orderId: order.id, customerId: order.user_id, actor: input.actor, at: input.now };
  await recordOrderEvent(tx, event);
  const bookIds = await takeStock(tx, order.id);
  return { event, bookIds, expiresAt };
}

/** Leaves an open order Cancelled, a Ready one's copies back in stock. */
async function cancelOpenOrder(tx: Tx, order: LockedOrder, event: OrderEvent): Promise<Transition> {
  const bookIds = order.status === 'Ready' ? await returnStock(tx, [order.id]) : [];
  await tx.updateTable('orders').set({ status: 'Cancelled', claim_code: null, expires_at: null }).where('id', '=', order.id).execute();
  await recordOrderEvent(tx, event);
  return { event, bookIds };
}

/** The customer cancels their own Pending or Ready order. Someone else's order is not found. */
export async function cancelOrderByCustomer(tx: Tx, input: { orderId: string; customerId: string; actor: string; now: Date }): Promise<Transition> {
  const order = await lockOrder(tx, input.orderId, input.customerId);
  if (order.status === 'Completed' || order.status === 'Cancelled') throw rejected('Cannot cancel a completed or already cancelled order');
  if (order.status === 'Expired' || isOverdue(order, input.now)) throw rejected('Cannot cancel an expired order');
  return cancelOpenOrder(tx, order, { kind: 'cancelled', orderId: order.id, customerId: order.user_id, actor: input.actor, at: input.now });
}

/** Staff or an admin cancel an open order, saying why (the customer sees the reason). */
export async function cancelOrderByShop(tx: Tx, input: { orderId: string; actor: string; reason: string; now: Date }): Promise<Transition> {
  const reason = input.reason.trim();
  if (!reason) throw rejected('A reason is required');
  const order = await lockOrder(tx, input.orderId);
  if (order.status !== 'Pending' && (order.status !== 'Ready' || isOverdue(order, input.now))) throw rejected('Only a pending or ready order can be cancelled');
  return cancelOpenOrder(tx, order, { kind: 'cancelled', orderId: order.id, customerId: order.user_id, actor: input.actor, at: input.now, reason: reason.slice(0, REASON_MAX_LENGTH) });
}

/**
 * Every Ready order whose hold has ended becomes Expired and its copies go back into stock,
 * exactly once whichever instances sweep at the same time: the orders are locked in id order,
 * and PostgreSQL checks `status = 'Ready'` again on a row whose lock it waited for, so a second
 * sweep skips the orders the first one expired. Any instance may run it at any time
 * (orders/expiry.ts runs it before order reads and transitions, and on a timer).
 */
export async function expireOverdueOrders(db: Db, now: Date): Promise<{ events: OrderEvent[]; bookIds: string[] }> {
  // Most calls find nothing to do: a plain read answers them without a transaction.
  const due = await db.selectFrom('orders').select('id').where('status', '=', 'Ready').where('expires_at', '<=', now).limit(1).executeTakeFirst();
  if (!due) return { events: [], bookIds: [] };
  return runTransaction(db, async (tx) => {
    const orders = await tx
      .selectFrom('orders')
      .select(['id', 'user_id', 'expires_at'])
      .where('status', '=', 'Ready')
      .where('expires_at', '<=', now)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (orders.length === 0) return { events: [], bookIds: [] };
    const ids = orders.map((o) => o.id);
    const bookIds = await returnStock(tx, ids);
    await tx.updateTable('orders').set({ status: 'Expired', claim_code: null }).where('id', 'in', ids).execute();
    const events: OrderEvent[] = [];
    for (const order of orders) {
      // The order expired when its hold ended, whenever a sweep noticed.
      const event: OrderEvent = { kind: 'expired', orderId: order.id, customerId: order.user_id, actor: SYSTEM_ACTOR, at: order.expires_at! };
      await recordOrderEvent(tx, event);
      events.push(event);
    }
    return { events, bookIds };
  });
}
