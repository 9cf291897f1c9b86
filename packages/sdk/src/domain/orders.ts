import { roundMoney } from './money.js';

/** An order's status field (the generated Order fits). */
export type OrderStatusHolder = { status: string };

/** An order line as the rules read it: totalPrice when sent, else quantity x pricePerUnit. */
export type OrderLineLike = { quantity: number; pricePerUnit?: number | null; totalPrice?: number | null };

/** A customer may cancel only a Pending order. */
export function canCancelOrder(order: OrderStatusHolder): boolean {
  return order.status === 'Pending';
}

/** How many of the orders are Completed (10 or more give the cart's loyalty discount). */
export function completedOrderCount(orders: readonly OrderStatusHolder[]): number {
  return orders.filter((order) => order.status === 'Completed').length;
}

/** Staff may verify any order that is neither Completed nor Cancelled (those show '--'). */
export function canVerifyOrder(order: OrderStatusHolder): boolean {
  return order.status !== 'Completed' && order.status !== 'Cancelled';
}

/** One order line's total: totalPrice when sent, else quantity x pricePerUnit, 2 decimals. */
export function orderLineTotal(line: OrderLineLike): number {
  return roundMoney(line.totalPrice ?? line.quantity * (line.pricePerUnit ?? 0));
}

/** One order line at the book's list price: quantity x pricePerUnit, 2 decimals. */
export function orderLineListTotal(line: OrderLineLike): number {
  return roundMoney(line.quantity * (line.pricePerUnit ?? 0));
}

/** Sum of the order's lines (totalPrice, else quantity x pricePerUnit), 2 decimals. */
export function orderItemsTotal(order: { orderItems?: readonly OrderLineLike[] | null }): number {
  const lines = order.orderItems ?? [];
  return roundMoney(lines.reduce((sum, line) => sum + orderLineTotal(line), 0));
}

/** What the order totals read: the generated Order fits. */
export type OrderTotalsLike = {
  originalTotal?: number | null;
  finalTotal?: number | null;
  discountRate?: number | null;
  orderItems?: readonly OrderLineLike[] | null;
};

/**
 * The order's total before the cart discount (the server's subtotal, after each book's own
 * discount). The contract requires originalTotal; the legacy server never sent it in lists, so then it is worked back:
 * finalTotal = originalTotal x (1 - discountRate). Without a final total: the lines' sum.
 */
export function orderOriginalTotal(order: OrderTotalsLike): number {
  if (order.originalTotal != null) return order.originalTotal;
  const rate = order.discountRate ?? 0;
  if (order.finalTotal != null && rate >= 0 && rate < 1) return roundMoney(order.finalTotal / (1 - rate));
  return orderItemsTotal(order);
}

/**
 * What the books' own discounts took off: the lines at their list price (pricePerUnit) less the
 * subtotal the server charged (totalPrice already has them off). 0 when nothing was taken.
 */
export function orderBookDiscounts(order: OrderTotalsLike): number {
  const listTotal = (order.orderItems ?? []).reduce((sum, line) => sum + orderLineListTotal(line), 0);
  return Math.max(0, roundMoney(listTotal - orderOriginalTotal(order)));
}

/** Dashboard status colour: Completed green, Processing blue, anything else yellow. */
export function orderStatusTone(status: string): 'green' | 'blue' | 'yellow' {
  if (status === 'Completed') return 'green';
  if (status === 'Processing') return 'blue';
  return 'yellow';
}
