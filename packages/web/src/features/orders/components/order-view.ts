import { type Order } from '@pustak/sdk';
import { timestampMs } from '@pustak/sdk/domain';

export const STATUS_FILTERS = ['All', 'Pending', 'Ready', 'Completed', 'Cancelled', 'Expired'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const ORDER_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'amount-desc', label: 'Amount: high to low' },
  { value: 'amount-asc', label: 'Amount: low to high' },
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number]['value'];

const dateOf = (order: Order) => {
  const ms = timestampMs(order.orderDate);
  return Number.isNaN(ms) ? 0 : ms;
};

// Ordered by comparing the server's totals, never by subtracting them (no client arithmetic on money).
const byTotal = (a: Order, b: Order) => (a.finalTotal < b.finalTotal ? -1 : a.finalTotal > b.finalTotal ? 1 : 0);

/** The orders a status filter and sort show, in order. */
export function visibleOrders(orders: readonly Order[], filter: StatusFilter, sort: OrderSort): Order[] {
  const shown = filter === 'All' ? [...orders] : orders.filter((order) => order.status === filter);
  const compare: Record<OrderSort, (a: Order, b: Order) => number> = {
    newest: (a, b) => dateOf(b) - dateOf(a),
    oldest: (a, b) => dateOf(a) - dateOf(b),
    'amount-desc': (a, b) => byTotal(b, a),
    'amount-asc': byTotal,
  };
  return shown.sort(compare[sort]);
}

/** A short, readable order number (the SDK's, as staff and the activity log read it). */
export { orderNumber } from '@pustak/sdk/domain';
