// Issue 11, "the cart charges what the card showed": the cart the server lists, priced by the
// SDK's one rule (cartSummary: the sale price only while the sale runs, 5 % from five copies),
// is exactly what placing the order charges.
import { beforeEach, describe, expect, it } from 'vitest';
import { cartSummary, type CartLine } from '@pustak/sdk/domain';
import { IDS, multipart, newCustomer, sharedTestServer, type TestServer } from './helpers.js';

// One server for the file, back at the seeded state and NOW before each test.
const server = sharedTestServer();
let t: TestServer;
beforeEach(() => {
  t = server();
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

describe('a cart line costs what its book costs now (issue 26)', () => {
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

  async function cart(token: string): Promise<CartLine[]> {
    const reply = await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as CartLine[];
  }

  it('charges the new price for every copy once the admin raised it, as the cart shows it', async () => {
    const { bookId, edit } = await adminBook('Price Rise', 'ISBN-CART-1', 100);
    const { token } = await newCustomer(t, 'pricerise');
    await fill(token, [[bookId, 1]]);
    expect((await cart(token))[0]!.book.price).toBe(100);
    await edit({ price: 1000 });
    const lines = await fill(token, [[bookId, 1]]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 2, book: { price: 1000 } });
    const seen = cartSummary(lines, t.clock.now());
    expect(seen.total).toBe(2000);
    const order = await place(token);
    expect(order.totalAmount).toBe(seen.total);
    const [placed] = (await t.call({ method: 'GET', url: '/api/order/userOrder', token })).json().data;
    expect(placed.orderItems[0]).toMatchObject({ quantity: 2, pricePerUnit: 1000, totalPrice: 2000 });
  });

  it('charges half the current price once a 50 % sale started and the price went up, not half the old one', async () => {
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
    const lines = await cart(token);
    expect(lines[0]!.book).toMatchObject({ price: 1700, discount: 50, isOnSale: true });
    const seen = cartSummary(lines, t.clock.now());
    expect(seen.total).toBe(850);
    expect((await place(token)).totalAmount).toBe(seen.total);
  });

  it('follows a price that went down too, to the paisa, whatever the cart held before', async () => {
    const { bookId, edit } = await adminBook('Price Cut', 'ISBN-CART-3', 999.99);
    const { token } = await newCustomer(t, 'pricecut');
    await fill(token, [[bookId, 3], [IDS.munaMadan, 2]]);
    await edit({ price: 333.33 });
    const seen = cartSummary(await cart(token), t.clock.now());
    // 3 x 333.33 + 2 x 405 (Muna Madan's running sale) = 1809.99; five copies: less 5 % = 1719.49.
    expect(seen.total).toBe(1719.49);
    expect((await place(token)).totalAmount).toBe(seen.total);
  });
});
