// One page shape and an async iterator over every paged list, against a fake fetch that serves
// each list in its own wire shape (books: `pagination`; users, staff, activity: totals at the top).
import { describe, expect, it } from 'vitest';
import { createPustakClient } from '../src/index.js';

const BASE = 'http://api.test/api';
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** `total` numbered items served `pageSize` at a time, in the shape `wrap` gives a page. */
function pagedFetch(total: number, wrap: (items: { id: number }[], page: number, pageSize: number, totalPages: number) => unknown) {
  const asked: URL[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    asked.push(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 2);
    const items = Array.from({ length: total }, (_, i) => ({ id: i + 1 })).slice((page - 1) * pageSize, page * pageSize);
    return json(wrap(items, page, pageSize, Math.ceil(total / pageSize)));
  };
  return { fetch, asked };
}

const bookShape = (items: unknown[], currentPage: number, pageSize: number, totalPages: number) =>
  ({ data: items, pagination: { currentPage, pageSize, totalItems: 5, totalPages } });
const userShape = (items: unknown[], currentPage: number, pageSize: number, totalPages: number) =>
  ({ data: items, currentPage, pageSize, totalCount: 5, totalPages });

describe('paging', () => {
  it('walks every book page after page with the same filters, a page fetched only when reached', async () => {
    const { fetch, asked } = pagedFetch(5, bookShape);
    const sdk = createPustakClient({ baseUrl: BASE, fetch });
    const ids: number[] = [];
    for await (const book of sdk.books.iterate({ genre: 'Fiction', pageSize: 2 })) ids.push((book as unknown as { id: number }).id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(asked.map((url) => [url.searchParams.get('page'), url.searchParams.get('genre'), url.searchParams.get('pageSize')])).toEqual([
      [null, 'Fiction', '2'], ['2', 'Fiction', '2'], ['3', 'Fiction', '2'],
    ]);

    asked.length = 0;
    for await (const _book of sdk.books.iterate({ pageSize: 2 })) break;
    expect(asked).toHaveLength(1);
  });

  it('ends the walk when the server answers another page than the one asked for (the mock always answers page 1)', async () => {
    const { fetch, asked } = pagedFetch(5, (items, _page, pageSize, totalPages) => bookShape(items.length ? items : [{ id: 1 }], 1, pageSize, totalPages));
    const sdk = createPustakClient({ baseUrl: BASE, fetch });
    const ids: number[] = [];
    for await (const book of sdk.books.iterate({ pageSize: 2 })) {
      ids.push((book as unknown as { id: number }).id);
      if (ids.length > 10) break; // the walk that never ends, cut short
    }
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(asked).toHaveLength(2);
  });

  it('gives books and users one page shape, with hasNextPage and getNextPage', async () => {
    const books = createPustakClient({ baseUrl: BASE, fetch: pagedFetch(5, bookShape).fetch });
    const users = createPustakClient({ baseUrl: BASE, fetch: pagedFetch(5, userShape).fetch });
    for (const first of [await books.books.page({ pageSize: 2 }), await users.users.page({ pageSize: 2 })]) {
      expect(first).toMatchObject({ items: [{ id: 1 }, { id: 2 }], page: 1, pageSize: 2, totalItems: 5, totalPages: 3 });
      expect(first.hasNextPage()).toBe(true);
      const second = await first.getNextPage();
      expect(second).toMatchObject({ items: [{ id: 3 }, { id: 4 }], page: 2 });
      const last = await second.getNextPage();
      expect(last).toMatchObject({ items: [{ id: 5 }], page: 3 });
      expect(last.hasNextPage()).toBe(false);
      await expect(last.getNextPage()).rejects.toThrow(RangeError);
    }
  });

  it('iterates staff and the activity log too', async () => {
    const staff = createPustakClient({ baseUrl: BASE, fetch: pagedFetch(5, userShape).fetch });
    const seen: unknown[] = [];
    for await (const member of staff.users.iterateStaff({ pageSize: 2 })) seen.push(member);
    expect(seen).toHaveLength(5);
    expect((await staff.users.staffPage({ pageSize: 4 })).totalPages).toBe(2);

    const { fetch, asked } = pagedFetch(5, userShape);
    const log = createPustakClient({ baseUrl: BASE, fetch });
    const entries: unknown[] = [];
    for await (const entry of log.activity.iterate({ kind: 'order.ready', pageSize: 2 })) entries.push(entry);
    expect(entries).toHaveLength(5);
    expect(asked.every((url) => url.pathname.endsWith('/activity/all') && url.searchParams.get('kind') === 'order.ready')).toBe(true);
  });

  it('ends the walk at an empty page even when the totals promise more', async () => {
    const sdk = createPustakClient({
      baseUrl: BASE,
      fetch: async () => json({ data: [], pagination: { currentPage: 1, pageSize: 8, totalItems: 99, totalPages: 13 } }),
    });
    const page = await sdk.books.page();
    expect(page.hasNextPage()).toBe(false);
    const all: unknown[] = [];
    for await (const book of sdk.books.iterate()) all.push(book);
    expect(all).toEqual([]);
  });
});
