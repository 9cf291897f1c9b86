// Unit tests of the client's middleware and the quirks of the wire: every request goes to an
// observed fetch, so headers and bodies can be read back byte for byte.
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError, NetworkError, createPustakClient, isApiError, isNetworkError, serverMessageOf,
  type Announcement, type Book, type BookInput, type PustakClientOptions,
} from '../src/index.js';
import { rejection } from './rejection.js';

const BASE = 'http://api.test/api';
const BOOK_ID = '0f0e0000-0000-4000-8000-000000000003';

type Reply = (request: Request) => Response | Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok: Reply = () => json({ status: 'success', message: 'ok', data: [] });

/** A client whose fetch records each request (cloned, so bodies stay readable). */
function observed(reply: Reply = ok, options: Partial<PustakClientOptions> = {}) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request.clone());
    return reply(request);
  });
  const client = createPustakClient({ baseUrl: BASE, fetch, ...options });
  const last = (): Request => {
    const request = requests.at(-1);
    if (!request) throw new Error('no request was sent');
    return request;
  };
  return { client, fetch, requests, last };
}

describe('bearer token', () => {
  it('is sent when getToken returns one, sync or async', async () => {
    const sync = observed(ok, { getToken: () => 'tok-1' });
    await sync.client.cart.list();
    expect(sync.last().headers.get('Authorization')).toBe('Bearer tok-1');

    const async = observed(ok, { getToken: async () => 'tok-2' });
    await async.client.cart.list();
    expect(async.last().headers.get('Authorization')).toBe('Bearer tok-2');
  });

  it('is left out when getToken returns nothing or is missing', async () => {
    for (const token of [null, undefined, '']) {
      const t = observed(ok, { getToken: () => token });
      await t.client.notifications.list();
      expect(t.last().headers.has('Authorization')).toBe(false);
    }
    const none = observed();
    await none.client.notifications.list();
    expect(none.last().headers.has('Authorization')).toBe(false);
  });

  it('asks for the token on every request, so a sign-in takes effect at once', async () => {
    let token: string | undefined;
    const t = observed(ok, { getToken: () => token });
    await t.client.cart.list();
    token = 'fresh';
    await t.client.cart.list();
    expect(t.requests.map((r) => r.headers.get('Authorization'))).toEqual([null, 'Bearer fresh']);
  });

  it('yields to an Authorization header given for one call, and also covers client.raw', async () => {
    const t = observed(ok, { getToken: () => 'default' });
    await t.client.cart.list({ headers: { Authorization: 'Bearer other' } });
    expect(t.last().headers.get('Authorization')).toBe('Bearer other');

    await t.client.raw.GET('/addToCart/getcartitems');
    expect(t.last().headers.get('Authorization')).toBe('Bearer default');
  });
});

describe('headers option', () => {
  it('sends default headers on every request; per-call headers add to and override them', async () => {
    const t = observed(ok, { headers: { 'X-Client': 'pustak-web', Prefer: 'example=default' } });
    await t.client.books.bestSellers();
    await t.client.books.bestSellers({ headers: { Prefer: 'example=empty', 'X-Trace': '7' } });
    const [first, second] = t.requests;
    expect(first?.headers.get('X-Client')).toBe('pustak-web');
    expect(first?.headers.get('Prefer')).toBe('example=default');
    expect(second?.headers.get('X-Client')).toBe('pustak-web');
    expect(second?.headers.get('Prefer')).toBe('example=empty');
    expect(second?.headers.get('X-Trace')).toBe('7');
  });
});

