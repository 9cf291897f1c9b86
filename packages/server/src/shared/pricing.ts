// What a customer pays, decided once (issue 28): a book's price now, and a cart's lines, cart
// discounts and total. The book views, the cart view and placing an order all call these, so
// the figure on the screen and the figure charged are one computation. Money is integer paisa,
// percentages basis points; every rounding is half up to the paisa (money.ts, mulDivHalfUp).
import { lessBasisPoints, mulDivHalfUp } from './money.js';

/** What a book's price depends on (a books row has these columns). */
export interface PricedBook {
  price_paisa: number;
  discount_bp: number;
  is_on_sale: boolean;
  start_time: Date | null;
  end_time: Date | null;
}

/** A book's price at one instant. */
export interface BookPrice {
  listPaisa: number;
  /** What one copy costs: the sale price while the deal runs, else the list price. */
  unitPaisa: number;
  dealRunning: boolean;
  /** The running deal's discount; 0 when none runs. */
  dealBp: number;
  /** An announced deal's first instant (on sale, not started yet); null otherwise. */
  dealStartsAt: Date | null;
  /** The running deal's last instant; null when none runs. */
  dealEndsAt: Date | null;
}

/** True while the book's deal runs: on sale and start <= now <= end, both instants included (spec section 4). */
export function dealRunning(book: Pick<PricedBook, 'is_on_sale' | 'start_time' | 'end_time'>, now: Date): boolean {
  if (!book.is_on_sale || !book.start_time || !book.end_time) return false;
  const t = now.getTime();
  return book.start_time.getTime() <= t && t <= book.end_time.getTime();
}

export function bookPricing(book: PricedBook, now: Date): BookPrice {
  const running = dealRunning(book, now);
  // A window that ends before it starts never runs: nothing to announce.
  const { start_time: start, end_time: end } = book;
  const announced = book.is_on_sale && !!start && !!end && now.getTime() < start.getTime() && start.getTime() <= end.getTime();
  return {
    listPaisa: book.price_paisa,
    unitPaisa: running ? lessBasisPoints(book.price_paisa, book.discount_bp) : book.price_paisa,
    dealRunning: running,
    dealBp: running ? book.discount_bp : 0,
    dealStartsAt: announced ? book.start_time : null,
    dealEndsAt: running ? book.end_time : null,
  };
}

/**
 * The first instant after `now` at which {@link bookPricing} answers differently for this book
 * (its deal starts, or the millisecond after its last one), or null when it never will. A read
 * cache keeps nothing priced past it.
 */
export function nextPriceChange(book: Pick<PricedBook, 'is_on_sale' | 'start_time' | 'end_time'>, now: Date): Date | null {
  if (!book.is_on_sale || !book.start_time || !book.end_time) return null;
  const after = [book.start_time.getTime(), book.end_time.getTime() + 1].filter((instant) => instant > now.getTime());
  return after.length > 0 ? new Date(Math.min(...after)) : null;
}

export type CartDiscountCode = 'bulk' | 'loyalty';

export interface CartOffer {
  code: CartDiscountCode;
  /** As the spec's cart page names it. */
  name: string;
  rule: string;
  bp: number;
}

/** 5 % off the whole cart from five copies on. */
export const BULK_DISCOUNT: CartOffer = { code: 'bulk', name: '+5 Books Member', rule: '5 % off the whole cart from 5 books on', bp: 500 };
export const BULK_DISCOUNT_FROM_COPIES = 5;
/** 10 % more for a customer with 10 or more Completed orders. */
export const LOYALTY_DISCOUNT: CartOffer = { code: 'loyalty', name: '10 successful orders', rule: '10 % off for customers with 10 or more completed orders', bp: 1000 };
export const LOYALTY_FROM_COMPLETED_ORDERS = 10;

export interface PricedLine<L> {
  line: L;
  price: BookPrice;
  /** quantity x unitPaisa. */
  totalPaisa: number;
}

export interface CartPrice<L> {
  lines: PricedLine<L>[];
  copies: number;
  listSubtotalPaisa: number;
  /** The lines at what one copy costs now. */
  subtotalPaisa: number;
  /** The cart discounts that apply, each with what it takes off; the amounts add up to subtotal - total. */
  discounts: { offer: CartOffer; amountPaisa: number }[];
  /** The sum of the discounts' basis points. */
  discountBp: number;
  totalPaisa: number;
}

/**
 * A cart's money at `now`: each line at its book's unit price, the cart discounts of the spec
 * (5 % from five copies, 10 % from 10 Completed orders; an empty cart gets none), their
 * percents added up and taken off the subtotal once: total = subtotal x (1 - sum), rounded half
 * up to the paisa. The discount total (subtotal - total) is split over the discounts by their
 * percents: each but the last gets its share of it rounded half up, the last (loyalty, when
 * both apply) the rest, so the amounts always add up to it exactly.
 */
export function priceCart<L extends PricedBook & { quantity: number }>(lines: readonly L[], completedOrders: number, now: Date): CartPrice<L> {
  const priced = lines.map((line) => {
    const price = bookPricing(line, now);
    return { line, price, totalPaisa: line.quantity * price.unitPaisa };
  });
  const copies = lines.reduce((sum, line) => sum + line.quantity, 0);
  const listSubtotalPaisa = lines.reduce((sum, line) => sum + line.quantity * line.price_paisa, 0);
  const subtotalPaisa = priced.reduce((sum, line) => sum + line.totalPaisa, 0);
  const offers = lines.length === 0 ? [] : [
    ...(copies >= BULK_DISCOUNT_FROM_COPIES ? [BULK_DISCOUNT] : []),
    ...(completedOrders >= LOYALTY_FROM_COMPLETED_ORDERS ? [LOYALTY_DISCOUNT] : []),
  ];
  const discountBp = offers.reduce((sum, offer) => sum + offer.bp, 0);
  const totalPaisa = lessBasisPoints(subtotalPaisa, discountBp);
  return { lines: priced, copies, listSubtotalPaisa, subtotalPaisa, discounts: splitDiscount(offers, subtotalPaisa, totalPaisa), discountBp, totalPaisa };
}

/**
 * The discount total (subtotal - total) split over the offers by their percents: each but the
 * last gets its share rounded half up, the last the rest, so the amounts add up to it exactly.
 */
export function splitDiscount(offers: readonly CartOffer[], subtotalPaisa: number, totalPaisa: number): { offer: CartOffer; amountPaisa: number }[] {
  const discountBp = offers.reduce((sum, offer) => sum + offer.bp, 0);
  let left = subtotalPaisa - totalPaisa;
  return offers.map((offer, index) => {
    const amountPaisa = index === offers.length - 1 ? left : mulDivHalfUp(subtotalPaisa - totalPaisa, offer.bp, discountBp);
    left -= amountPaisa;
    return { offer, amountPaisa };
  });
}

/** The cart offers a placed order's discount (its basis points) was made of, in the cart's order. */
export function offersOfDiscount(discountBp: number): CartOffer[] {
  const both = [BULK_DISCOUNT, LOYALTY_DISCOUNT];
  const subsets = [[], [BULK_DISCOUNT], [LOYALTY_DISCOUNT], both];
  return subsets.find((offers) => offers.reduce((sum, offer) => sum + offer.bp, 0) === discountBp) ?? [];
}
