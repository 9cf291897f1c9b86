// Orders: placing one from the server-side cart and the confirmation e-mail. The lists and the
// counter's search are lists.ts; what happens to an order after that is lifecycle.ts; staff hand
// orders over at pickup (modules/staff).
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Mail } from '../../mail/mailer.js';
import type { ClaimedOutboxRow } from '../../mail/outbox.js';
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
   * The confirmation e-mail, written claimed with the order (mail/outbox.ts): send it after the
   * commit. None when the order was placed earlier with the same Idempotency-Key.
   */
  mail?: ClaimedOutboxRow | undefined;
}

/** The cart's lines with their books' stock, read without a lock: compiled once (shared/prepared-query.ts). */
const cartLinesWithStock = preparedQuery(1, (db, userId: string) => cartLinesQuery(db, userId).select(['books.isbn', 'books.quantity as stock']));

/** The header's place in a 422, as the contract names it. */
const KEY_PLACE = 'header.Idempotency-Key';

/** 8 upper-case hex characters. */
const newClaimCode = () => randomBytes(4).toString('hex').toUpperCase();

/** A cart changed under every try (another tab adding and removing lines all the while). */
export const CART_CHANGED = 'Your cart changed while the order was being placed. Please check your cart and place the order again.';

/** What a place order asks for beyond the caller's cart. */
export interface PlaceOrderRequest {
  /** Rupees, what the customer saw. */
  expectedTotal?: number | undefined;
  /** The request's Idempotency-Key header. */
  idempotencyKey?: string | undefined;
  /** The confirmation e-mail's outbox row, claimed by the instance that sends it after the commit (mail/outbox.ts). */
  mailRow: (mail: Mail, now: Date) => ClaimedOutboxRow;
}

/**
 * Turns the caller's cart into a Pending order, priced by the cart's own function
 * (shared/pricing.ts): the total is what the cart answer shows now. With `expectedTotal`
 * (rupees, what the customer saw), a cart whose total is not that any more is refused (409) and
 * nothing changes. A line above the current stock is refused; stock itself changes only at
 * verification. With an `idempotencyKey` that already placed an order of the caller's, that
 * order is the answer (see {@link placedEarlier}).
 *
 * Two statements and no transaction: the cart is read and priced, then one statement locks the
 * cart's lines, and only while they are still the lines priced writes the order, its lines, its
 * event, its e-mail (claimed) and empties them. A cart changed in between (a line added,
 * removed, its quantity changed, or the order placed by a request racing with this one) writes
 * nothing, and the cart is read again. On PGlite a transaction held the one connection while
 * the cart was priced, and its begin and commit were statements of their own.
 */
export async function placeOrder(db: Db, user: { id: string; email: string; username: string }, now: Date, shop: ShopInfo, request: PlaceOrderRequest): Promise<PlacedOrder> {
  for (let attempt = 1; ; attempt += 1) {
    const lines = await cartLinesWithStock(db, user.id);
    // The order a resent request placed emptied the cart: answer that order.
    const earlier = lines.length === 0 && request.idempotencyKey !== undefined ? await placedEarlier(db, user.id, request.idempotencyKey, lines) : undefined;
    if (earlier) return earlier;
    try {
      const placed = await placeLines(db, user, now, shop, request, lines);
      if (placed) return placed;
    } catch (error) {
      if (error instanceof RuleRefusal || !isUniqueViolation(error)) throw error;
      // The key placed an order already (with this cart put back, or another: placedEarlier
      // tells), or two open orders drew the same claim code (1 in 4 billion): again.
      const keyed = request.idempotencyKey === undefined ? undefined : await placedEarlier(db, user.id, request.idempotencyKey, lines);
      if (keyed) return keyed;
    }
    if (attempt >= 5) throw conflict(CART_CHANGED);
  }
}

