// Issues 11, 26 and 28, "the order charges what the cart showed": the cart answer carries the
// server's own figures (each line's unit price and total, the price it had when added, the
// cart's discounts and total), and placing the order charges exactly that total, line by line.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@pustak/sdk/schema';
import { IDS, multipart, newCustomer, sharedTestServer, type TestServer } from './helpers.js';

type Cart = components['schemas']['CartItemList'];
type PlacedOrder = components['schemas']['PlacedOrder'];

// One server for the file, back at the seeded state and NOW before each test.
const server = sharedTestServer();
let t: TestServer;
beforeEach(() => {
  t = server();
});

async function cart(token: string): Promise<Cart> {
  const reply = await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

async function fill(token: string, lines: [string, number][]): Promise<Cart> {
  for (const [bookId, quantity] of lines) {
    const added = await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId, quantity } });
    expect(added.statusCode, added.body).toBe(200);
  }
  return cart(token);
}

async function place(token: string, payload?: object): Promise<PlacedOrder> {
  const placed = await t.call({ method: 'POST', url: '/api/order/place', token, ...(payload ? { payload } : {}) });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().data;
}

describe('the order total is the cart total the customer saw', () => {
  it('lists each cart line with its price now and the totals, and charges that total', async () => {
    const { token } = await newCustomer(t, 'cartsale');
    // Karnali Blues Rs. 650 at 15 % off, The Hobbit Rs. 2500 at 20 % off (both running), Sapiens (sale ended).
    const seen = await fill(token, [[IDS.karnaliBlues, 2], [IDS.hobbit, 1], [IDS.sapiens, 1]]);
    const karnali = seen.data.find((line) => line.bookId === IDS.karnaliBlues)!;
    expect(karnali).toMatchObject({ unitPrice: 552.5, lineTotal: 1105, addedUnitPrice: 552.5, priceChanged: false });
    expect(karnali.book.pricing).toEqual({ listPrice: 650, unitPrice: 552.5, dealRunning: true, dealPercent: 15, dealStartsAt: null, dealEndsAt: '2029-12-31T23:59:59.000Z' });
    const sapiens = seen.data.find((line) => line.bookId === IDS.sapiens)!;
    expect(sapiens.book.pricing).toEqual({ listPrice: 1099, unitPrice: 1099, dealRunning: false, dealPercent: 0, dealStartsAt: null, dealEndsAt: null });
    expect(seen.totals).toEqual({
      copies: 4, listSubtotal: 2 * 650 + 2500 + 1099, dealSavings: 195 + 500, subtotal: 2 * 552.5 + 2000 + 1099,
      discounts: [], discountTotal: 0, total: 4204,
    });
    const order = await place(token);
    expect(order).toMatchObject({ totalAmount: 4204, subtotal: 4204, discounts: [], discountTotal: 0, discountApplied: '0.00%' });
  });

  it('agrees on the 5 % from five copies, to the paisa', async () => {
    const { token } = await newCustomer(t, 'cartbulk');
    const seen = await fill(token, [[IDS.karnaliBlues, 3], [IDS.munaMadan, 2]]);
    // 3 x 552.50 + 2 x 405 = 2467.50; less 5 % = 2344.125 -> 2344.13.
    expect(seen.totals).toMatchObject({ copies: 5, subtotal: 2467.5, discountTotal: 123.37, total: 2344.13 });
    expect(seen.totals.discounts).toEqual([{ code: 'bulk', name: '+5 Books Member', rule: '5 % off the whole cart from 5 books on', percent: 5, amount: 123.37 }]);
    const order = await place(token);
    expect(order).toMatchObject({ totalAmount: 2344.13, subtotal: 2467.5, discountTotal: 123.37, discountApplied: '5.00%', discounts: seen.totals.discounts });
  });

  it('takes both discounts for a loyal customer buying five, and their amounts add up to what they take off', async () => {
    const { id, token } = await newCustomer(t, 'cartloyal');
    const db = t.server.database.db;
    await db.insertInto('orders').values(Array.from({ length: 10 }, () => ({
      id: randomUUID(), user_id: id, order_date: t.clock.now(), original_total_paisa: 100, discount_bp: 0, final_total_paisa: 100, status: 'Completed' as const, claim_code: null,
    }))).execute();
    const seen = await fill(token, [[IDS.karnaliBlues, 3], [IDS.munaMadan, 2]]);
    // 2467.50 less 15 % = 2097.375 -> 2097.38; 370.12 off: bulk a third of it (123.37), loyalty the rest.
    expect(seen.totals).toMatchObject({ subtotal: 2467.5, discountTotal: 370.12, total: 2097.38 });
    expect(seen.totals.discounts.map((d) => [d.code, d.name, d.percent, d.amount])).toEqual([['bulk', '+5 Books Member', 5, 123.37], ['loyalty', '10 successful orders', 10, 246.75]]);
    const order = await place(token, { expectedTotal: 2097.38 });
    expect(order).toMatchObject({ totalAmount: 2097.38, discountApplied: '15.00%', discounts: seen.totals.discounts, discountTotal: 370.12 });
  });

  it('says the price changed once the sale window closed between adding and ordering, and charges the new price', async () => {
    const first = await newCustomer(t, 'cartlate');
    await fill(first.token, [[IDS.karnaliBlues, 1]]);
    t.clock.set('2100-01-01T00:00:00Z'); // every running window (to 2099-12-31) has ended
    const token = await t.login('cartlate'); // the first token has expired by then
    const seen = await cart(token);
    expect(seen.data[0]).toMatchObject({ unitPrice: 650, lineTotal: 650, addedUnitPrice: 552.5, priceChanged: true });
    expect(seen.totals.total).toBe(650);
    expect((await place(token)).totalAmount).toBe(650);
  });
});

