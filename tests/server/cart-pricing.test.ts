// Issue 11, "the cart charges what the card showed": the cart the server lists, priced by the
// SDK's one rule (cartSummary: the sale price only while the sale runs, 5 % from five copies),
// is exactly what placing the order charges.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartSummary, type CartLine } from '../../packages/sdk/src/domain/index.js';
import { IDS, newCustomer, startTestServer, type TestServer } from './helpers.js';

// One server for the file, back at the seeded state and NOW before each test.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t?.close();
});

async function fill(token: string, lines: [string, number][]): Promise<CartLine[]> {
  for (const [bookId, quantity] of lines) {
    const added = await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId, quantity } });
    expect(added.statusCode, added.body).toBe(200);
  }
  const cart = await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token });
  expect(cart.statusCode, cart.body).toBe(200);
  return cart.json().data as CartLine[];
}

async function place(token: string) {
  const placed = await t.call({ method: 'POST', url: '/api/order/place', token });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().data as { totalAmount: number; discountApplied: string };
}

describe('the order total is the cart total the customer saw', () => {
  it('lists each cart line with its sale, and charges the sale price while it runs', async () => {
    const { token } = await newCustomer(t, 'cartsale');
    // Karnali Blues Rs. 650 at 15 % off, The Hobbit Rs. 2500 at 20 % off (both running), Sapiens (sale ended).
    const lines = await fill(token, [[IDS.karnaliBlues, 2], [IDS.hobbit, 1], [IDS.sapiens, 1]]);
    const karnali = lines.find((line) => line.bookId === IDS.karnaliBlues)!;
    expect(karnali.book).toMatchObject({ price: 650, discount: 15, isOnSale: true });
    const seen = cartSummary(lines, t.clock.now());
    expect(seen.subtotal).toBe(2 * 552.5 + 2000 + 1099);
    expect(seen.discountPercent).toBe(0);
    const order = await place(token);
    expect(order.totalAmount).toBe(seen.total);
    expect(order.discountApplied).toBe('0.00%');
  });

  it('agrees on the 5 % from five copies, to the paisa', async () => {
    const { token } = await newCustomer(t, 'cartbulk');
    const lines = await fill(token, [[IDS.karnaliBlues, 3], [IDS.munaMadan, 2]]);
    const seen = cartSummary(lines, t.clock.now());
    expect(seen.discountPercent).toBe(5);
    // 3 x 552.50 + 2 x 405 = 2467.50; less 5 % = 2344.125 -> 2344.13.
    expect(seen.total).toBe(2344.13);
    expect((await place(token)).totalAmount).toBe(seen.total);
  });

  it('agrees once the sale window has closed between adding and ordering', async () => {
    const first = await newCustomer(t, 'cartlate');
    await fill(first.token, [[IDS.karnaliBlues, 1]]);
    t.clock.set('2100-01-01T00:00:00Z'); // every running window (to 2099-12-31) has ended
    const token = await t.login('cartlate'); // the first token has expired by then
    const lines = (await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token })).json().data as CartLine[];
    const seen = cartSummary(lines, t.clock.now());
    expect(seen.total).toBe(650);
    expect((await place(token)).totalAmount).toBe(seen.total);
  });
});
