import { describe, it, expect } from 'vitest';
import {
  canCancelOrder,
  canVerifyOrder,
  cartItemCount,
  cartDiscounts,
  cartLineTotal,
  cartSummary,
  cartTotal,
  cartUnitPrice,
  mergeCartLines,
  orderItemsTotal,
  orderLineTotal,
  orderLineListTotal,
  withCartLineQuantity,
  orderBookDiscounts,
  orderOriginalTotal,
  orderStatusTone,
  stepQuantity,
} from '../../src/domain/index.js';

const line = (cartItemId: string, bookId: string, quantity: number, price: number) => ({
  cartItemId,
  bookId,
  quantity,
  book: { title: `Book ${bookId}`, author: 'A', price, imageUrl: '' },
});

describe('mergeCartLines', () => {
  it('sums duplicate books into the first line, keeping first-appearance order', () => {
    const merged = mergeCartLines([
      line('c1', 'b1', 1, 100),
      line('c2', 'b2', 2, 50),
      line('c3', 'b1', 3, 999),
      line('c4', 'b3', 1, 10),
      line('c5', 'b2', 1, 50),
    ]);
    expect(merged.map((l) => [l.cartItemId, l.bookId, l.quantity, l.book.price])).toEqual([
      ['c1', 'b1', 4, 100],
      ['c2', 'b2', 3, 50],
      ['c4', 'b3', 1, 10],
    ]);
  });

  it('leaves the input untouched and passes distinct lines through', () => {
    const items = [line('c1', 'b1', 1, 100), line('c2', 'b1', 1, 100)];
    mergeCartLines(items);
    expect(items[0]?.quantity).toBe(1);
    expect(mergeCartLines([])).toEqual([]);
  });
});

describe('withCartLineQuantity', () => {
  it("sets the book's first line to the quantity and drops its other lines", () => {
    const items = [line('c1', 'b1', 1, 100), line('c2', 'b2', 2, 50), line('c3', 'b1', 3, 100)];
    expect(withCartLineQuantity(items, 'b1', 7).map((l) => [l.cartItemId, l.quantity])).toEqual([
      ['c1', 7],
      ['c2', 2],
    ]);
    expect(items.map((l) => l.quantity)).toEqual([1, 2, 3]);
    expect(withCartLineQuantity(items, 'nope', 7)).toEqual(items);
  });
});

describe('cart totals', () => {
  const items = [line('c1', 'b1', 2, 450.5), line('c2', 'b2', 3, 0.1)];

  const NOW = new Date('2026-11-21T06:00:00Z');

  it('totals one line as quantity x list price when no sale runs, to the paisa', () => {
    expect(cartLineTotal(items[0]!, NOW)).toBe(901);
    expect(cartLineTotal(items[1]!, NOW)).toBe(0.3);
  });

  it('is the plain sum of quantity x price under five copies', () => {
    expect(cartTotal(items.slice(0, 1), NOW)).toBe(901);
    expect(cartTotal([], NOW)).toBe(0);
  });

  const onSale = (window: { startTime: string; endTime: string }) => ({
    cartItemId: 'c9',
    bookId: 'b9',
    quantity: 2,
    book: { price: 650, discount: 15, isOnSale: true, ...window },
  });
  const running = onSale({ startTime: '2025-01-01T00:00:00Z', endTime: '2029-12-31T23:59:59Z' });
  const ended = onSale({ startTime: '2025-01-01T00:00:00Z', endTime: '2026-11-21T05:59:59Z' });

  it('charges the sale price while the sale runs, and the list price before or after it', () => {
    expect(cartUnitPrice(running, NOW)).toBe(552.5);
    expect(cartLineTotal(running, NOW)).toBe(1105);
    expect(cartUnitPrice(ended, NOW)).toBe(650);
    expect(cartUnitPrice({ book: { ...running.book, isOnSale: false } }, NOW)).toBe(650);
    expect(cartUnitPrice(running, new Date('2030-01-01T00:00:00Z'))).toBe(650);
  });

  it('sums what each copy costs now, and says what the sales took off', () => {
    const summary = cartSummary([running, { ...items[0]!, quantity: 1 }], NOW);
    expect(summary).toMatchObject({ copies: 3, listSubtotal: 1750.5, subtotal: 1555.5, saleSavings: 195, discountPercent: 0, total: 1555.5 });
  });

  it('takes 5 % off the subtotal from five copies on, rounded to the paisa as the server rounds', () => {
    // 2 x 552.50 + 3 x 0.10 = 1105.30; 5 % off = 1050.035 -> 1050.04 (half up, in paisa).
    const summary = cartSummary([running, items[1]!], NOW);
    expect(summary.copies).toBe(5);
    expect(summary.discounts.map((d) => d.label)).toEqual(['+5 Books Member']);
    expect(summary).toMatchObject({ subtotal: 1105.3, discountPercent: 5, discountAmount: 55.26, total: 1050.04 });
    expect(cartSummary([running, { ...items[1]!, quantity: 2 }], NOW).discountPercent).toBe(0);
  });

  it('adds 10 % with 10 completed orders', () => {
    expect(cartDiscounts(1, 10).map((d) => d.percent)).toEqual([10]);
    expect(cartDiscounts(5, 10).map((d) => d.percent)).toEqual([5, 10]);
    expect(cartDiscounts(4, 9)).toEqual([]);
    expect(cartTotal([{ ...items[0]!, quantity: 1 }], NOW, 10)).toBe(405.45);
  });

  it('counts copies', () => {
    expect(cartItemCount(items)).toBe(5);
  });
});

