// An order in the contract's wire shape (rupees, ISO dates).
import { paisaToRupees } from '../../shared/money.js';
import { iso, type Schemas } from '../../shared/wire.js';
import { historyView } from './history.js';
import type { OrderView } from './lists.js';

/**
 * `forOwner`: the owner's own list, which alone carries an open order's claim code (staff and
 * admin lists never do: the code the customer shows at the counter is their proof).
 */
export function orderView({ order, username, items, events }: OrderView, { forOwner }: { forOwner: boolean }): Schemas['Order'] {
  const open = order.status === 'Pending' || order.status === 'Ready';
  const handedOverBy = order.status === 'Completed' ? events.findLast((e) => e.kind === 'completed')?.actor : null;
  return {
    orderId: order.id,
    username,
    orderDate: iso(order.order_date),
    originalTotal: paisaToRupees(order.original_total_paisa),
    discountRate: order.discount_bp / 10_000,
    finalTotal: paisaToRupees(order.final_total_paisa),
    status: order.status,
    ...(forOwner && open && order.claim_code ? { claimCode: order.claim_code } : {}),
    ...(order.status === 'Ready' && order.expires_at ? { expiresAt: iso(order.expires_at) } : {}),
    bookTitles: items.map((i) => i.title),
    orderItems: items.map((i) => ({
      bookId: i.book_id,
      title: i.title,
      itemCode: i.item_code,
      quantity: i.quantity,
      pricePerUnit: paisaToRupees(i.price_per_unit_paisa),
      unitPrice: paisaToRupees(i.charged_per_unit_paisa),
      // The lines add up to originalTotal (each line's copies at what one was charged).
      totalPrice: paisaToRupees(i.quantity * i.charged_per_unit_paisa),
    })),
    // Picked up at the counter: nothing is shipped.
    shippingCost: 0,
    ...(order.status === 'Completed' && order.payment_method ? { paymentMethod: order.payment_method } : {}),
    ...(handedOverBy ? { handedOverBy } : {}),
    history: historyView(order, username, events),
  };
}
