// Orders: placing one from the server-side cart and the confirmation e-mail. The lists and the
// counter's search are lists.ts; what happens to an order after that is lifecycle.ts; staff hand
// orders over at pickup (modules/staff).
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Mail } from '../../mail/mailer.js';
import { outboxRow } from '../../mail/outbox.js';
import { isUniqueViolation, type Db } from '../../shared/context.js';
import { conflict, invalid, notFound, rejected, RuleRefusal } from '../../shared/errors.js';
import { formatPercent } from '../../shared/money.js';
import { orderMail, type OrderMailLine } from '../../shared/order-mail.js';
import { preparedQuery } from '../../shared/prepared-query.js';
import type { ShopInfo } from '../../shared/shop.js';
import { cartOffersOfRate, splitCartDiscount, type CartOffer } from '../../shared/pricing.js';
import { cartLinesQuery, pricedCart } from '../cart/index.js';
import { isOverdue } from './lifecycle.js';

export const PRICES_CHANGED = 'Prices in your cart have changed. Please check your cart and place the order again.';

export interface PlacedOrder {
  orderId: string;
  claimCode: string;
  subtotalPaisa: number;
  discounts: { offer: CartOffer; amountPaisa: number }[];
  finalTotalPaisa: number;
  discountBp: number;
  /**
   * The confirmation e-mail, queued in the order's transaction (mail/outbox.ts): send it after
   * the commit. None when the order was placed earlier with the same Idempotency-Key.
   */
  mailId?: string | undefined;
}

/** The cart's lines with their books' stock, locked: compiled once (shared/prepared-query.ts). */
const lockedCartLines = preparedQuery(1, (db, userId: string) => cartLinesQuery(db, userId).select(['books.isbn', 'books.quantity as stock']).forUpdate('cart_items'));

/** The header's place in a 422, as the contract names it. */
const KEY_PLACE = 'header.Idempotency-Key';

/** 8 upper-case hex characters. */
const newClaimCode = () => randomBytes(4).toString('hex').toUpperCase();

/** What a place order asks for beyond the caller's cart. */
export interface PlaceOrderRequest {
  /** Rupees, what the customer saw. */
  expectedTotal?: number | undefined;
  /** The request's Idempotency-Key header. */
  idempotencyKey?: string | undefined;
}

/**
 * Turns the caller's cart into a Pending order, priced by the cart's own function
 * (shared/pricing.ts) in this transaction: the total is what the cart answer shows now. With
 * `expectedTotal` (rupees, what the customer saw), a cart whose total is not that any more is
 * refused (409) and nothing changes. A line above the current stock is refused; stock itself
 * changes only at verification. With an `idempotencyKey` that already placed an order of the
 * caller's, that order is the answer (see {@link placedEarlier}).
 */