/** The order of these cart lines, or undefined when the cart is not these lines any more (nothing written). */
async function placeLines(
  db: Db,
  user: { id: string; email: string; username: string },
  now: Date,
  shop: ShopInfo,
  { expectedTotal, idempotencyKey, mailRow }: PlaceOrderRequest,
  lines: Awaited<ReturnType<typeof cartLinesWithStock>>,
): Promise<PlacedOrder | undefined> {
  if (lines.length === 0) throw rejected('Cart is empty');
  const cart = pricedCart(lines, now);
  // Compared in paisa, exactly: 5614.5 is the total 5614.50, and 5614.499 is no total at all.
  if (expectedTotal !== undefined && Number.parseFloat((expectedTotal * 100).toPrecision(15)) !== cart.totalPaisa) throw conflict(PRICES_CHANGED);
  for (const line of lines) {
    if (line.quantity > line.stock) throw rejected(`Not enough stock for book: ${line.title}`);
  }
  const orderId = randomUUID();
  const claimCode = newClaimCode();
  const mail = mailRow(confirmationMail(
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
  const items = cart.lines.map(({ line, price }) => ({ ...line, charged: price.unitPaisa, itemId: randomUUID() }));
  // One statement, atomic without a transaction. `cart` locks the customer's lines as they are
  // now (a line another request changed is seen as it committed, one it deleted is gone);
  // `priced` holds when they are exactly the lines priced above, and every write waits for it.
  const { rows } = await sql<{ id: string }>`
    with cart as (
      select id, quantity from cart_items where user_id = ${user.id} for update
    ), priced as (
      select count(*) = ${lines.length} and count(*) filter (where (cart.id, cart.quantity) in (select * from unnest(${lines.map((l) => l.id)}::uuid[], ${lines.map((l) => l.quantity)}::int[]))) = ${lines.length} as same
      from cart
    ), new_order as (
      insert into orders (id, user_id, order_date, original_total_paisa, discount_bp, final_total_paisa, status, claim_code, idempotency_key)
      select ${orderId}, ${user.id}, ${now}, ${cart.subtotalPaisa}, ${cart.discountBp}, ${cart.totalPaisa}, 'Pending', ${claimCode}, ${idempotencyKey ?? null}
      from priced where priced.same
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
      insert into mail_outbox (id, recipient, subject, text_body, html_body, created_at, next_attempt_at, attempts, claimed_until)
      select ${mail.id}, ${mail.recipient}, ${mail.subject}, ${mail.text_body}, ${mail.html_body}, ${mail.created_at}, ${mail.next_attempt_at}, ${mail.attempts}, ${mail.claimed_until}
      from new_order
    ), emptied as (
      -- By the customer's index too: without the table's statistics (never analyzed) the
      -- planner read every cart line to find these.
      delete from cart_items where user_id = ${user.id} and id in (select id from cart) and exists (select from new_order)
    )
    select id from new_order`.execute(db);
  if (rows.length === 0) return undefined;
  return { orderId, claimCode, subtotalPaisa: cart.subtotalPaisa, discounts: cart.discounts, finalTotalPaisa: cart.totalPaisa, discountBp: cart.discountBp, mail };
}

/**
 * The order the caller placed earlier with this Idempotency-Key, as placing it answered, while
 * the cart is empty (the order emptied it) or holds what the order holds (put back as it was).
 * Another cart under the same key, or an order no longer open (its claim code gone), is a 422.
 */
async function placedEarlier(db: Db, userId: string, key: string, cart: readonly { book_id: string; quantity: number }[]): Promise<PlacedOrder | undefined> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'claim_code', 'original_total_paisa', 'discount_bp', 'final_total_paisa'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!order) return undefined;
  if (!order.claim_code) throw invalid(KEY_PLACE, 'This Idempotency-Key placed an order that is no longer open. Use a new key to place another order.');
  if (cart.length > 0) {
    const items = await db.selectFrom('order_items').select(['book_id', 'quantity']).where('order_id', '=', order.id).execute();
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
