// A sale runs while startTime <= now <= endTime, both ends inclusive (spec section 4; the
// contract's setDiscountOffer). The order's price (decided in JavaScript), the deals listing
// (decided in SQL) and the book view (judged by the SDK's rule) decide it apart: at the window's
// exact first and last instants, and a millisecond outside each, all three must say the same.
import { describe, expect, it } from 'vitest';
import { effectivePrice, isDealRunning } from '@pustak/sdk/domain';
import type { Book } from '@pustak/sdk';
import { IDS, newCustomer, sharedTestServer } from './helpers.js';

const server = sharedTestServer();

const START = '2031-05-01T06:15:00.000Z';
const END = '2031-05-31T18:45:30.000Z';
const at = (instant: string, ms: number) => new Date(new Date(instant).getTime() + ms).toISOString();
// Muna Madan: Rs. 450; at 20 % off, Rs. 360.
const LIST_PRICE = 450;
const SALE_PRICE = 360;

describe('the sale window at its edges', () => {
  it.each([
    ['a millisecond before it starts', at(START, -1), false],
    ['the exact start', START, true],
    ['the exact end', END, true],
    ['a millisecond after it ends', at(END, 1), false],
  ] as const)('%s, %s: the order, the deals listing and the book view agree (running: %s)', async (_when, now, running) => {
    const t = server();
    t.clock.set(now);
    const admin = await t.login('admin');
    const offer = await t.call({
      method: 'PUT',
      url: `/api/bookcrud/discountOffer/${IDS.munaMadan}`,
      token: admin,
      payload: { Discount: 20, StartTime: START, EndTime: END, IsOnSale: true },
    });
    expect(offer.statusCode, offer.body).toBe(200);

    const book = (await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${IDS.munaMadan}` })).json().data as Book;
    expect(book).toMatchObject({ price: LIST_PRICE, discount: 20, isOnSale: true, startTime: START, endTime: END });
    expect(isDealRunning(book, t.clock.now())).toBe(running);
    const shown = effectivePrice(book, t.clock.now());
    expect(shown).toBe(running ? SALE_PRICE : LIST_PRICE);

    const deals = (await t.call({ method: 'GET', url: '/api/book/all?sortBy=dealsanddiscount&pageSize=50' })).json().data as Book[];
    expect(deals.some((deal) => deal.bookId === IDS.munaMadan)).toBe(running);

    const { token } = await newCustomer(t, 'edgebuyer');
    const added = await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId: IDS.munaMadan, quantity: 1 } });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await t.call({ method: 'POST', url: '/api/order/place', token });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({ totalAmount: shown, discountApplied: '0.00%' });
  });
});
