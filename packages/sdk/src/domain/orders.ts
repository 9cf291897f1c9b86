// An order's money (its lines' unitPrice and totalPrice, originalTotal, discountRate and
// finalTotal) is what the server charged: shown as sent, never worked out again here.

/** An order's status field (the generated Order fits). */
export type OrderStatusHolder = { status: string };

/** A customer may cancel only a Pending order. */
export function canCancelOrder(order: OrderStatusHolder): boolean {
  return order.status === 'Pending';
}

/** Staff may verify any order that is neither Completed nor Cancelled (those show '--'). */
export function canVerifyOrder(order: OrderStatusHolder): boolean {
  return order.status !== 'Completed' && order.status !== 'Cancelled';
}

/** Dashboard status colour: Completed green, Processing blue, anything else yellow. */
export function orderStatusTone(status: string): 'green' | 'blue' | 'yellow' {
  if (status === 'Completed') return 'green';
  if (status === 'Processing') return 'blue';
  return 'yellow';
}