describe('stepQuantity', () => {
  it('never goes below 1 and respects a maximum', () => {
    expect(stepQuantity(1, -1)).toBe(1);
    expect(stepQuantity(3, -1)).toBe(2);
    expect(stepQuantity(3, 1)).toBe(4);
    expect(stepQuantity(4, 1, 4)).toBe(4);
    expect(stepQuantity(Number.NaN, 1)).toBe(1);
  });
});

describe('order rules', () => {
  it('lets a customer cancel only Pending orders', () => {
    expect(canCancelOrder({ status: 'Pending' })).toBe(true);
    for (const status of ['Processing', 'Completed', 'Cancelled']) {
      expect(canCancelOrder({ status })).toBe(false);
    }
  });

  it('lets staff verify anything but Completed and Cancelled', () => {
    expect(canVerifyOrder({ status: 'Pending' })).toBe(true);
    expect(canVerifyOrder({ status: 'Processing' })).toBe(true);
    expect(canVerifyOrder({ status: 'Completed' })).toBe(false);
    expect(canVerifyOrder({ status: 'Cancelled' })).toBe(false);
  });

  it('colours statuses like the dashboard', () => {
    expect(orderStatusTone('Completed')).toBe('green');
    expect(orderStatusTone('Processing')).toBe('blue');
    expect(orderStatusTone('Pending')).toBe('yellow');
    expect(orderStatusTone('Cancelled')).toBe('yellow');
  });
});

describe('order totals', () => {
  const orderItems = [
    { bookId: 'b1', title: 'One', quantity: 2, pricePerUnit: 450.25 },
    { bookId: 'b2', title: 'Two', quantity: 1, pricePerUnit: 99.5, totalPrice: 90 },
  ];

  it('sums totalPrice, else quantity x pricePerUnit', () => {
    expect(orderItemsTotal({ orderItems })).toBe(990.5);
    expect(orderLineTotal({ quantity: 3, pricePerUnit: 0.1 })).toBe(0.3);
    expect(orderLineTotal({ quantity: 3, pricePerUnit: 0.1, totalPrice: 0.25 })).toBe(0.25);
    expect(orderLineTotal({ quantity: 2 })).toBe(0);
    expect(orderItemsTotal({ orderItems: [] })).toBe(0);
    expect(orderItemsTotal({})).toBe(0);
  });

  it('prefers originalTotal, else works it back from finalTotal and the rate, else sums the items', () => {
    expect(orderOriginalTotal({ originalTotal: 1200, finalTotal: 1140, discountRate: 0.05, orderItems })).toBe(1200);
    expect(orderOriginalTotal({ finalTotal: 1140, discountRate: 0.05, orderItems })).toBe(1200);
    expect(orderOriginalTotal({ finalTotal: 1510, discountRate: 0, orderItems })).toBe(1510);
    expect(orderOriginalTotal({ originalTotal: null, orderItems })).toBe(990.5);
    expect(orderOriginalTotal({ orderItems })).toBe(990.5);
  });

  it("shows what the books' own discounts took off the lines", () => {
    // Karnali Blues 2 x 650 at 15% off and Muna Madan 450 at 10% off: the server charged 1510.
    const order = {
      finalTotal: 1510,
      discountRate: 0,
      orderItems: [
        { quantity: 2, pricePerUnit: 650 },
        { quantity: 1, pricePerUnit: 450 },
      ],
    };
    expect(orderBookDiscounts(order)).toBe(240);
    // The server's lines carry what they were charged (totalPrice): the list prices still show the discount.
    const charged = {
      originalTotal: 1510,
      finalTotal: 1510,
      discountRate: 0,
      orderItems: [
        { quantity: 2, pricePerUnit: 650, totalPrice: 1105 },
        { quantity: 1, pricePerUnit: 450, totalPrice: 405 },
      ],
    };
    expect(orderBookDiscounts(charged)).toBe(240);
    expect(orderLineListTotal(charged.orderItems[0]!)).toBe(1300);
    expect(orderBookDiscounts({ finalTotal: 990.5, discountRate: 0, orderItems })).toBe(9.5);
    expect(orderBookDiscounts({ finalTotal: 1000, discountRate: 0, orderItems })).toBe(0);
  });
});
