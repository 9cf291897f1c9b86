// A Completed order's receipt (issue 30): the shop, the handover and the money, all from what the
// order recorded when it was placed and handed over, never from today's prices. The lines are at
// the list price of one copy then; the book deals and the cart discount come off them, so the
// printed sums add up: subtotal - discounts = what the customer paid.
import type { OrderEventRow, OrderRow } from '../../db/schema.js';
import type { Db } from '../../shared/context.js';
import type { Caller } from '../../shared/handler.js';
import { notFound, rejected } from '../../shared/errors.js';
import { basisPointsToPercent, paisaToRupees } from '../../shared/money.js';
import { cartOffersOfRate, splitCartDiscount } from '../../shared/pricing.js';
import type { ShopInfo } from '../../shared/shop.js';
import { iso, type Schemas } from '../../shared/wire.js';
import { orderNumber } from './lists.js';

export const NOT_COMPLETED = 'Only a completed order has a receipt';

interface ReceiptRecord {
  order: OrderRow;
  customer: string;
  items: { book_id: string; title: string; item_code: string; quantity: number; price_per_unit_paisa: number; charged_per_unit_paisa: number }[];
  handover: OrderEventRow | undefined;
}

/**
 * The order and what its receipt prints. A customer reads only their own orders (another's is
 * not found, like every order call); Staff and Admin read any. Only a Completed order has one.
 */
export async function orderReceipt(db: Db, caller: Caller, orderId: string): Promise<ReceiptRecord> {
  let query = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').selectAll('orders').select('users.username').where('orders.id', '=', orderId);
  if (caller.role === 'User') query = query.where('orders.user_id', '=', caller.id);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Order not found');
  const { username: customer, ...order } = row;
  if (order.status !== 'Completed') throw rejected(NOT_COMPLETED);
  const items = await db
    .selectFrom('order_items')
    .select(['book_id', 'title', 'item_code', 'quantity', 'price_per_unit_paisa', 'charged_per_unit_paisa'])
    .where('order_id', '=', order.id)
    // By title, as printed: an order's line ids are random.
    .orderBy('title')
    .orderBy('id')
    .execute();
  const handover = await db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).where('kind', '=', 'completed').orderBy('id', 'desc').executeTakeFirst();
  return { order, customer, items, handover };
}

/** The receipt in the contract's shape: rupees from the recorded paisa, the shop as configured now. */
export function receiptView({ order, customer, items, handover }: ReceiptRecord, shop: ShopInfo): Schemas['Receipt'] {
  // A copy's price on the receipt is its list price then, or what it was charged if that was more
  // (never, by placeOrder), so a deal is never a negative discount and the sums still hold.
  const lines = items.map((item) => ({ item, unitPaisa: Math.max(item.price_per_unit_paisa, item.charged_per_unit_paisa) }));
  const subtotalPaisa = lines.reduce((sum, { item, unitPaisa }) => sum + item.quantity * unitPaisa, 0);
  const deals = lines
    .filter(({ item, unitPaisa }) => unitPaisa > item.charged_per_unit_paisa)
    .map(({ item, unitPaisa }) => ({ kind: 'book' as const, name: `Deal on ${item.title}`, amountPaisa: item.quantity * (unitPaisa - item.charged_per_unit_paisa) }));
  const discountsPaisa = [...deals, ...cartDiscounts(order)];
  const { name, address, phone, email, panNumber, timeZone } = shop;
  return {
    shop: { name, address, phone, email, ...(panNumber ? { panNumber } : {}), timeZone },
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    customer,
    orderDate: iso(order.order_date),
    handedOverAt: handover?.at ? iso(handover.at) : null,
    handedOverBy: handover?.actor ?? null,
    paymentMethod: order.payment_method,
    claimCode: order.claim_code,
    lines: lines.map(({ item, unitPaisa }) => ({
      bookId: item.book_id,
      title: item.title,
      itemCode: item.item_code,
      quantity: item.quantity,
      unitPrice: paisaToRupees(unitPaisa),
      lineTotal: paisaToRupees(item.quantity * unitPaisa),
    })),
    subtotal: paisaToRupees(subtotalPaisa),
    discounts: discountsPaisa.map(({ amountPaisa, ...discount }) => ({ ...discount, amount: paisaToRupees(amountPaisa) })),
    discountTotal: paisaToRupees(discountsPaisa.reduce((sum, discount) => sum + discount.amountPaisa, 0)),
    total: paisaToRupees(order.final_total_paisa),
  };
}

/**
 * The cart discount the order took (originalTotal - finalTotal), named by the offers its recorded
 * rate is made of and split over them as the cart split it; one "Cart discount" when today's
 * offers do not explain the rate.
 */
function cartDiscounts(order: OrderRow): { kind: 'cart'; name: string; percent: number; amountPaisa: number }[] {
  const amountPaisa = order.original_total_paisa - order.final_total_paisa;
  if (amountPaisa <= 0) return [];
  const offers = cartOffersOfRate(order.discount_bp);
  if (!offers?.length) return [{ kind: 'cart', name: 'Cart discount', percent: basisPointsToPercent(order.discount_bp), amountPaisa }];
  return splitCartDiscount(amountPaisa, offers).map(({ offer, amountPaisa: share }) => ({ kind: 'cart', name: offer.name, percent: basisPointsToPercent(offer.bp), amountPaisa: share }));
}
