import { type Order } from '@pustak/sdk';

/** "Dracula × 1, Cosmos × 2" from an order's lines (or its book titles when it has none). */
export function orderItemsText(order: Order): string {
  if (order.orderItems?.length) return order.orderItems.map((item) => `${item.title} × ${item.quantity}`).join(', ');
  return (order.bookTitles ?? []).join(', ') || '—';
}