describe('a cart line costs what its book costs now (issue 26), and says when that changed (issue 28)', () => {
  const DAY = 86_400_000;
  type BookEdit = { price: number; discount?: number; sale?: { start: string; end: string } };
  const bookForm = (title: string, isbn: string, { price, discount = 0, sale }: BookEdit) =>
    multipart({
      title, author: 'Cart Author', genre: 'Fiction', isbn, description: 'A book whose price changes.', publisher: 'Test Press',
      publicationDate: '2020-01-01T00:00:00Z', price: String(price), quantity: '20', language: 'English', discount: String(discount),
      format: 'Paperback', isOnSale: String(Boolean(sale)), ...(sale ? { startTime: sale.start, endTime: sale.end } : {}),
    });

  /** The admin adds a book at `price`; answers its id and how the admin edits it (the Edit Book form). */
  async function adminBook(title: string, isbn: string, price: number) {
    const admin = await t.login('admin');
    const created = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...bookForm(title, isbn, { price }) });
    expect(created.statusCode, created.body).toBe(200);
    const bookId = created.json().data.bookId as string;
    const edit = async (changes: BookEdit) => {
      const updated = await t.call({ method: 'PUT', url: `/api/bookcrud/updatebook/${bookId}`, token: admin, ...bookForm(title, isbn, changes) });
      expect(updated.statusCode, updated.body).toBe(200);
    };
    return { bookId, admin, edit };
  }

  it('charges the new price for every copy once the admin raised it; adding again takes the new price as seen', async () => {
    const { bookId, edit } = await adminBook('Price Rise', 'ISBN-CART-1', 100);
    const { token } = await newCustomer(t, 'pricerise');
    await fill(token, [[bookId, 1]]);
    await edit({ price: 1000 });
    expect((await cart(token)).data[0]).toMatchObject({ quantity: 1, unitPrice: 1000, addedUnitPrice: 100, priceChanged: true });
    const seen = await fill(token, [[bookId, 1]]);
    expect(seen.data).toHaveLength(1);
    expect(seen.data[0]).toMatchObject({ quantity: 2, unitPrice: 1000, lineTotal: 2000, addedUnitPrice: 1000, priceChanged: false });
    expect(seen.totals.total).toBe(2000);
    expect((await place(token)).totalAmount).toBe(2000);
    const [placed] = (await t.call({ method: 'GET', url: '/api/order/userOrder', token })).json().data;
    expect(placed.orderItems[0]).toMatchObject({ quantity: 2, pricePerUnit: 1000, unitPrice: 1000, totalPrice: 2000 });
  });

  it('charges half the current price once a 50 % sale started and the price went up, as the cart said, not half the old one', async () => {
    const { bookId, admin, edit } = await adminBook('Sale And Rise', 'ISBN-CART-2', 425);
    const { token } = await newCustomer(t, 'salerise');
    await fill(token, [[bookId, 1]]);
    const now = t.clock.now().getTime();
    const sale = { start: new Date(now - DAY).toISOString(), end: new Date(now + 30 * DAY).toISOString() };
    const offer = await t.call({
      method: 'PUT', url: `/api/bookcrud/discountOffer/${bookId}`, token: admin,
      payload: { Discount: 50, StartTime: sale.start, EndTime: sale.end, IsOnSale: true },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    await edit({ price: 1700, discount: 50, sale });
    const seen = await cart(token);
    expect(seen.data[0]).toMatchObject({ unitPrice: 850, lineTotal: 850, addedUnitPrice: 425, priceChanged: true });
    expect(seen.data[0]!.book.pricing).toMatchObject({ listPrice: 1700, unitPrice: 850, dealRunning: true, dealPercent: 50, dealEndsAt: sale.end });
    expect(seen.totals.total).toBe(850);
    expect(await place(token, { expectedTotal: 850 })).toMatchObject({ totalAmount: 850, subtotal: 850 });
    const [placed] = (await t.call({ method: 'GET', url: '/api/order/userOrder', token })).json().data;
    expect(placed.orderItems[0]).toMatchObject({ pricePerUnit: 1700, unitPrice: 850, totalPrice: 850 });
    expect(placed).toMatchObject({ originalTotal: 850, finalTotal: 850 });
  });

  it('follows a price that went down too, to the paisa, whatever the cart held before', async () => {
    const { bookId, edit } = await adminBook('Price Cut', 'ISBN-CART-3', 999.99);
    const { token } = await newCustomer(t, 'pricecut');
    await fill(token, [[bookId, 3], [IDS.munaMadan, 2]]);
    await edit({ price: 333.33 });
    const seen = await cart(token);
    // 3 x 333.33 + 2 x 405 (Muna Madan's running sale) = 1809.99; five copies: less 5 % = 1719.49.
    expect(seen.totals).toMatchObject({ subtotal: 1809.99, total: 1719.49 });
    // Both lines were added at the test clock's one instant, so they are in cartItemId order: found by book.
    expect(seen.data.find((line) => line.bookId === bookId)).toMatchObject({ unitPrice: 333.33, addedUnitPrice: 999.99, priceChanged: true });
    expect((await place(token)).totalAmount).toBe(1719.49);
  });
});

