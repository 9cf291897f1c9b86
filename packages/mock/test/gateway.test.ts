// The gateway in front of Prism, against the real contract (openapi/openapi.yaml): what a
// caller of http://localhost:4010/api sees.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '../src/index.mjs';

const quiet = { info() {}, warn() {}, error() {} };
const MUNA_MADAN_ID = '0f0e0000-0000-4000-8000-000000000003';

type Mock = { url: string; port: number; close(): Promise<void> };

let mock: Mock;

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, prismUrl: inject('prismUrl') });
});

afterAll(async () => {
  await mock?.close();
});

const api = (path: string, init?: RequestInit) => fetch(`${mock.url}/api${path}`, init);

function login(username: string, password: string, headers: Record<string, string> = {}) {
  return api('/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
  });
}

function bookForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  const values = {
    title: 'Seto Bagh',
    author: 'Diamond Shumsher Rana',
    genre: 'Fiction',
    isbn: '978-9937-0-0001-1',
    description: 'A historical novel of the Rana era.',
    publisher: 'Sajha Prakashan',
    publicationDate: '1973-01-01T00:00:00Z',
    price: '450',
    quantity: '10',
    language: 'Nepali',
    discount: '0',
    format: 'Paperback',
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  form.append('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'cover.png');
  return form;
}

describe('gateway to Prism', () => {
  it('strips the /api base: GET /api/book/all lists the catalogue', async () => {
    const response = await api('/book/all');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]).toMatchObject({ bookId: expect.any(String), title: expect.any(String), price: expect.any(Number) });
  });

  it('passes the query string through to Prism, which validates it', async () => {
    const response = await api('/book/all?page=not-a-number');
    expect(response.status).toBe(422);
  });

  it('reaches the doubled path /api/api/bookcrud/get/{id}', async () => {
    const response = await api(`/api/bookcrud/get/${MUNA_MADAN_ID}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ bookId: MUNA_MADAN_ID, title: 'Muna Madan' });
  });

  it('forwards the Authorization header: a bearer operation answers 401 without it', async () => {
    expect((await api('/book/getWishlist')).status).toBe(401);
    const withToken = await api('/book/getWishlist', { headers: { Authorization: 'Bearer mock.customer.token' } });
    expect(withToken.status).toBe(200);
  });

  it('streams a multipart book form intact, image part included', async () => {
    const created = await api('/bookcrud/create', {
      method: 'POST',
      headers: { Authorization: 'Bearer mock.admin.token' },
      body: bookForm(),
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ message: 'Book created successfully' });

    // Prism reads the parts: the same form without a title is refused.
    const withoutTitle = bookForm();
    withoutTitle.delete('title');
    const refused = await api('/bookcrud/create', {
      method: 'POST',
      headers: { Authorization: 'Bearer mock.admin.token' },
      body: withoutTitle,
    });
    expect(refused.status).toBe(422);
  });

  it('answers 404 JSON outside /api, the hub and the controls', async () => {
    const response = await fetch(`${mock.url}/book/all`);
    expect(response.status).toBe(404);
    expect((await response.json()).message).toContain('The API is under /api/');
  });
});

describe('mock order search', () => {
  const search = async (query: string, headers: Record<string, string> = {}) => {
    const response = await api(`/order/search${query}`, { headers: { Authorization: 'Bearer mock.staff.token', ...headers } });
    expect(response.status).toBe(200);
    return (await response.json()) as { totalCount: number; currentPage: number; data: { orderId: string; status: string }[] };
  };

  it('answers a list that reads like its query: the order a search finds, every status, the orders waiting', async () => {
    const found = await search('?search=7f3a9c21&status=Pending&status=Ready');
    expect(found.data.map((o) => o.orderId)).toEqual(['0dde0000-0000-4000-8000-000000000004']);
    expect(await search('')).toMatchObject({ totalCount: 14, currentPage: 1 });
    expect(await search('?page=2&sort=oldest')).toMatchObject({ totalCount: 14, currentPage: 2 });
    const waiting = await search('?status=Pending&status=Ready');
    expect(new Set(waiting.data.map((o) => o.status))).toEqual(new Set(['Pending', 'Ready']));
  });

  it("keeps the caller's own Prefer header", async () => {
    expect((await search('?search=ram', { Prefer: 'example=empty' })).totalCount).toBe(0);
  });
});

describe('mock sign-in', () => {
  it.each([
    ['admin', 'Admin', '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a01'],
    ['staff', 'Staff', '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a02'],
    ['hari', 'User', '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a03'],
  ])('signs %s in as the %s example', async (username, role, id) => {
    const response = await login(username, 'Sagarmatha#8848');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id, role });
  });

  it('answers 401 for the password "wrong", whoever signs in', async () => {
    const response = await login('admin', 'wrong');
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('Invalid username or password');
  });

  it('answers the claim code limit on Prefer: code=429, with its JSON envelope and Retry-After', async () => {
    const response = await api('/staff/verifyOrder/0dde0000-0000-4000-8000-000000000001', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer mock.staff.token', Prefer: 'code=429' },
      body: JSON.stringify({ ClaimCode: '7F3A9C21' }),
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ status: 'error', message: 'Too many attempts. Please try again later.' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it("keeps the caller's own Prefer header", async () => {
    const response = await login('admin', 'secret', { Prefer: 'example=staff' });
    expect((await response.json()).user.role).toBe('Staff');
  });

  it('picks the example when the login URL carries a query string', async () => {
    const response = await api('/auth/login?source=test', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'staff', password: 'secret' }),
    });
    expect((await response.json()).user.role).toBe('Staff');
  });
});

describe('CORS for front ends on another origin', () => {
  const origin = 'http://localhost:3000';

  it('answers a preflight with 204 and the headers the SDK and SignalR send', async () => {
    const response = await fetch(`${mock.url}/api/auth/login`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, prefer, x-requested-with',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type, prefer, x-requested-with');
  });

  it("echoes the caller's origin, credentials allowed, on API responses", async () => {
    const response = await api('/book/bestSeller', { headers: { Origin: origin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('lets the hub negotiate cross-origin too', async () => {
    const preflight = await fetch(`${mock.url}/hubs/notification/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-SignalR-User-Agent');
  });
});
