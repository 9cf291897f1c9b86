import { roundMoney } from './money.js';

/** An order's status field (the generated Order fits). */
export type OrderStatusHolder = { status: string };

/** An order line as the rules read it: totalPrice when sent, else quantity x pricePerUnit. */
export type OrderLineLike = { quantity: number; pricePerUnit?: number | null; totalPrice?: number | null };

/** A customer may cancel only a Pending order. */
export function canCancelOrder(order: OrderStatusHolder): boolean {
  return order.status === 'Pending';
}

/** Staff may verify any order that is neither Completed nor Cancelled (those show '--'). */
export function canVerifyOrder(order: OrderStatusHolder): boolean {
  return order.status !== 'Completed' && order.status !== 'Cancelled';
}

/** Sum of the order's lines (totalPrice, else quantity x pricePerUnit), 2 decimals. */
export function orderItemsTotal(order: { orderItems?: readonly OrderLineLike[] | null }): number {
  const lines = order.orderItems ?? [];
  return roundMoney(
    lines.reduce((sum, line) => sum + (line.totalPrice ?? line.quantity * (line.pricePerUnit ?? 0)), 0),
  );
}

/** The order's total before the cart discount: originalTotal, or the sum of its lines (lists never send it). */
export function orderOriginalTotal(order: {
  originalTotal?: number | null;
  orderItems?: readonly OrderLineLike[] | null;
}): number {
  return order.originalTotal ?? orderItemsTotal(order);
}

/** Dashboard status colour: Completed green, Processing blue, anything else yellow. */
export function orderStatusTone(status: string): 'green' | 'blue' | 'yellow' {
  if (status === 'Completed') return 'green';
  if (status === 'Processing') return 'blue';
  return 'yellow';
}
