// A sale runs while startTime <= now <= endTime, both ends inclusive (spec section 4; the
// contract's setDiscountOffer and BookPricing). The book's pricing (shared/pricing.ts, in
// JavaScript), the deals listing (decided in SQL), the cart and the order must say the same at
// the window's exact first and last instants and a millisecond outside each, and no cached
// answer may show a deal after it ended (issue 28).
import { describe, expect, it } from 'vitest';
import type { Book } from '@pustak/sdk';
import { IDS, newCustomer, sharedTestServer, type TestServer } from './helpers.js';

const server = sharedTestServer();

const START = '2031-05-01T06:15:00.000Z';
const END = '2031-05-31T18:45:30.000Z';
const at = (instant: string, ms: number) => new Date(new Date(instant).getTime() + ms).toISOString();
// Muna Madan: Rs. 450; at 20 % off, Rs. 360.
const LIST_PRICE = 450;
const SALE_PRICE = 360;

async function offerMunaMadan(t: TestServer) {
  const offer = await t.call({
    method: 'PUT',
    url: `/api/bookcrud/discountOffer/${IDS.munaMadan}`,
    token: await t.login('admin'),
    payload: { Discount: 20, StartTime: START, EndTime: END, IsOnSale: true },
  });
  expect(offer.statusCode, offer.body).toBe(200);
}

const getJson = async (t: TestServer, url: string) => {
  const reply = await t.call({ method: 'GET', url });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};
const munaIn = (books: Book[]) => books.find((book) => book.bookId === IDS.munaMadan);

describe('the sale window at its edges', () => {
  it.each([
    ['a millisecond before it starts', at(START, -1), false],
    ['the exact start', START, true],
    ['the exact end', END, true],
    ['a millisecond after it ends', at(END, 1), false],
  ] as const)('%s, %s: the book view, the deals listing, the cart and the order agree (running: %s)', async (_when, now, running) => {
    const t = server();
    t.clock.set(now);
    await offerMunaMadan(t);

    const book = (await getJson(t, `/api/bookcrud/getbookbyid/${IDS.munaMadan}`)).data as Book;
    expect(book).toMatchObject({ price: LIST_PRICE, discount: 20, isOnSale: true, startTime: START, endTime: END });
    expect(book.pricing).toEqual({
      listPrice: LIST_PRICE,
      unitPrice: running ? SALE_PRICE : LIST_PRICE,
      dealRunning: running,
      dealPercent: running ? 20 : 0,
      dealStartsAt: now < START ? START : null,
      dealEndsAt: running ? END : null,
    });

    const deals = (await getJson(t, '/api/book/all?sortBy=dealsanddiscount&pageSize=50')).data as Book[];
    expect(Boolean(munaIn(deals)), 'in the deals list').toBe(running);

    const { token } = await newCustomer(t, 'edgebuyer');
    const added = await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId: IDS.munaMadan, quantity: 1 } });
    expect(added.statusCode, added.body).toBe(200);
    const cart = (await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token })).json();
    expect(cart.data[0]).toMatchObject({ unitPrice: book.pricing.unitPrice, addedUnitPrice: book.pricing.unitPrice, priceChanged: false });
    const placed = await t.call({ method: 'POST', url: '/api/order/place', token, payload: { expectedTotal: cart.totals.total } });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({ totalAmount: book.pricing.unitPrice, discountApplied: '0.00%' });
  });
});

describe('cached answers and the deal boundaries (read cache)', () => {
  it('shows the sale price in a list read just before the end, and the list price in the same list a millisecond after it, with no write between', async () => {
    const t = server();
    t.clock.set(at(END, -5));
    await offerMunaMadan(t);
    const lists = ['/api/book/all?pageSize=50', '/api/book/all?sortBy=price&pageSize=50', '/api/bookcrud/getallbooks'];
    const priceIn = async (url: string) => {
      const answer = await getJson(t, url);
      return munaIn((Array.isArray(answer) ? answer : answer.data) as Book[])?.pricing;
    };
    for (const url of lists) expect(await priceIn(url), url).toMatchObject({ unitPrice: SALE_PRICE, dealRunning: true, dealEndsAt: END });
    expect((await getJson(t, `/api/bookcrud/getbookbyid/${IDS.munaMadan}`)).data.pricing.unitPrice).toBe(SALE_PRICE);
    expect(munaIn((await getJson(t, '/api/book/all?sortBy=dealsanddiscount&pageSize=50')).data)).toBeDefined();

    t.clock.set(END); // the last instant of the deal: still on
    for (const url of lists) expect((await priceIn(url))?.unitPrice, url).toBe(SALE_PRICE);

    t.clock.set(at(END, 1)); // no real time passes: only the server's clock moved
    for (const url of lists) expect(await priceIn(url), url).toMatchObject({ unitPrice: LIST_PRICE, dealRunning: false, dealPercent: 0, dealEndsAt: null });
    expect((await getJson(t, `/api/bookcrud/getbookbyid/${IDS.munaMadan}`)).data.pricing.unitPrice).toBe(LIST_PRICE);
    expect(munaIn((await getJson(t, '/api/book/all?sortBy=dealsanddiscount&pageSize=50')).data), 'in the deals list after its end').toBeUndefined();
  });

  it('shows a deal in a list read just before it starts from its first instant', async () => {
    const t = server();
    t.clock.set(at(START, -3));
    await offerMunaMadan(t);
    const before = munaIn((await getJson(t, '/api/book/all?pageSize=50')).data)!;
    expect(before.pricing).toMatchObject({ unitPrice: LIST_PRICE, dealRunning: false, dealStartsAt: START });
    t.clock.set(START);
    const after = munaIn((await getJson(t, '/api/book/all?pageSize=50')).data)!;
    expect(after.pricing).toMatchObject({ unitPrice: SALE_PRICE, dealRunning: true, dealStartsAt: null, dealEndsAt: END });
  });
});