describe('placing an order with the total the customer saw (expectedTotal)', () => {
  async function state(token: string) {
    const stock = await t.server.database.db.selectFrom('books').select(['id', 'quantity']).orderBy('id').execute();
    const orders = (await t.call({ method: 'GET', url: '/api/order/userOrder', token })).json().data;
    return { cart: await cart(token), stock, orders };
  }

  it('refuses with 409 when the cart total is no longer that, and orders nothing, the cart and stock as they were', async () => {
    const { token } = await newCustomer(t, 'expected');
    const seen = await fill(token, [[IDS.karnaliBlues, 2], [IDS.munaMadan, 1]]);
    expect(seen.totals.total).toBe(1510);
    const admin = await t.login('admin');
    // The admin ends Karnali Blues' sale before the customer clicks "Place order".
    const now = t.clock.now().getTime();
    const ended = await t.call({
      method: 'PUT', url: `/api/bookcrud/discountOffer/${IDS.karnaliBlues}`, token: admin,
      payload: { Discount: 15, StartTime: new Date(now - 2 * 86_400_000).toISOString(), EndTime: new Date(now - 1).toISOString(), IsOnSale: true },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const before = await state(token);
    expect(before.cart.totals.total).toBe(1705);
    const refused = await t.call({ method: 'POST', url: '/api/order/place', token, payload: { expectedTotal: 1510 } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ status: 'error', message: 'Prices in your cart have changed. Please check your cart and place the order again.' });
    expect(await state(token)).toEqual(before);
    expect(before.orders).toEqual([]);
    // Having seen the new total, the customer places it.
    expect(await place(token, { expectedTotal: 1705 })).toMatchObject({ totalAmount: 1705 });
  });

  it('compares to the paisa: a total off by one paisa is refused, the same total written differently is not', async () => {
    const { token } = await newCustomer(t, 'paisa');
    await fill(token, [[IDS.karnaliBlues, 3], [IDS.munaMadan, 2]]); // 2344.13
    for (const expectedTotal of [2344.12, 2344.14, 2344.125, 0]) {
      const refused = await t.call({ method: 'POST', url: '/api/order/place', token, payload: { expectedTotal } });
      expect(refused.statusCode, `${expectedTotal}: ${refused.body}`).toBe(409);
    }
    const placed = await t.call({ method: 'POST', url: '/api/order/place', token, headers: { 'content-type': 'application/json' }, payload: '{"expectedTotal": 2344.130}' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.totalAmount).toBe(2344.13);
  });

  it.each([
    ['the legacy client\'s `{}`', { headers: { 'content-type': 'application/json' }, payload: '{}' }],
    ['no body', {}],
  ])('places with %s, charging the cart total at that moment', async (_label, request) => {
    const { token } = await newCustomer(t, 'legacybody');
    const seen = await fill(token, [[IDS.karnaliBlues, 1]]);
    const placed = await t.call({ method: 'POST', url: '/api/order/place', token, ...request });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.totalAmount).toBe(seen.totals.total);
  });

  it('refuses any other property (422), as it did', async () => {
    const { token } = await newCustomer(t, 'otherprop');
    await fill(token, [[IDS.karnaliBlues, 1]]);
    const refused = await t.call({ method: 'POST', url: '/api/order/place', token, payload: { expectedTotal: 552.5, quantity: 1 } });
    expect(refused.statusCode, refused.body).toBe(422);
  });
});

describe('during a rolling upgrade (migration 0007)', () => {
  it('serves and orders a line added by the previous release, which remembers no price: no price change shown', async () => {
    const { id, token } = await newCustomer(t, 'rolling');
    // What the previous release's add writes: no added_unit_price_paisa.
    await t.server.database.db.insertInto('cart_items').values({ id: randomUUID(), user_id: id, book_id: IDS.karnaliBlues, quantity: 1, created_at: t.clock.now() }).execute();
    const seen = await cart(token);
    expect(seen.data[0]).toMatchObject({ unitPrice: 552.5, addedUnitPrice: null, priceChanged: false });
    // This release's add to that line remembers the price from then on.
    expect((await fill(token, [[IDS.karnaliBlues, 1]])).data[0]).toMatchObject({ quantity: 2, addedUnitPrice: 552.5, priceChanged: false });
    expect((await place(token)).totalAmount).toBe(1105);
  });
});
