// A cart's money (each line's unitPrice and lineTotal, the cart's totals and the discounts it
// gets) is the server's answer to GET /addToCart/getcartitems; nothing here prices a cart.

/** Number of copies in the cart (sum of quantities); the cart answer's `totals.copies` says the same. */
export function cartItemCount(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Next value of a quantity stepper: never below 1, and not above `max` when one is given. */
export function stepQuantity(current: number, delta: number, max?: number): number {
  const next = Math.max(1, Math.trunc(current + delta) || 1);
  return max !== undefined && max >= 1 ? Math.min(next, max) : next;
}
