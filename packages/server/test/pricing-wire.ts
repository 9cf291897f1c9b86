// The server's own pricing (shared/pricing.ts and the views that put it on the wire) over books
// as the wire shows them, for the contract's example tests (tests/contract/pricing-examples):
// every figure an example shows must be the one the server would send. Not a test file.
import { pricingView } from '../src/modules/books/views.js';
import { cartTotalsView } from '../src/modules/cart/views.js';
import { paisaToRupees, percentToBasisPoints, rupeesToPaisa } from '../src/shared/money.js';
import { bookPricing, priceCart, type PricedBook } from '../src/shared/pricing.js';

/** The fields of a Book or a CartBook that its price depends on. */
export interface WireBook {
  price: number;
  discount?: number;
  isOnSale?: boolean;
  startTime?: string | null;
  endTime?: string | null;
}

const instant = (value: string | null | undefined) => (value ? new Date(value) : null);

const asRow = (book: WireBook): PricedBook => ({
  price_paisa: rupeesToPaisa(book.price, 'price'),
  discount_bp: percentToBasisPoints(book.discount ?? 0, 'discount'),
  is_on_sale: book.isOnSale ?? false,
  start_time: instant(book.startTime),
  end_time: instant(book.endTime),
});

/** Book.pricing as the server sends it at `at`. */
export const serverPricing = (book: WireBook, at: Date) => pricingView(bookPricing(asRow(book), at));

/** The cart answer's line figures and totals as the server sends them at `at`. */
export function serverCart(lines: { quantity: number; book: WireBook }[], completedOrders: number, at: Date) {
  const cart = priceCart(lines.map((line) => ({ ...asRow(line.book), quantity: line.quantity })), completedOrders, at);
  return {
    lines: cart.lines.map(({ price, totalPaisa }) => ({ unitPrice: paisaToRupees(price.unitPaisa), lineTotal: paisaToRupees(totalPaisa) })),
    totals: cartTotalsView(cart),
  };
}
