// The legacy React client's calls exactly as it sends them (issue 7, part 1), against the mock
// on the real contract: each must be taken as sent, while the contract's limits still hold.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '../src/index.mjs';

const quiet = { info() {}, warn() {}, error() {} };
const BOOK = '0f0e0000-0000-4000-8000-000000000003';
const ORDER = '0dde0000-0000-4000-8000-000000000001';
const ADMIN = { Authorization: 'Bearer mock.admin.token' };
const CUSTOMER = { Authorization: 'Bearer mock.customer.token' };
const JSON_TYPE = { 'Content-Type': 'application/json' };

type Mock = { url: string; port: number; close(): Promise<void> };
let mock: Mock;

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, prismUrl: inject('prismUrl') });
});

afterAll(async () => {
  await mock?.close();
});

const api = (path: string, init?: RequestInit) => fetch(`${mock.url}/api${path}`, init);
const status = async (path: string, init?: RequestInit) => (await api(path, init)).status;

describe('calls that take no body', () => {
  it.each([
    ['POST', '/order/place'],
    ['PUT', `/order/cancel/${ORDER}`],
    ['PUT', `/book/remove/${BOOK}`],
  ])('%s %s takes axios\'s `{}`, no body, and refuses a real body', async (method, path) => {
    // What axios sends for `axios.post(url, {})` / `axios.put(url, {})`.
    expect(await status(path, { method, headers: { ...CUSTOMER, ...JSON_TYPE }, body: '{}' })).toBe(200);
    expect(await status(path, { method, headers: CUSTOMER })).toBe(200);
    expect(await status(path, { method, headers: { ...CUSTOMER, ...JSON_TYPE } })).toBe(200);
    const refused = await api(path, { method, headers: { ...CUSTOMER, ...JSON_TYPE }, body: '{"quantity":1}' });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });

  it('answers place order with the order, not the misleading "Cart is empty"', async () => {
    const response = await api('/order/place', { method: 'POST', headers: { ...CUSTOMER, ...JSON_TYPE }, body: '{}' });
    expect(await response.json()).toMatchObject({ message: 'Order placed successfully', data: { claimCode: '7F3A9C21' } });
  });
});

describe('text inputs sent as JSON strings', () => {
  const offer = (Discount: unknown) =>
    status(`/bookcrud/discountOffer/${BOOK}`, {
      method: 'PUT',
      headers: { ...ADMIN, ...JSON_TYPE },
      body: JSON.stringify({ Discount, StartTime: '2026-11-21T00:00:00.000Z', EndTime: '2026-12-21T00:00:00.000Z', IsOnSale: true }),
    });

  it('takes the discount as a numeric string or a number', async () => {
    expect(await offer('20')).toBe(200);
    expect(await offer('12.5')).toBe(200);
    expect(await offer(20)).toBe(200);
  });

  it('still refuses a discount that is not a percent', async () => {
    expect(await offer('abc')).toBe(422);
    expect(await offer('150')).toBe(422);
    expect(await offer(150)).toBe(422);
  });
});

describe('the Edit Book form as the legacy client posts it', () => {
  function legacyEditForm() {
    const form = new FormData();
    const fields: Record<string, string> = {
      bookId: BOOK,
      title: 'Muna Madan',
      author: 'Laxmi Prasad Devkota',
      genre: 'Fiction',
      isbn: '978-9937-8520-0-3',
      description: 'Devkota\'s narrative poem.',
      publisher: 'Sajha Prakashan',
      publicationDate: '1936-01-01T00:00:00Z',
      price: '450',
      quantity: '120',
      language: 'Nepali',
      discount: '10',
      format: 'Hardcover',
      isOnSale: 'true',
      availableInLibrary: 'true',
      awardWinners: 'true',
      startTime: '2025-01-01T00:00:00Z',
      endTime: '2029-12-31T23:59:59Z',
      imageUrl: 'http://localhost:4010/covers/muna-madan.svg',
      createdAt: '2026-11-12T08:00:00Z',
      averageStars: '4.7',
      reviews: '[object Object],[object Object],[object Object]',
      // No new cover chosen: an empty text part.
      image: '',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  }

  it('takes every posted-back field and the empty image part', async () => {
    const response = await api(`/bookcrud/updatebook/${BOOK}`, { method: 'PUT', headers: ADMIN, body: legacyEditForm() });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: 'Book updated successfully' });
  });

  it('takes a sale window the form cleared ("null")', async () => {
    const form = legacyEditForm();
    form.set('startTime', 'null');
    form.set('endTime', '');
    expect(await status(`/bookcrud/updatebook/${BOOK}`, { method: 'PUT', headers: ADMIN, body: form })).toBe(200);
  });

  it('still checks the fields it uses', async () => {
    const form = legacyEditForm();
    form.set('price', 'cheap');
    expect(await status(`/bookcrud/updatebook/${BOOK}`, { method: 'PUT', headers: ADMIN, body: form })).toBe(422);
  });
});

