// An order's money (its lines' unitPrice and totalPrice, originalTotal, discountRate and
// finalTotal) is what the server charged: shown as sent, never worked out again here.

/** An order's status field (the generated Order fits). */
export type OrderStatusHolder = { status: string };

/** An open order: Pending or Ready (its copies put aside). The server refuses the rest. */
function isOpen(order: OrderStatusHolder): boolean {
  return order.status === 'Pending' || order.status === 'Ready';
}

/** A customer may cancel an open order (Pending or Ready). */
export function canCancelOrder(order: OrderStatusHolder): boolean {
  return isOpen(order);
}

/** Staff may mark only a Pending order ready for pickup. */
export function canMarkOrderReady(order: OrderStatusHolder): boolean {
  return order.status === 'Pending';
}

/** Staff may cancel (with a reason) an open order. */
export function canShopCancelOrder(order: OrderStatusHolder): boolean {
  return isOpen(order);
}

/** Staff may verify any order that is not Completed, Cancelled or Expired (those show '--'). */
export function canVerifyOrder(order: OrderStatusHolder): boolean {
  return order.status !== 'Completed' && order.status !== 'Cancelled' && order.status !== 'Expired';
}

/**
 * An order's number as customers and staff read it: `#` and the last 8 hex digits of its id,
 * upper-case (`#00000004`). The activity log labels orders so, and `orders.search` finds them by it.
 */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;
}

/** Dashboard status colour: Completed green, Ready (and the legacy Processing) blue, anything else yellow. */
export function orderStatusTone(status: string): 'green' | 'blue' | 'yellow' {
  if (status === 'Completed') return 'green';
  if (status === 'Ready' || status === 'Processing') return 'blue';
  return 'yellow';
}

/** What a status reads as: "Ready for pickup" for Ready; any other (even one this SDK does not know) as sent. */
export function orderStatusLabel(status: string): string {
  return status === 'Ready' ? 'Ready for pickup' : status;
}

const EVENT_LABELS: Record<string, string> = {
  placed: 'Placed',
  ready: 'Ready for pickup',
  completed: 'Picked up',
  cancelled: 'Cancelled',
  expired: 'Expired (not collected in time)',
};

/** A history step's title ("Ready for pickup"); an unknown kind reads as sent. */
export function orderEventLabel(kind: string): string {
  return EVENT_LABELS[kind] ?? kind;
}
