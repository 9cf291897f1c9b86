import { roundMoney } from './money.js';

/** The parts of a cart line the cart rules read (the generated CartItem fits). */
export type CartLine = { cartItemId: string; bookId: string; quantity: number; book: { price: number } };

/**
 * Merges lines of the same book by summing quantities; the merged line keeps the first line's
 * cartItemId and book, and lines keep the order in which their book first appears.
 */
export function mergeCartLines<T extends Pick<CartLine, 'bookId' | 'quantity'>>(items: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const item of items) {
    const first = merged.get(item.bookId);
    merged.set(item.bookId, first ? { ...first, quantity: first.quantity + item.quantity } : item);
  }
  return [...merged.values()];
}

/**
 * The cart after setting a book's merged line to `quantity`: the first server line of that
 * book carries it and its other lines go (what the server holds once the change is saved).
 */
export function withCartLineQuantity<T extends Pick<CartLine, 'bookId' | 'quantity'>>(
  items: readonly T[],
  bookId: string,
  quantity: number,
): T[] {
  const first = items.find((item) => item.bookId === bookId);
  return items
    .filter((item) => item.bookId !== bookId || item === first)
    .map((item) => (item === first ? { ...item, quantity } : item));
}

/** One cart line's total: quantity x list price, 2 decimals. */
export function cartLineTotal(line: Pick<CartLine, 'quantity' | 'book'>): number {
  return roundMoney(line.quantity * line.book.price);
}

/** Cart total: the plain sum of quantity x list price (no sale price, no cart discount), 2 decimals. */
export function cartTotal(items: readonly Pick<CartLine, 'quantity' | 'book'>[]): number {
  return roundMoney(items.reduce((sum, item) => sum + cartLineTotal(item), 0));
}

/** Number of copies in the cart (sum of quantities). */
export function cartItemCount(items: readonly Pick<CartLine, 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Next value of a quantity stepper: never below 1, and not above `max` when one is given. */
export function stepQuantity(current: number, delta: number, max?: number): number {
  const next = Math.max(1, Math.trunc(current + delta) || 1);
  return max !== undefined && max >= 1 ? Math.min(next, max) : next;
}