describe("the admin header's bare axios call", () => {
  it('reaches GET /api/bookcrud/get/{id} (single /api) and answers the bare book', async () => {
    const response = await api(`/bookcrud/get/${BOOK}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ bookId: BOOK, title: 'Muna Madan' });
  });

  it('keeps the doubled /api/api/ path for clients that read the spec literally', async () => {
    expect(await status(`/api/bookcrud/get/${BOOK}`)).toBe(200);
  });
});

describe("a guest's token", () => {
  it.each(['Bearer null', 'Bearer undefined', 'Bearer ', 'Bearer'])('public calls treat "%s" as anonymous', async (authorization) => {
    expect(await status('/book/all', { headers: { Authorization: authorization } })).toBe(200);
    expect(await status(`/bookcrud/getbookbyid/${BOOK}`, { headers: { Authorization: authorization } })).toBe(200);
    expect(await status('/announcement/active', { headers: { Authorization: authorization } })).toBe(200);
  });
});

describe('banner colours', () => {
  const banner = (Color: string, TextColor: string) =>
    status('/announcement/addAnnouncement', {
      method: 'POST',
      headers: { ...ADMIN, ...JSON_TYPE },
      body: JSON.stringify({ Message: 'Teej week', StartTime: '2026-11-21T00:00:00Z', EndTime: '2026-11-28T00:00:00Z', IsPinned: true, Color, TextColor }),
    });

  it('takes a name, the legacy class tokens and hex colours', async () => {
    expect(await banner('Green', '#ffffff')).toBe(200);
    expect(await banner('bg-green-100', 'text-green-800')).toBe(200);
    expect(await banner('#16a34a', '#FFF')).toBe(200);
  });

  it("takes the colour picker's Tailwind arbitrary hex colours, and nothing else in brackets", async () => {
    expect(await banner('bg-green-100', 'text-[#7BEC7A]')).toBe(200);
    expect(await banner('bg-[#14532D]', 'text-[#FE0]')).toBe(200);
    expect(await banner('bg-[#abc]', '#ffffff')).toBe(200);
    for (const color of ['bg-[url(x)]', 'bg-[#12345]', 'bg-[red]', 'bg-[#fff];x']) expect(await banner(color, '#ffffff'), color).toBe(422);
    for (const text of ['text-[red]', 'text-[url(x)]', 'text-[#12345]']) expect(await banner('Blue', text), text).toBe(422);
  });

  it('refuses arbitrary CSS', async () => {
    expect(await banner('url(https://tracker.example/pixel.png)', '#ffffff')).toBe(422);
    expect(await banner('Blue', 'red; background: url(x)')).toBe(422);
  });

  it('answers colour names', async () => {
    const response = await api('/announcement/active');
    expect(await response.json()).toMatchObject({ color: 'Blue', textColor: '#ffffff' });
  });
});

describe('other contract rules the mock enforces', () => {
  it('assigns Staff or User, never Admin', async () => {
    const role = (value: string) =>
      status('/user/updaterole/9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a04', { method: 'PUT', headers: { ...ADMIN, ...JSON_TYPE }, body: JSON.stringify(value) });
    expect(await role('Staff')).toBe(204);
    expect(await role('User')).toBe(204);
    expect(await role('Admin')).toBe(422);
  });

  it('refuses a blank review comment', async () => {
    const review = (Comment: string) =>
      status('/review/addReview', { method: 'POST', headers: { ...CUSTOMER, ...JSON_TYPE }, body: JSON.stringify({ bookId: BOOK, Stars: 5, Comment }) });
    expect(await review('Lovely')).toBe(200);
    expect(await review('   ')).toBe(422);
  });
});

describe('covers', () => {
  it('answers absolute cover URLs on the origin the caller used, and serves them', async () => {
    const { data } = await (await api('/book/all')).json();
    for (const book of data) expect(book.imageUrl).toMatch(new RegExp(`^${mock.url}/covers/[a-z0-9-]+\\.svg$`));
    const viaLocalhost = await (await fetch(`http://localhost:${mock.port}/api/book/all`)).json();
    expect(viaLocalhost.data[0].imageUrl.startsWith(`http://localhost:${mock.port}/covers/`)).toBe(true);

    const cover = await fetch(data[0].imageUrl);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/svg+xml');
    expect(await cover.text()).toMatch(/^<svg /);
  });

  it('serves nothing else under /covers', async () => {
    expect((await fetch(`${mock.url}/covers/missing.svg`)).status).toBe(404);
    expect((await fetch(`${mock.url}/covers/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${mock.url}/covers/karnali-blues.svg`, { method: 'DELETE' })).status).toBe(405);
  });
});
