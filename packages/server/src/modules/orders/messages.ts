// What the customer is told about their order after the shop acts on it (issue 29, part 3): it
// is ready, the shop cancelled it (and why), its hold ends within a day. Each is one personal
// message (hub, bell) and one e-mail, sent with `messageUser` inside the transaction of the
// event, so a transition that rolls back tells nobody and one that commits always tells.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Publish } from '../../live/notifier.js';
import { transact, type Tx } from '../../shared/context.js';
import { orderMail } from '../../shared/order-mail.js';
import type { Services } from '../../shared/services.js';
import type { ShopInfo } from '../../shared/shop.js';
import { messageUser } from '../notifications/index.js';
import type { OrderEvent } from './lifecycle.js';

/** How long before the end of its hold a Ready order's customer is reminded. */
export const REMIND_BEFORE_MS = 86_400_000;
/** ReceiveUserMessage's text is at most this long (the contract's x-signalr). */
const TEXT_MAX_LENGTH = 500;

/** The moment a hold ends, as a customer reads it: "Mon 30 Nov, 15:45 GMT+5:45" in the shop's time zone (SHOP_TIME_ZONE). */
export function holdEndText(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone })
    .format(at);
}

/** "Karnali Blues", or "Karnali Blues and 2 more books". */
function booksText(titles: readonly string[]): string {
  const more = titles.length - 1;
  return more > 0 ? `${titles[0]} and ${more} more ${more === 1 ? 'book' : 'books'}` : (titles[0] ?? 'your books');
}

const fit = (text: string) => (text.length <= TEXT_MAX_LENGTH ? text : `${text.slice(0, TEXT_MAX_LENGTH - 1)}…`);

/** The order, its customer and its lines as the e-mail shows them. */
async function orderForMessage(tx: Tx, orderId: string) {
  const order = await tx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.user_id', 'orders.claim_code', 'orders.final_total_paisa', 'users.email', 'users.username'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const items = await tx.selectFrom('order_items').select(['title', 'quantity', 'charged_per_unit_paisa']).where('order_id', '=', orderId).orderBy('id').execute();
  const lines = items.map((item) => ({ title: item.title, quantity: item.quantity, totalPaisa: item.quantity * item.charged_per_unit_paisa }));
  return { ...order, lines, books: booksText(items.map((item) => item.title)) };
}

type Order = Awaited<ReturnType<typeof orderForMessage>>;

function mailAbout(order: Order, shop: ShopInfo, content: { subject: string; intro: string; claimCode: string | null; note?: string }) {
  return orderMail({ to: order.email, username: order.username, orderId: order.id, lines: order.lines, totalPaisa: order.final_total_paisa, ...content }, shop);
}

/** After `markOrderReady`, in its transaction: the books, the claim code and when the hold ends. */
export async function tellOrderReady(tx: Tx, publish: Publish, shop: ShopInfo, event: OrderEvent, expiresAt: Date): Promise<void> {
  const order = await orderForMessage(tx, event.orderId);
  const until = holdEndText(expiresAt, shop.timeZone);
  await messageUser(tx, publish, event.at, {
    userId: event.customerId,
    sender: 'Order ready',
    text: fit(`${order.books} is ready for pickup. Claim code ${order.claim_code}; collect it by ${until}.`),
    mail: mailAbout(order, shop, {
      subject: `Your order is ready for pickup - Order ID: ${order.id}`,
      intro: `Your order ${order.id} is ready for pickup. We are keeping it for you until ${until}.`,
      claimCode: order.claim_code,
    }),
  });
}

/** After `cancelOrderByShop`, in its transaction: the shop's reason; no claim code (it was cleared). */
export async function tellOrderCancelledByShop(tx: Tx, publish: Publish, shop: ShopInfo, event: OrderEvent): Promise<void> {
  const order = await orderForMessage(tx, event.orderId);
  const reason = event.reason ?? '';
  await messageUser(tx, publish, event.at, {
    userId: event.customerId,
    sender: 'Order cancelled',
    text: fit(`The shop cancelled your order of ${order.books}. Reason: ${reason}`),
    mail: mailAbout(order, shop, {
      subject: `Your order was cancelled - Order ID: ${order.id}`,
      intro: `We are sorry: the shop has cancelled your order ${order.id}. You will not be charged for it.`,
      note: `Reason: ${reason}`,
      claimCode: null,
    }),
  });
}

/**
 * "Order expiring tomorrow": tells the customer of every Ready order whose hold ends within a
 * day, once. The orders are locked and marked (`reminded_at`, a conditional UPDATE ...
 * RETURNING) in the transaction that sends the messages, and PostgreSQL checks the condition
 * again on a row whose lock it waited for, so of several instances sweeping at once exactly one
 * reminds each order (a rollback leaves it unreminded for the next sweep). An order readied less than a day before
 * its end is not reminded: the ready message said when. Answers how many were reminded.
 */
export async function remindExpiringOrders(services: Services): Promise<number> {
  const now = services.clock.now();
  const dueBy = new Date(now.getTime() + REMIND_BEFORE_MS);
  const isDue = (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and([
      eb('status', '=', 'Ready'),
      eb('reminded_at', 'is', null),
      eb('expires_at', '>', now),
      eb('expires_at', '<=', dueBy),
      eb(sql`ready_at + ${sql.lit(`${REMIND_BEFORE_MS / 1000} seconds`)}::interval`, '<', eb.ref('expires_at')),
    ]);
  // Most sweeps find nothing to do: a plain read answers them without a transaction.
  if (!(await services.db.selectFrom('orders').select('id').where(isDue).limit(1).executeTakeFirst())) return 0;
  return transact(services.db, services.broadcaster, async (tx, publish) => {
    // Locked in id order, as the expiry sweep locks them, so two sweeps never deadlock.
    const locked = await tx.selectFrom('orders').select('id').where(isDue).orderBy('id').forUpdate().execute();
    if (locked.length === 0) return 0;
    const reminded = await tx
      .updateTable('orders')
      .set({ reminded_at: now })
      .where('id', 'in', locked.map((order) => order.id))
      .where(isDue)
      .returning(['id', 'expires_at'])
      .execute();
    for (const { id, expires_at } of reminded) {
      const order = await orderForMessage(tx, id);
      const until = holdEndText(expires_at!, services.shop.timeZone);
      await messageUser(tx, publish, now, {
        userId: order.user_id,
        sender: 'Order expiring tomorrow',
        text: fit(`${order.books} is waiting for you until ${until}. Collect it with claim code ${order.claim_code}.`),
        mail: mailAbout(order, services.shop, {
          subject: `Your order is waiting for you until ${until} - Order ID: ${order.id}`,
          intro: `Your order ${order.id} is still waiting for you at the counter, until ${until}. After that its books go back on the shelf.`,
          claimCode: order.claim_code,
        }),
      });
    }
    return reminded.length;
  });
}