export async function placeOrder(db: Db, user: { id: string; email: string; username: string }, now: Date, shop: ShopInfo, request: PlaceOrderRequest = {}): Promise<PlacedOrder> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await placeOnce(db, user, now, shop, request);
    } catch (error) {
      // Two open orders drew the same claim code (1 in 4 billion), or a request with the same
      // Idempotency-Key placed its order first (the next attempt answers that one): again.
      if (attempt < 5 && !(error instanceof RuleRefusal) && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function placeOnce(db: Db, user: { id: string; email: string; username: string }, now: Date, shop: ShopInfo, { expectedTotal, idempotencyKey }: PlaceOrderRequest): Promise<PlacedOrder> {
  return db.transaction().execute(async (tx) => {
    // The cart's rows locked first: a request racing with the same key waits here until the
    // first one commits, then finds its order below.
    const lines = await lockedCartLines(tx, user.id);
    const earlier = idempotencyKey === undefined ? undefined : await placedEarlier(tx, user.id, idempotencyKey, lines);
    if (earlier) return earlier;
    if (lines.length === 0) throw rejected('Cart is empty');
    const cart = pricedCart(lines, now);
    // Compared in paisa, exactly: 5614.5 is the total 5614.50, and 5614.499 is no total at all.
    if (expectedTotal !== undefined && Number.parseFloat((expectedTotal * 100).toPrecision(15)) !== cart.totalPaisa) throw conflict(PRICES_CHANGED);
    for (const line of lines) {
      if (line.quantity > line.stock) throw rejected(`Not enough stock for book: ${line.title}`);
    }
    const orderId = randomUUID();
    const claimCode = newClaimCode();
    const mail = outboxRow(confirmationMail(
      user,
      {
        orderId,
        claimCode,
        discountBp: cart.discountBp,
        totalPaisa: cart.totalPaisa,
        lines: cart.lines.map(({ line, totalPaisa }) => ({ title: line.title, quantity: line.quantity, totalPaisa })),
      },
      shop,
    ), now);
    // The order, its lines, its confirmation e-mail in the outbox and the emptied cart in one
    // statement (one round trip to the database).
    const items = cart.lines.map(({ line, price }) => ({ ...line, charged: price.unitPaisa, itemId: randomUUID() }));
    await sql`
      with new_order as (
        insert into orders (id, user_id, order_date, original_total_paisa, discount_bp, final_total_paisa, status, claim_code, idempotency_key)
        values (${orderId}, ${user.id}, ${now}, ${cart.subtotalPaisa}, ${cart.discountBp}, ${cart.totalPaisa}, 'Pending', ${claimCode}, ${idempotencyKey ?? null})
        returning id
      ), placed as (
        insert into order_events (order_id, kind, at, actor) select new_order.id, 'placed', ${now}, ${user.username} from new_order
      ), new_items as (
        insert into order_items (id, order_id, book_id, title, item_code, quantity, price_per_unit_paisa, charged_per_unit_paisa)
        select item.id, new_order.id, item.book_id, item.title, item.item_code, item.quantity, item.unit_price, item.charged
        from new_order, unnest(${items.map((i) => i.itemId)}::uuid[], ${items.map((i) => i.book_id)}::uuid[], ${items.map((i) => i.title)}::text[],
          ${items.map((i) => i.isbn)}::text[], ${items.map((i) => i.quantity)}::int[], ${items.map((i) => i.price_paisa)}::bigint[],
          ${items.map((i) => i.charged)}::bigint[])
          as item(id, book_id, title, item_code, quantity, unit_price, charged)
      ), confirmation as (
        insert into mail_outbox (id, recipient, subject, text_body, html_body, created_at, next_attempt_at)
        values (${mail.id}, ${mail.recipient}, ${mail.subject}, ${mail.text_body}, ${mail.html_body}, ${mail.created_at}, ${mail.next_attempt_at})
      )
      delete from cart_items where user_id = ${user.id}`.execute(tx);
    return { orderId, claimCode, subtotalPaisa: cart.subtotalPaisa, discounts: cart.discounts, finalTotalPaisa: cart.totalPaisa, discountBp: cart.discountBp, mailId: mail.id };
  });
}

/**
 * The order the caller placed earlier with this Idempotency-Key, as placing it answered, while
 * the cart is empty (the order emptied it) or holds what the order holds (put back as it was).
 * Another cart under the same key, or an order no longer open (its claim code gone), is a 422.
 */
async function placedEarlier(tx: Db, userId: string, key: string, cart: readonly { book_id: string; quantity: number }[]): Promise<PlacedOrder | undefined> {
  const order = await tx
    .selectFrom('orders')
    .select(['id', 'claim_code', 'original_total_paisa', 'discount_bp', 'final_total_paisa'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!order) return undefined;
  if (!order.claim_code) throw invalid(KEY_PLACE, 'This Idempotency-Key placed an order that is no longer open. Use a new key to place another order.');
  if (cart.length > 0) {
    const items = await tx.selectFrom('order_items').select(['book_id', 'quantity']).where('order_id', '=', order.id).execute();
    const held = (lines: readonly { book_id: string; quantity: number }[]) => lines.map((l) => `${l.book_id}:${l.quantity}`).sort().join(',');
    if (held(items) !== held(cart)) throw invalid(KEY_PLACE, 'This Idempotency-Key already placed an order of a different cart. Use a new key to place another order.');
  }
  const subtotalPaisa = Number(order.original_total_paisa);
  const finalTotalPaisa = Number(order.final_total_paisa);
  return {
    orderId: order.id,
    claimCode: order.claim_code,
    subtotalPaisa,
    discounts: splitCartDiscount(subtotalPaisa - finalTotalPaisa, cartOffersOfRate(order.discount_bp) ?? []),
    finalTotalPaisa,
    discountBp: order.discount_bp,
  };
}

/** The order confirmation e-mail: sent when the order is placed, and the same again on the owner's request. */
function confirmationMail(
  user: { email: string; username: string },
  order: { orderId: string; claimCode: string; discountBp: number; totalPaisa: number; lines: OrderMailLine[] },
  shop: ShopInfo,
): Mail {
  return orderMail(
    {
      to: user.email,
      username: user.username,
      orderId: order.orderId,
      subject: `Order Confirmation Details - Order ID: ${order.orderId}`,
      intro: `Thank you for your order ${order.orderId}. We are putting your books aside.`,
      lines: order.lines,
      totalPaisa: order.totalPaisa,
      claimCode: order.claimCode,
      note: order.discountBp > 0 ? `Discount: ${formatPercent(order.discountBp)}` : undefined,
    },
    shop,
  );
}

/**
 * The owner's open (Pending or Ready) order's confirmation e-mail, to send again. Someone
 * else's order is not found.
 */
export async function confirmationMailAgain(db: Db, user: { id: string; email: string; username: string }, orderId: string, now: Date, shop: ShopInfo): Promise<Mail> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'status', 'claim_code', 'discount_bp', 'final_total_paisa', 'expires_at'])
    .where('id', '=', orderId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  if ((order.status !== 'Pending' && order.status !== 'Ready') || !order.claim_code || isOverdue(order, now)) {
    throw rejected("Only an open order's confirmation can be sent again");
  }
  const lines = await db.selectFrom('order_items').select(['quantity', 'title', 'charged_per_unit_paisa']).where('order_id', '=', order.id).orderBy('id').execute();
  return confirmationMail(
    user,
    {
      orderId: order.id,
      claimCode: order.claim_code,
      discountBp: order.discount_bp,
      totalPaisa: order.final_total_paisa,
      lines: lines.map((line) => ({ title: line.title, quantity: line.quantity, totalPaisa: line.quantity * line.charged_per_unit_paisa })),
    },
    shop,
  );
}
