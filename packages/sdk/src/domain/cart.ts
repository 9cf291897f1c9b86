import { CART_DISCOUNTS, type CartDiscountInfo } from './constants.js';
import { roundMoney } from './money.js';
import { effectivePrice, type PricedBook } from './pricing.js';

/**
 * The parts of a cart line the cart rules read (the generated CartItem fits): the book's list
 * price (now, on the Pustak server; the legacy one sent the price of the first add), and its
 * discount and sale window when the server sends them.
 */
export type CartLine = { cartItemId: string; bookId: string; quantity: number; book: PricedBook };

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

/** What the customer pays per copy of a line at `now`: the sale price while the book's sale runs, else the cart's unit price. */
export function cartUnitPrice(line: Pick<CartLine, 'book'>, now: Date): number {
  return effectivePrice(line.book, now);
}

/** One cart line's total at `now`: quantity x what one copy costs then (cartUnitPrice), 2 decimals. */
export function cartLineTotal(line: Pick<CartLine, 'quantity' | 'book'>, now: Date): number {
  return roundMoney(line.quantity * cartUnitPrice(line, now));
}

/** The spec's "+5 Books Member" (CART_DISCOUNTS[0], 5 %) takes off the whole cart from five copies on. */
export const BULK_DISCOUNT_FROM_COPIES = 5;
/** The spec's "10 successful orders" (CART_DISCOUNTS[1], 10 %) from 10 Completed orders on. */
export const LOYALTY_FROM_COMPLETED_ORDERS = 10;

/** The cart's money as the customer sees it and the server charges it when the order is placed. */
export type CartSummary = {
  copies: number;
  /** Sum of quantity x unit price at the list price (what the books cost without any sale). */
  listSubtotal: number;
  /** Sum of the line totals at the price each copy costs now. */
  subtotal: number;
  /** listSubtotal - subtotal: what the running sales take off. */
  saleSavings: number;
  /** Cart discounts that apply, with the sum of their percents. */
  discounts: CartDiscountInfo[];
  discountPercent: number;
  /** What the cart discounts take off the subtotal. */
  discountAmount: number;
  /** What the order costs: subtotal less the cart discounts, 2 decimals. */
  total: number;
};

const toPaisa = (rupees: number) => Math.round(Number.parseFloat((rupees * 100).toPrecision(15)));

/**
 * The cart discounts that apply: 5 % from five copies on, and 10 % more with 10 or more
 * Completed orders (the legacy server's two rules; the other offers of the spec's list are
 * for information only).
 */
export function cartDiscounts(copies: number, completedOrders = 0): CartDiscountInfo[] {
  const [bulk, loyalty] = CART_DISCOUNTS;
  return [
    ...(copies >= BULK_DISCOUNT_FROM_COPIES && bulk ? [bulk] : []),
    ...(completedOrders >= LOYALTY_FROM_COMPLETED_ORDERS && loyalty ? [loyalty] : []),
  ];
}

/**
 * The cart's totals at `now`. Each copy costs cartUnitPrice (the sale price only while the
 * book's sale runs); the cart discounts come off the subtotal, rounded to the paisa like the
 * server rounds the order's final total, so the total shown is the total charged.
 */
export function cartSummary(
  items: readonly Pick<CartLine, 'quantity' | 'book'>[],
  now: Date,
  { completedOrders = 0 }: { completedOrders?: number } = {},
): CartSummary {
  const copies = cartItemCount(items);
  const listSubtotal = roundMoney(items.reduce((sum, item) => sum + item.quantity * item.book.price, 0));
  const subtotal = roundMoney(items.reduce((sum, item) => sum + cartLineTotal(item, now), 0));
  const discounts = cartDiscounts(copies, completedOrders);
  const discountPercent = discounts.reduce((sum, d) => sum + d.percent, 0);
  const subtotalPaisa = toPaisa(subtotal);
  const totalPaisa = Math.round((subtotalPaisa * (100 - discountPercent)) / 100);
  const total = totalPaisa / 100;
  return {
    copies,
    listSubtotal,
    subtotal,
    saleSavings: roundMoney(listSubtotal - subtotal),
    discounts,
    discountPercent,
    discountAmount: roundMoney(subtotal - total),
    total,
  };
}

/** Cart total at `now`: what placing the order charges (see cartSummary). */
export function cartTotal(items: readonly Pick<CartLine, 'quantity' | 'book'>[], now: Date, completedOrders = 0): number {
  return cartSummary(items, now, { completedOrders }).total;
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
