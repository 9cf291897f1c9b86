// The book pages read into the cache after start (modules/catalog-admin/warm.ts): every book's
// page is then answered from memory, it is the page a visitor's own read would have kept, and a
// write still shows at once (the cache's tags and clears apply to what the warm-up kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmBookPages } from '../src/modules/catalog-admin/index.js';
import { IDS, newCustomer, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ settings: { warmBookPages: true } });
  await t.server.warmedUp;
});
afterAll(() => t?.close());

const catalogueReads = async () => {
  const text = (await t.call({ method: 'GET', url: '/metrics' })).body;
  const count = (result: string) => Number(new RegExp(`^pustak_cache_catalogue_reads_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { hit: count('hit'), miss: count('miss') };
};
const bookPage = async (id: string) => {
  const reply = await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${id}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
};

describe('the book pages after start', () => {
  it('answers every book of the shop from memory, the same page a visitor’s own read keeps', async () => {
    const ids: string[] = (await t.call({ method: 'GET', url: '/api/book/all?pageSize=100' })).json().data.map((b: { bookId: string }) => b.bookId);
    expect(ids.length).toBe(27);
    const before = await catalogueReads();
    const warmed = [];
    for (const id of ids) warmed.push(await bookPage(id));
    const after = await catalogueReads();
    expect(after.miss - before.miss).toBe(0);
    expect(after.hit - before.hit).toBe(ids.length);

    // The same pages, read again by visitors after the cache was emptied.
    await t.server.services.cache.clear();
    const read = [];
    for (const id of ids) read.push(await bookPage(id));
    expect((await catalogueReads()).miss - after.miss).toBe(ids.length);
    expect(warmed).toEqual(read);
    expect(warmed.some((book) => book.reviews.length > 0)).toBe(true);
  });

  it('shows a handover’s stock at once on a page it kept', async () => {
    await t.server.services.cache.clear();
    // A fresh warm-up, as after a start.
    await warmBookPages(t.server.services).done;
    const before = (await bookPage(IDS.karnaliBlues)).quantity as number;
    const customer = await newCustomer(t, 'warmstock');
    expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.karnaliBlues, quantity: 2 } })).statusCode).toBe(200);
    const placed = (await t.call({ method: 'POST', url: '/api/order/place', token: customer.token })).json().data;
    const staff = await t.login('staff');
    const verified = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${placed.orderId}`, token: staff, payload: { ClaimCode: placed.claimCode } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await bookPage(IDS.karnaliBlues)).quantity).toBe(before - 2);
  });

  it('keeps a cached page’s answer per origin: each host gets its own image URLs, the same bytes again for the same host', async () => {
    const ask = async (url: string, host: string) => {
      const reply = await t.call({ method: 'GET', url, headers: { host } });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      return reply.body;
    };
    for (const url of [`/api/bookcrud/getbookbyid/${IDS.munaMadan}`, '/api/book/all?page=1&pageSize=4']) {
      const first = await ask(url, 'shop.example.np');
      const other = await ask(url, 'pustak.example.com');
      expect(await ask(url, 'shop.example.np')).toBe(first);
      const images = (body: string) => [...body.matchAll(/"imageUrl":"([^"]+)"/g)].map((m) => new URL(m[1]!).host);
      expect(images(first).length).toBeGreaterThan(0);
      expect(new Set(images(first))).toEqual(new Set(['shop.example.np']));
      expect(new Set(images(other))).toEqual(new Set(['pustak.example.com']));
    }
  });
});
