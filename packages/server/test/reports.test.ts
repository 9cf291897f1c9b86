// The numbers (issue 30, part 3): the sales report of a range of days in the shop's time zone
// (Asia/Kathmandu, UTC+05:45), its CSV files, and the dashboard's books running low. Every sale
// here is made through the API (placed, readied, handed over at the counter) in March 2027,
// after the seeded example orders, so each range holds only this file's orders.
import { beforeEach, describe, expect, it } from 'vitest';
import { reportRange, soldLinesInBatches } from '../src/modules/reports/rules.js';
import { IDS, newCustomer, sharedTestServer, startTestServer, type TestServer } from './helpers.js';

const shared = sharedTestServer();
let t: TestServer;
beforeEach(() => {
  t = shared();
});

type Json = Record<string, any>;
let customers = 0;

/** A new customer's order of these copies, placed and handed over by `by` at `at` (UTC). */
async function sale(at: string, lines: { bookId: string; copies: number }[], by = 'staff'): Promise<string> {
  t.clock.set(new Date(Date.parse(at) - 3_600_000));
  const customer = await newCustomer(t, `buyer${(customers += 1)}`);
  for (const line of lines) {
    const added = await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: line.bookId, quantity: line.copies } });
    expect(added.statusCode, added.body).toBe(200);
  }
  const placed = await t.call({ method: 'POST', url: '/api/order/place', token: customer.token });
  expect(placed.statusCode, placed.body).toBe(200);
  const { orderId, claimCode } = placed.json().data;
  t.clock.set(at);
  const handed = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${orderId}`, token: await t.login(by), payload: { ClaimCode: claimCode, PaymentMethod: 'Khalti' } });
  expect(handed.statusCode, handed.body).toBe(200);
  return orderId;
}

async function report(from: string, to: string): Promise<Json> {
  const reply = await t.call({ method: 'GET', url: `/api/report/sales?from=${from}&to=${to}`, token: await t.login('admin') });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

async function csv(name: string, from: string, to: string) {
  const reply = await t.call({ method: 'GET', url: `/api/report/csv?report=${name}&from=${from}&to=${to}`, token: await t.login('admin') });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply;
}

/** RFC 4180 rows (quoted cells with commas, quotes and line breaks), after the BOM. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') (cell += '"'), (i += 1);
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && body[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), (i += 1);
    else cell += c;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

const ORDER_HEADER = 'order_id,handed_over_at,handover_date,handed_over_by,payment_method,customer,book_id,isbn,title,genre,quantity,list_unit_price,unit_price,line_list_total,line_revenue,line_discount,order_total';
const records = (rows: string[][]) => rows.slice(1).map((cells) => Object.fromEntries(rows[0]!.map((name, i) => [name, cells[i]])));
const paisa = (rupees: string | number) => Math.round(Number(rupees) * 100);
const sum = (items: Json[], key: string) => items.reduce((total, item) => total + paisa(item[key]), 0);
const count = (items: Json[], key: string) => items.reduce((total, item) => total + Number(item[key]), 0);

describe('the sales report', () => {
  it("counts a sale on the day of its handover in Nepal time: 23:59:59 is still that day, 00:00 the next", async () => {
    await sale('2027-03-09T18:14:59Z', [{ bookId: IDS.munaMadan, copies: 1 }]); // 23:59:59 on 9 March in Kathmandu
    await sale('2027-03-09T18:15:00Z', [{ bookId: IDS.munaMadan, copies: 2 }]); // 00:00 on 10 March
    const ninth = await report('2027-03-09', '2027-03-09');
    const tenth = await report('2027-03-10', '2027-03-10');
    expect([ninth.orders, ninth.copiesSold]).toEqual([1, 1]);
    expect([tenth.orders, tenth.copiesSold]).toEqual([1, 2]);
    expect(tenth).toMatchObject({ from: '2027-03-10', to: '2027-03-10', timeZone: 'Asia/Kathmandu' });
    const both = await report('2027-03-09', '2027-03-10');
    expect(both.byDay.map((d: Json) => [d.date, d.orders, d.copiesSold])).toEqual([['2027-03-09', 1, 1], ['2027-03-10', 1, 2]]);
  });

  it('lists a day without sales with zeros, and a range without any is all zeros', async () => {
    await sale('2027-03-11T06:00:00Z', [{ bookId: IDS.munaMadan, copies: 1 }]);
    const week = await report('2027-03-10', '2027-03-12');
    expect(week.byDay).toEqual([
      { date: '2027-03-10', orders: 0, copiesSold: 0, revenue: 0, discountsGiven: 0 },
      { date: '2027-03-11', orders: 1, copiesSold: 1, revenue: expect.any(Number), discountsGiven: expect.any(Number) },
      { date: '2027-03-12', orders: 0, copiesSold: 0, revenue: 0, discountsGiven: 0 },
    ]);
    expect(await report('2027-03-12', '2027-03-12')).toEqual({
      from: '2027-03-12', to: '2027-03-12', timeZone: 'Asia/Kathmandu', revenue: 0, orders: 0, copiesSold: 0, averageOrder: 0, discountsGiven: 0,
      byDay: [{ date: '2027-03-12', orders: 0, copiesSold: 0, revenue: 0, discountsGiven: 0 }], byGenre: [], byBook: [],
      booksSold: 0, otherBooks: { books: 0, copiesSold: 0, revenue: 0, discountsGiven: 0 }, byStaff: [],
    });
  });

  it('counts what was paid and what the sale prices and cart discounts took off, spread over the lines to the paisa', async () => {
    // Karnali Blues: list Rs. 650, 15 % off (Rs. 552.50); five copies: 5 % off the cart.
    // 5 x 552.50 = 2762.50, less 5 % = 2624.375, rounded half up: Rs. 2624.38 paid; list 3250.
    await sale('2027-03-15T05:00:00Z', [{ bookId: IDS.karnaliBlues, copies: 5 }]);
    // Muna Madan and Karnali Blues, one each, no cart discount: Rs. 552.50 off nothing but the sale.
    const book = (await t.call({ method: 'GET', url: `/api/bookcrud/get/${IDS.munaMadan}` })).json();
    await sale('2027-03-15T07:00:00Z', [{ bookId: IDS.munaMadan, copies: 1 }, { bookId: IDS.karnaliBlues, copies: 1 }], 'admin');
    const day = await report('2027-03-15', '2027-03-15');
    const munaPaisa = paisa(book.pricing.unitPrice);
    expect(day.orders).toBe(2);
    expect(day.copiesSold).toBe(7);
    expect(paisa(day.revenue)).toBe(262_438 + 55_250 + munaPaisa);
    expect(paisa(day.discountsGiven)).toBe(325_000 - 262_438 + 9_750 + (paisa(book.price) - munaPaisa));
    expect(paisa(day.averageOrder)).toBe(Math.round((262_438 + 55_250 + munaPaisa) / 2));
    expect(day.byStaff).toEqual([
      { username: 'admin', handovers: 1, revenue: (55_250 + munaPaisa) / 100 },
      { username: 'staff', handovers: 1, revenue: 2624.38 },
    ].sort((a, b) => b.revenue - a.revenue).sort((a, b) => b.handovers - a.handovers));
    const karnali = day.byBook.find((b: Json) => b.bookId === IDS.karnaliBlues);
    expect(karnali).toMatchObject({ title: 'Karnali Blues', genre: 'Fiction', copiesSold: 6, revenue: 2624.38 + 552.5 });
  });

  it('leaves out cancelled, pending and ready orders: only a handover is a sale', async () => {
    const handed = await sale('2027-03-16T05:00:00Z', [{ bookId: IDS.munaMadan, copies: 1 }]);
    const staff = await t.login('staff');
    const customer = await newCustomer(t, 'notasale');
    const place = async () => {
      await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.munaMadan, quantity: 3 } });
      return (await t.call({ method: 'POST', url: '/api/order/place', token: customer.token })).json().data.orderId as string;
    };
    const cancelled = await place();
    expect((await t.call({ method: 'PUT', url: `/api/staff/readyOrder/${cancelled}`, token: staff })).statusCode).toBe(200);
    expect((await t.call({ method: 'PUT', url: `/api/staff/cancelOrder/${cancelled}`, token: staff, payload: { reason: 'Customer changed their mind' } })).statusCode).toBe(200);
    const ready = await place();
    expect((await t.call({ method: 'PUT', url: `/api/staff/readyOrder/${ready}`, token: staff })).statusCode).toBe(200);
    await place(); // stays Pending
    const day = await report('2027-03-16', '2027-03-16');
    expect([day.orders, day.copiesSold]).toEqual([1, 1]);
    const lines = records(parseCsv((await csv('orders', '2027-03-16', '2027-03-16')).body));
    expect(lines.map((line) => line.order_id)).toEqual([handed]);
  });

  it('adds up: every breakdown to the totals, and the CSV files to the report', async () => {
    await sale('2027-03-20T03:00:00Z', [{ bookId: IDS.karnaliBlues, copies: 5 }, { bookId: IDS.hobbit, copies: 1 }]);
    await sale('2027-03-21T09:30:00Z', [{ bookId: IDS.munaMadan, copies: 2 }], 'admin');
    await sale('2027-03-21T12:00:00Z', [{ bookId: IDS.hobbit, copies: 3 }, { bookId: IDS.munaMadan, copies: 1 }, { bookId: IDS.karnaliBlues, copies: 2 }]);
    const r = await report('2027-03-19', '2027-03-22');
    expect(r.orders).toBe(3);
    for (const rows of [r.byDay, r.byGenre, r.byBook]) {
      expect(sum(rows, 'revenue')).toBe(paisa(r.revenue));
      expect(sum(rows, 'discountsGiven')).toBe(paisa(r.discountsGiven));
      expect(count(rows, 'copiesSold')).toBe(r.copiesSold);
    }
    expect(count(r.byDay, 'orders')).toBe(r.orders);
    expect(count(r.byStaff, 'handovers')).toBe(r.orders);
    expect(sum(r.byStaff, 'revenue')).toBe(paisa(r.revenue));

    const orders = records(parseCsv((await csv('orders', '2027-03-19', '2027-03-22')).body));
    expect(orders).toHaveLength(6);
    expect(new Set(orders.map((o) => o.order_id)).size).toBe(r.orders);
    expect(sum(orders, 'line_revenue')).toBe(paisa(r.revenue));
    expect(sum(orders, 'line_discount')).toBe(paisa(r.discountsGiven));
    expect(count(orders, 'quantity')).toBe(r.copiesSold);
    const days = records(parseCsv((await csv('days', '2027-03-19', '2027-03-22')).body));
    expect(days.map((d) => [d.date, Number(d.orders), Number(d.copies_sold), paisa(d.revenue!), paisa(d.discounts_given!)])).toEqual(
      r.byDay.map((d: Json) => [d.date, d.orders, d.copiesSold, paisa(d.revenue), paisa(d.discountsGiven)]),
    );
    const genres = records(parseCsv((await csv('genres', '2027-03-19', '2027-03-22')).body));
    expect(genres.map((g) => [g.genre, Number(g.copies_sold), paisa(g.revenue!)])).toEqual(r.byGenre.map((g: Json) => [g.genre, g.copiesSold, paisa(g.revenue)]));
    const books = records(parseCsv((await csv('books', '2027-03-19', '2027-03-22')).body));
    expect(books.map((b) => [b.book_id, b.title, Number(b.copies_sold), paisa(b.revenue!)])).toEqual(r.byBook.map((b: Json) => [b.bookId, b.title, b.copiesSold, paisa(b.revenue)]));
    const staff = records(parseCsv((await csv('staff', '2027-03-19', '2027-03-22')).body));
    expect(staff.map((s) => [s.staff, Number(s.handovers), paisa(s.revenue!)])).toEqual(r.byStaff.map((s: Json) => [s.username, s.handovers, paisa(s.revenue)]));
  });

  it('refuses a backwards range, a date no calendar has and a range past 366 days (422), and answers a leap year', async () => {
    const admin = await t.login('admin');
    for (const query of ['from=2027-03-10&to=2027-03-09', 'from=2027-02-29&to=2027-03-01', 'from=2027-13-01&to=2027-13-02', 'from=2026-01-01&to=2027-01-02', 'from=0000-01-01&to=0000-01-01']) {
      for (const url of [`/api/report/sales?${query}`, `/api/report/csv?report=orders&${query}`]) {
        const reply = await t.call({ method: 'GET', url, token: admin });
        expect(reply.statusCode, `${url}: ${reply.body}`).toBe(422);
      }
    }
    expect((await report('2028-01-01', '2028-12-31')).byDay).toHaveLength(366);
    // The ends of the calendar the dates may name: an empty report, never a 500.
    for (const day of ['0001-01-01', '9999-12-31']) {
      expect((await report(day, day)).orders).toBe(0);
      expect((await csv('orders', day, day)).body).toBe(`\uFEFF${ORDER_HEADER}\r\n`);
    }
  });
});

describe('the best sellers', () => {
  it('lists as many as asked, sums the rest in otherBooks so byBook and otherBooks add up, and the CSV lists every book', async () => {
    await sale('2027-03-24T03:00:00Z', [{ bookId: IDS.karnaliBlues, copies: 3 }, { bookId: IDS.hobbit, copies: 1 }, { bookId: IDS.munaMadan, copies: 2 }]);
    const admin = await t.login('admin');
    const asked = async (books: number) => (await t.call({ method: 'GET', url: `/api/report/sales?from=2027-03-24&to=2027-03-24&books=${books}`, token: admin }));
    const all = await report('2027-03-24', '2027-03-24');
    expect(all.byBook).toHaveLength(3);
    expect([all.booksSold, all.otherBooks]).toEqual([3, { books: 0, copiesSold: 0, revenue: 0, discountsGiven: 0 }]);
    const top = (await asked(1)).json();
    expect(top.byBook).toEqual(all.byBook.slice(0, 1));
    expect(top.booksSold).toBe(3);
    const rest = all.byBook.slice(1);
    expect(top.otherBooks).toEqual({ books: 2, copiesSold: count(rest, 'copiesSold'), revenue: sum(rest, 'revenue') / 100, discountsGiven: sum(rest, 'discountsGiven') / 100 });
    expect(paisa(top.byBook[0].revenue) + paisa(top.otherBooks.revenue)).toBe(paisa(top.revenue));
    expect(top.byBook[0].copiesSold + top.otherBooks.copiesSold).toBe(top.copiesSold);
    expect(paisa(top.byBook[0].discountsGiven) + paisa(top.otherBooks.discountsGiven)).toBe(paisa(top.discountsGiven));
    for (const wrong of [0, 100_001]) expect((await asked(wrong)).statusCode).toBe(422);
    const books = records(parseCsv((await csv('books', '2027-03-24', '2027-03-24')).body));
    expect(books.map((b) => b.book_id)).toEqual(all.byBook.map((b: Json) => b.bookId));
  });
});

describe('the CSV files', () => {
  it('is UTF-8 with a BOM, one header row, ISO dates, an attachment named after the report and range', async () => {
    const orderId = await sale('2027-03-25T04:30:00Z', [{ bookId: IDS.munaMadan, copies: 2 }]);
    const reply = await csv('orders', '2027-03-25', '2027-03-25');
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="pustak-orders-2027-03-25-to-2027-03-25.csv"');
    const rows = parseCsv(reply.body);
    expect(rows[0]).toEqual([
      'order_id', 'handed_over_at', 'handover_date', 'handed_over_by', 'payment_method', 'customer', 'book_id', 'isbn', 'title', 'genre',
      'quantity', 'list_unit_price', 'unit_price', 'line_list_total', 'line_revenue', 'line_discount', 'order_total',
    ]);
    expect(records(rows)).toEqual([expect.objectContaining({
      order_id: orderId, handed_over_at: '2027-03-25T04:30:00.000Z', handover_date: '2027-03-25', handed_over_by: 'staff', payment_method: 'Khalti',
      book_id: IDS.munaMadan, title: 'Muna Madan', genre: 'Fiction', quantity: '2',
    })]);
    expect(records(rows)[0]!.line_revenue).toMatch(/^\d+\.\d\d$/);
  });

  it('quotes a title with a comma, a quote or a line break, and neutralises a cell a spreadsheet would run as a formula', async () => {
    const titles = ['Guns, Germs "and" Steel\nSecond line', '=HYPERLINK("http://evil.example","Click")', '+1 Ideas', '-2 Tales', '@Home'];
    const bookIds = [IDS.munaMadan, IDS.karnaliBlues, IDS.hobbit, IDS.hillHouse, IDS.sapiens];
    for (const [i, title] of titles.entries()) await t.server.services.db.updateTable('books').set({ title }).where('id', '=', bookIds[i]!).execute();
    await sale('2027-03-26T04:30:00Z', bookIds.map((bookId) => ({ bookId, copies: 1 })));
    const text = (await csv('books', '2027-03-26', '2027-03-26')).body;
    expect(text).toContain('"Guns, Germs ""and"" Steel\nSecond line"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    const titlesRead = records(parseCsv(text)).map((b) => b.title).sort();
    expect(titlesRead).toEqual(["'+1 Ideas", "'-2 Tales", "'=HYPERLINK(\"http://evil.example\",\"Click\")", "'@Home", 'Guns, Germs "and" Steel\nSecond line'].sort());
    for (const line of records(parseCsv((await csv('orders', '2027-03-26', '2027-03-26')).body))) expect(line.title).not.toMatch(/^[=+\-@]/);
  });

  it('pages through the orders in batches after a cursor: every line once, oldest handover first, handovers of one instant too, then the orders without a recorded handover', async () => {
    const ids = [
      await sale('2027-03-27T04:00:00Z', [{ bookId: IDS.munaMadan, copies: 1 }, { bookId: IDS.karnaliBlues, copies: 1 }]),
      await sale('2027-03-27T05:00:00Z', [{ bookId: IDS.munaMadan, copies: 1 }]),
      await sale('2027-03-27T05:00:00Z', [{ bookId: IDS.munaMadan, copies: 2 }]),
      await sale('2027-03-27T05:00:00Z', [{ bookId: IDS.hobbit, copies: 1 }]),
      await sale('2027-03-27T06:00:00Z', [{ bookId: IDS.munaMadan, copies: 1 }]),
    ];
    // The first order as if completed before the server kept a history: its handover has no time.
    await t.server.services.db.updateTable('order_events').set({ at: null, actor: null }).where('order_id', '=', ids[0]!).where('kind', '=', 'completed').execute();
    const range = reportRange('2027-03-27', '2027-03-27', 'Asia/Kathmandu');
    const batches: string[][] = [];
    for await (const batch of soldLinesInBatches(t.server.services.db, range, 2)) batches.push(batch.map((line) => line.orderId));
    expect(batches.map((b) => new Set(b).size)).toEqual([2, 2, 1]);
    const sameInstant = [ids[1], ids[2], ids[3]].sort();
    expect(batches.flat()).toEqual([...sameInstant, ids[4], ids[0], ids[0]]);
    // It still counts, on the day it was placed, handed over by nobody known.
    const day = await report('2027-03-27', '2027-03-27');
    expect(day.orders).toBe(5);
    expect(day.byStaff).toContainEqual({ username: null, handovers: 1, revenue: expect.any(Number) });
  });
});

describe('books running low on the dashboard', () => {
  it('lists the books at or below LOW_STOCK_THRESHOLD (5 by default), fewest copies first', async () => {
    const dashboard = (await t.call({ method: 'GET', url: '/api/dashboard/all', token: await t.login('admin') })).json();
    expect(dashboard.lowStockThreshold).toBe(5);
    expect(dashboard.lowStock.every((b: Json) => b.quantity <= 5)).toBe(true);
    expect(dashboard.lowStock.map((b: Json) => b.quantity)).toEqual([...dashboard.lowStock.map((b: Json) => b.quantity)].sort((a, b) => a - b));
    expect(dashboard.lowStock).toContainEqual({ bookId: IDS.hillHouse, title: 'The Haunting of Hill House', author: 'Shirley Jackson', quantity: 2 });
    expect(dashboard.lowStockCount).toBe(dashboard.lowStock.length);
    expect(dashboard.lowStock.map((b: Json) => b.title)).not.toContain('Muna Madan');
  });

  it('takes another threshold from the setting', async () => {
    const other = await startTestServer({ settings: { lowStockThreshold: 120 } });
    try {
      const dashboard = (await other.call({ method: 'GET', url: '/api/dashboard/all', token: await other.login('admin') })).json();
      expect(dashboard.lowStockThreshold).toBe(120);
      expect(dashboard.lowStockCount).toBeGreaterThan(20);
      expect(dashboard.lowStock).toHaveLength(20);
      const low = await other.server.services.db.selectFrom('books').select('id').where('quantity', '<=', 120).execute();
      expect(dashboard.lowStockCount).toBe(low.length);
    } finally {
      await other.close();
    }
  });
});