describe('fetch option', () => {
  it('defaults to the globalThis.fetch of the moment of the call', async () => {
    const client = createPustakClient({ baseUrl: BASE });
    const stub = vi.fn(async (_request: Request) => json({ status: 'success', statusCode: 200, data: [] }));
    vi.stubGlobal('fetch', stub);
    try {
      await expect(client.notifications.list()).resolves.toEqual([]);
      expect(stub.mock.calls[0]?.[0].url).toBe(`${BASE}/notification/all`);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('errors', () => {
  it('calls onUnauthorized on 401 and still throws the same ApiError', async () => {
    const onUnauthorized = vi.fn();
    const t = observed(() => json({ statusCode: 401, message: 'Unauthorized' }, 401), { onUnauthorized });

    const error = await rejection(t.client.dashboard.get());

    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 401)).toBe(true);
    expect(error).toMatchObject({
      name: 'AuthenticationError',
      status: 401,
      message: 'Unauthorized',
      body: { statusCode: 401, message: 'Unauthorized' },
      operation: 'getDashboard',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBe(error);
  });

  it('does not call onUnauthorized for a wrong password at sign-in, signed in or not', async () => {
    const onUnauthorized = vi.fn();
    for (const token of [undefined, 'earlier-token']) {
      const t = observed(() => new Response('Invalid username or password', { status: 401 }), { onUnauthorized, getToken: () => token });
      const error = await rejection(t.client.auth.login({ username: 'sita', password: 'wrong' }));
      expect(error).toMatchObject({ name: 'AuthenticationError', status: 401, operation: 'loginUser', message: 'Invalid username or password' });
      await rejection(t.client.auth.resendCode({ username: 'sita', password: 'wrong' }));
    }
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports 401s of raw calls too, and keeps the ApiError when the handler throws', async () => {
    const onUnauthorized = vi.fn((_error: ApiError) => {
      throw new Error('handler bug');
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const t = observed(() => new Response('Unauthorized', { status: 401 }), { onUnauthorized });
      const raw = await t.client.raw.GET('/order/all');
      expect(raw.response.status).toBe(401);
      expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ status: 401, operation: 'listAllOrders' });

      const error = await rejection(t.client.orders.all());
      expect(error).toMatchObject({ status: 401, message: 'Unauthorized', operation: 'listAllOrders' });
      expect(consoleError).toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('takes the message from a plain-text body, ProblemDetails, or falls back to HTTP <status>', async () => {
    const cases: [Response, string, unknown, string | null][] = [
      [new Response('Username is already taken', { status: 400 }), 'Username is already taken', 'Username is already taken', 'Username is already taken'],
      [json({ title: 'One or more validation errors occurred.', status: 422 }, 422), 'One or more validation errors occurred.', { title: 'One or more validation errors occurred.', status: 422 }, 'One or more validation errors occurred.'],
      [json({ status: 'error', message: 'Cart is empty' }, 400), 'Cart is empty', { status: 'error', message: 'Cart is empty' }, 'Cart is empty'],
      [json({ status: 'error', message: '   ' }, 400), 'HTTP 400', { status: 'error', message: '   ' }, null],
      [new Response(null, { status: 500 }), 'HTTP 500', undefined, null],
    ];
    for (const [response, message, body, fromServer] of cases) {
      const onUnauthorized = vi.fn();
      const t = observed(() => response, { onUnauthorized });
      const error = await rejection(t.client.orders.place());
      expect(error).toMatchObject({ status: response.status, message, body, operation: 'placeOrder', serverMessage: fromServer });
      expect(serverMessageOf(error)).toBe(fromServer);
      expect(onUnauthorized).not.toHaveBeenCalled();
    }
  });

  it('has no server message for a failure without an answer', () => {
    expect(serverMessageOf(new NetworkError('placeOrder', new TypeError('fetch failed')))).toBeNull();
    expect(serverMessageOf(new Error('boom'))).toBeNull();
  });

  it('wraps a rejected fetch in NetworkError with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const t = observed(() => Promise.reject(cause), { maxRetries: 0 });

    const error = await rejection(t.client.books.list());

    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'NetworkError', operation: 'listBooks', cause });
    expect(isApiError(error)).toBe(false);
  });

  it('lets an aborted call reject with AbortError, not NetworkError', async () => {
    const t = observed(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const controller = new AbortController();

    const pending = rejection(t.client.books.list(undefined, { signal: controller.signal }));
    await vi.waitFor(() => expect(t.fetch).toHaveBeenCalled());
    controller.abort();
    const error = await pending;

    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(t.fetch.mock.calls[0]?.[0].signal.aborted).toBe(true);
  });

  it('maps 404 to an empty list only where the legacy server means "none"', async () => {
    const notFound = observed(() => json({ status: 'error', message: 'No orders found' }, 404));
    await expect(notFound.client.orders.mine()).resolves.toEqual([]);
    await expect(notFound.client.orders.all()).resolves.toEqual([]);
    await expect(notFound.client.reviews.list(BOOK_ID)).resolves.toEqual([]);
    await expect(notFound.client.books.byAuthor('Nobody')).resolves.toEqual([]);
    await expect(notFound.client.catalog.get(BOOK_ID)).rejects.toMatchObject({ status: 404, operation: 'getBookById' });

    const broken = observed(() => json({ message: 'boom' }, 500));
    await expect(broken.client.orders.mine()).rejects.toMatchObject({ status: 500, message: 'boom' });
  });
});

describe('request shapes', () => {
  it('updateRole sends the bare JSON string "Staff" as application/json', async () => {
    const t = observed(() => new Response(null, { status: 204 }));
    await expect(t.client.users.updateRole('u-1', 'Staff')).resolves.toBeUndefined();
    const request = t.last();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(`${BASE}/user/updaterole/u-1`);
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.text()).toBe('"Staff"');
  });

  it('sends the PascalCase payloads the legacy server binds', async () => {
    const t = observed();
    await t.client.auth.verify({ id: 'u-9', verificationCode: '48213' });
    expect(await t.last().json()).toEqual({ VerificationCode: '48213', Id: 'u-9' });

    await t.client.reviews.add({ bookId: BOOK_ID, stars: 5, comment: 'Quiet and devastating.' });
    expect(await t.last().json()).toEqual({ bookId: BOOK_ID, Stars: 5, Comment: 'Quiet and devastating.' });

    await t.client.staff.verifyOrder('o-1', '7F3A9C21');
    expect(t.last().url).toBe(`${BASE}/staff/verifyOrder/o-1`);
    expect(await t.last().json()).toEqual({ ClaimCode: '7F3A9C21' });

    await t.client.catalog.setDiscount(BOOK_ID, {
      discount: 15,
      startTime: new Date(Date.UTC(2026, 10, 21)),
      endTime: '2026-12-21T23:59:59+05:45',
      isOnSale: true,
    });
    expect(t.last().url).toBe(`${BASE}/bookcrud/discountOffer/${BOOK_ID}`);
    expect(await t.last().json()).toEqual({
      Discount: 15,
      StartTime: '2026-11-21T00:00:00.000Z',
      EndTime: '2026-12-21T18:14:59.000Z',
      IsOnSale: true,
    });
  });

  it('sends announcements in PascalCase and pins with the full, correct shape', async () => {
    const t = observed();
    const input = {
      message: 'Dashain sale',
      startTime: '2026-11-21T00:00:00Z',
      endTime: new Date(Date.UTC(2026, 11, 21)),
      isPinned: true,
      color: '#2563eb',
      textColor: '#ffffff',
    };
    const expected = {
      Message: 'Dashain sale',
      StartTime: '2026-11-21T00:00:00.000Z',
      EndTime: '2026-12-21T00:00:00.000Z',
      IsPinned: true,
      Color: '#2563eb',
      TextColor: '#ffffff',
    };
    await t.client.announcements.create(input);
    expect(t.last().method).toBe('POST');
    expect(await t.last().json()).toEqual(expected);

    await t.client.announcements.update('a-1', input);
    expect(t.last().method).toBe('PUT');
    expect(t.last().url).toBe(`${BASE}/announcement/update/a-1`);
    expect(await t.last().json()).toEqual(expected);

    const banner: Announcement = {
      announcementId: 'a-2',
      message: 'Free delivery',
      startTime: '2025-01-01T00:00:00Z',
      endTime: '2029-12-31T23:59:59Z',
      isPinned: true,
      color: 'Yellow',
      textColor: '#1f2937',
    };
    await t.client.announcements.setPinned(banner, false);
    expect(t.last().url).toBe(`${BASE}/announcement/update/a-2`);
    const sent = await t.last().json();
    expect(sent).toEqual({
      Message: 'Free delivery',
      StartTime: '2025-01-01T00:00:00.000Z',
      EndTime: '2029-12-31T23:59:59.000Z',
      IsPinned: false,
      Color: 'Yellow',
      TextColor: '#1f2937',
    });
    expect(sent).not.toHaveProperty('IdPinned');
  });

  it('rejects an unparseable date before anything is sent', async () => {
    const t = observed();
    await expect(
      t.client.catalog.setDiscount(BOOK_ID, { discount: 5, startTime: 'soon', endTime: new Date(), isOnSale: true }),
    ).rejects.toThrow(TypeError);
    expect(t.fetch).not.toHaveBeenCalled();
  });

  it('places an order and removes with PUT without a body', async () => {
    const t = observed();
    await t.client.orders.place();
    expect(t.last().method).toBe('POST');
    expect(t.last().url).toBe(`${BASE}/order/place`);
    expect(await t.last().text()).toBe('');
    expect(t.last().headers.has('Content-Type')).toBe(false);

    await t.client.orders.place({ expectedTotal: 5614.5 });
    expect(await t.last().json()).toEqual({ expectedTotal: 5614.5 });

    await t.client.wishlist.removeWithPut(BOOK_ID);
    expect(t.last().method).toBe('PUT');
    expect(t.last().url).toBe(`${BASE}/book/remove/${BOOK_ID}`);
    expect(await t.last().text()).toBe('');
    expect(t.last().headers.has('Content-Type')).toBe(false);
  });

  it('reads the header title on /bookcrud/get/{id}, and on the doubled /api path when asked', async () => {
    const t = observed(() => json({ title: 'Muna Madan' }));
    await t.client.catalog.getTitle(BOOK_ID);
    expect(t.last().url).toBe(`${BASE}/bookcrud/get/${BOOK_ID}`);
    await t.client.catalog.getTitleDoubledPath(BOOK_ID);
    expect(t.last().url).toBe(`${BASE}/api/bookcrud/get/${BOOK_ID}`);
  });

  it('serialises list queries', async () => {
    const t = observed(() => json({ status: 'success', code: 200, message: '', pagination: {}, data: [] }));
    await t.client.books.list({ page: 2, pageSize: 8, sortBy: 'createdat', sortDesc: true, genre: 'Fiction', search: 'karnali blues' });
    const url = new URL(t.last().url);
    expect(url.pathname).toBe('/api/book/all');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2', pageSize: '8', sortBy: 'createdat', sortDesc: 'true', genre: 'Fiction', search: 'karnali blues',
    });
  });

  it('normalises getallbooks whether it is a bare array or {books}', async () => {
    const book = { bookId: BOOK_ID, title: 'Muna Madan' } as Book;
    await expect(observed(() => json([book])).client.catalog.listAll()).resolves.toEqual([book]);
    await expect(observed(() => json({ books: [book] })).client.catalog.listAll()).resolves.toEqual([book]);
  });
});

describe('multipart book form', () => {
  const input: BookInput = {
    title: 'Karnali Blues',
    author: 'Buddhisagar',
    genre: 'Fiction',
    isbn: '9789937888001',
    description: 'A son remembers his father.',
    publisher: 'FinePrint',
    publicationDate: new Date(Date.UTC(2010, 0, 1)),
    price: 450,
    quantity: 12,
    language: 'Nepali',
    discount: 10,
    format: 'Paperback',
    isOnSale: true,
    startTime: '2026-11-01T00:00:00Z',
    endTime: null,
  };

  it('create sends every field as text and the image as a named file part', async () => {
    const t = observed();
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

    await t.client.catalog.create({ ...input, image });

    const request = t.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${BASE}/bookcrud/create`);
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    const text = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
    expect(text).toEqual({
      title: 'Karnali Blues',
      author: 'Buddhisagar',
      genre: 'Fiction',
      isbn: '9789937888001',
      description: 'A son remembers his father.',
      publisher: 'FinePrint',
      publicationDate: '2010-01-01T00:00:00.000Z',
      price: '450',
      quantity: '12',
      language: 'Nepali',
      discount: '10',
      format: 'Paperback',
      isOnSale: 'true',
      availableInLibrary: 'false',
      awardWinners: 'false',
      startTime: '2026-11-01T00:00:00.000Z',
    });
    const file = form.get('image');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('cover.png');
    expect((file as File).type).toBe('image/png');
    expect([...new Uint8Array(await (file as File).arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('keeps a File name, sends no image part on create without one', async () => {
    const t = observed();
    await t.client.catalog.create({ ...input, image: new File(['<svg/>'], 'karnali.svg', { type: 'image/svg+xml' }) });
    expect(((await t.last().formData()).get('image') as File).name).toBe('karnali.svg');

    await t.client.catalog.create(input);
    expect((await t.last().formData()).has('image')).toBe(false);
  });

  it('update without a new cover sends an empty image part', async () => {
    const t = observed();
    await t.client.catalog.update(BOOK_ID, input);
    const request = t.last();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(`${BASE}/bookcrud/updatebook/${BOOK_ID}`);
    const form = await request.formData();
    // Browsers send an empty file part (filename=""); undici drops the empty filename, so
    // the part reads back as an empty value. Either way the part is there and empty.
    const image = form.get('image');
    expect(image === null ? null : typeof image === 'string' ? image : await image.text()).toBe('');
    expect(form.get('title')).toBe('Karnali Blues');
  });
});
