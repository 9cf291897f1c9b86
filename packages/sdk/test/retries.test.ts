// Retries, backoff, Retry-After, timeouts and the error classes, against a scripted fetch and a
// controlled clock: the sleeps are recorded (not waited), or the timers are Vitest's fake ones.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError, AuthenticationError, BadRequestError, ConflictError, InternalServerError, NetworkError, NotFoundError,
  PermissionDeniedError, PricesChangedError, RateLimitError, ServiceUnavailableError, TimeoutError, UnprocessableEntityError,
  createPustakClient, isAbortError, isNetworkError, type PustakClientOptions,
} from '../src/index.js';
import { rejection } from './rejection.js';

const BASE = 'http://api.test/api';
const NOW = Date.parse('2026-11-27T10:00:00Z');
const BOOK_ID = '0f0e0000-0000-4000-8000-000000000003';
const books = () => new Response(JSON.stringify({ data: [], pagination: { currentPage: 1, pageSize: 8, totalItems: 0, totalPages: 0 } }), { headers: { 'Content-Type': 'application/json' } });
const status = (code: number, headers: Record<string, string> = {}, body: unknown = { status: 'error', message: `failed ${code}` }) =>
  new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json', ...headers } });
const placed = () => new Response(JSON.stringify({ status: 'success', message: 'Order placed successfully', statusCode: 200, data: { orderId: 'o1', claimCode: 'ABCD1234' } }), { headers: { 'Content-Type': 'application/json' } });
const refused = () => Promise.reject(new TypeError('fetch failed'));

type Step = () => Response | Promise<Response>;

/** A client whose fetch answers the scripted steps in turn; sleeps are recorded, not waited. */
function scripted(steps: Step[], options: Partial<PustakClientOptions> = {}) {
  const requests: Request[] = [];
  const delays: number[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    const step = steps[Math.min(requests.length, steps.length) - 1]!;
    return step();
  });
  const client = createPustakClient({
    baseUrl: BASE,
    fetch,
    retryEnvironment: { sleep: async (ms) => void delays.push(ms), random: () => 0, now: () => NOW },
    ...options,
  });
  return { client, requests, delays };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it('retries a read twice by default after 5xx and network errors, with exponential backoff', async () => {
    const t = scripted([() => status(500), refused, books]);
    await expect(t.client.books.list()).resolves.toMatchObject({ items: [] });
    expect(t.requests).toHaveLength(3);
    expect(t.delays).toEqual([500, 1000]);
  });

  it('gives up after maxRetries and throws the last answer\'s error', async () => {
    const t = scripted([() => status(502)]);
    const error = await rejection(t.client.books.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(t.requests).toHaveLength(3);
  });

  it('takes maxRetries from the client and from the call, the call winning', async () => {
    const none = scripted([() => status(503)], { maxRetries: 0 });
    await rejection(none.client.books.list());
    expect(none.requests).toHaveLength(1);

    const five = scripted([() => status(503)], { maxRetries: 0 });
    await rejection(five.client.books.list({}, { maxRetries: 5 }));
    expect(five.requests).toHaveLength(6);
    expect(five.delays).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('takes up to a quarter off each backoff at random (jitter)', async () => {
    const t = scripted([() => status(500), () => status(500), books], { retryEnvironment: { sleep: async (ms) => void delays.push(ms), random: () => 1 } });
    const delays: number[] = [];
    await t.client.books.list();
    expect(delays).toEqual([375, 750]);
  });

  it('retries 408, 409 and 429 on a read, not 400, 401, 403, 404 or 422', async () => {
    for (const code of [408, 409, 429]) {
      const t = scripted([() => status(code), books]);
      await t.client.books.list();
      expect(t.requests, `status ${code}`).toHaveLength(2);
    }
    for (const code of [400, 401, 403, 404, 422]) {
      const t = scripted([() => status(code), books]);
      await rejection(t.client.books.list());
      expect(t.requests, `status ${code}`).toHaveLength(1);
    }
  });

  it('waits the Retry-After seconds the server asks for', async () => {
    const t = scripted([() => status(429, { 'Retry-After': '3' }), books]);
    await t.client.books.list();
    expect(t.delays).toEqual([3000]);
  });

  it('waits until a Retry-After HTTP date', async () => {
    const t = scripted([() => status(503, { 'Retry-After': new Date(NOW + 5000).toUTCString() }), books]);
    await t.client.books.list();
    expect(t.delays).toEqual([5000]);
  });

  it('does not wait a Retry-After over a minute: the caller gets the RateLimitError with retryAfter', async () => {
    const t = scripted([() => status(429, { 'Retry-After': '900' }, { message: 'Too many attempts. Please try again later.' })]);
    const error = await rejection(t.client.auth.login({ username: 'sita', password: 'x' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 900, operation: 'loginUser', message: 'Too many attempts. Please try again later.' });
    expect((error as RateLimitError).headers.get('Retry-After')).toBe('900');
    expect(t.requests).toHaveLength(1);
  });

  it('never resends a POST after a 5xx, a timeout-like network error or a 408: it may have been processed', async () => {
    for (const step of [() => status(500), refused, () => status(408)]) {
      const t = scripted([step, () => status(200, {}, { status: 'success', message: 'ok' })]);
      await rejection(t.client.cart.add(BOOK_ID, 1));
      expect(t.requests).toHaveLength(1);
    }
  });

  it('resends a POST the server did not process (429, 503)', async () => {
    for (const code of [429, 503]) {
      const t = scripted([() => status(code), () => status(200, {}, { status: 'success', message: 'ok' })]);
      await t.client.cart.add(BOOK_ID, 1);
      expect(t.requests, `status ${code}`).toHaveLength(2);
    }
  });

  it('retries the idempotent PUTs of the contract but not the others', async () => {
    const quantity = scripted([refused, () => status(200, {}, { status: 'success', message: 'ok' })]);
    await quantity.client.cart.update('ca770000-0000-4000-8000-000000000001', 2);
    expect(quantity.requests).toHaveLength(2);

    const cancel = scripted([refused, () => status(200, {}, { status: 'success', message: 'ok' })]);
    await rejection(cancel.client.orders.cancel('0dde0000-0000-4000-8000-000000000001'));
    expect(cancel.requests).toHaveLength(1);
  });

  it('resends the same body on each attempt', async () => {
    const t = scripted([() => status(503), () => status(200, {}, { status: 'success', message: 'ok' })]);
    await t.client.cart.add(BOOK_ID, 3);
    expect(await Promise.all(t.requests.map((r) => r.json()))).toEqual([{ bookId: BOOK_ID, quantity: 3 }, { bookId: BOOK_ID, quantity: 3 }]);
  });

  it('places an order with a fresh Idempotency-Key per call, the same key on its retries', async () => {
    const t = scripted([refused, () => status(500), placed]);
    await t.client.orders.place();
    expect(t.requests).toHaveLength(3);
    const keys = t.requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);

    const again = scripted([placed]);
    await again.client.orders.place();
    expect(again.requests[0]!.headers.get('Idempotency-Key')).not.toBe(keys[0]);
  });

  it('keeps an Idempotency-Key the caller gives, and does not retry a 409 (prices changed)', async () => {
    const t = scripted([() => status(409, {}, { status: 'error', message: 'Prices in your cart have changed.' }), placed]);
    const error = await rejection(t.client.orders.place({ expectedTotal: 10 }, { headers: { 'Idempotency-Key': 'my-key-1' } }));
    expect(error).toBeInstanceOf(PricesChangedError);
    expect(error).toBeInstanceOf(ConflictError);
    expect(t.requests).toHaveLength(1);
    expect(t.requests[0]!.headers.get('Idempotency-Key')).toBe('my-key-1');
  });

  it('stops waiting between attempts when the caller aborts', async () => {
    const controller = new AbortController();
    const t = scripted([() => status(503)], {
      retryEnvironment: {
        sleep: (_ms, signal) => new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason as Error));
          controller.abort();
        }),
      },
    });
    const error = await rejection(t.client.books.list({}, { signal: controller.signal }));
    expect(isAbortError(error)).toBe(true);
    expect(t.requests).toHaveLength(1);
  });
});

describe('timeouts', () => {
  /** A fetch that never answers, until its request is aborted. */
  const hanging = vi.fn((request: Request) => new Promise<Response>((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
  }));

  it('times an attempt out after 60 s by default with a TimeoutError, a NetworkError', async () => {
    vi.useFakeTimers();
    const client = createPustakClient({ baseUrl: BASE, fetch: hanging, maxRetries: 0 });
    const pending = rejection(client.books.list());
    await vi.advanceTimersByTimeAsync(59_999);
    expect(hanging).toHaveBeenCalledTimes(1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(isNetworkError(error)).toBe(true);
    expect(isAbortError(error)).toBe(false);
    expect(error).toMatchObject({ operation: 'listBooks', timeoutMs: 60_000 });
  });

  it('takes timeoutMs from the client and the call, and retries a timed-out read', async () => {
    vi.useFakeTimers();
    hanging.mockClear();
    const client = createPustakClient({ baseUrl: BASE, fetch: hanging, timeoutMs: 1000, retryEnvironment: { sleep: async () => {} } });
    const pending = rejection(client.books.list({}, { timeoutMs: 200 }));
    await vi.advanceTimersByTimeAsync(600);
    expect(await pending).toBeInstanceOf(TimeoutError);
    expect(hanging).toHaveBeenCalledTimes(3);
  });

  it('lets the caller\'s signal end the call first, as an AbortError', async () => {
    vi.useFakeTimers();
    const client = createPustakClient({ baseUrl: BASE, fetch: hanging });
    const controller = new AbortController();
    const pending = rejection(client.books.list({}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    const error = await pending;
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });
});

describe('error classes', () => {
  it('throws one ApiError subclass per status family, each with status, headers, operation and body', async () => {
    const expected: [number, new (...args: never[]) => ApiError][] = [
      [400, BadRequestError], [401, AuthenticationError], [403, PermissionDeniedError], [404, NotFoundError],
      [409, ConflictError], [422, UnprocessableEntityError], [429, RateLimitError], [500, InternalServerError],
      [502, InternalServerError], [503, ServiceUnavailableError], [413, ApiError],
    ];
    for (const [code, ErrorClass] of expected) {
      const t = scripted([() => status(code, { 'X-Request-Id': `r${code}` })], { maxRetries: 0 });
      const error = await rejection(t.client.books.list());
      expect(error, `status ${code}`).toBeInstanceOf(ErrorClass);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: code, operation: 'listBooks', body: { message: `failed ${code}` } });
      expect((error as ApiError).headers.get('X-Request-Id')).toBe(`r${code}`);
    }
  });

  it('gives a 422 its field errors as a typed map', async () => {
    const problem = { title: 'One or more validation errors occurred.', status: 422, detail: 'Request query parameter pageSize must be >= 1', errors: { 'query.pageSize': ['must be >= 1'] } };
    const t = scripted([() => status(422, { 'Content-Type': 'application/problem+json' }, problem)]);
    const error = await rejection(t.client.books.list({ pageSize: 0 }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).errors).toEqual({ 'query.pageSize': ['must be >= 1'] });
    expect((error as Error).message).toBe('Request query parameter pageSize must be >= 1');
  });

  it('reads a 503\'s Retry-After as seconds', async () => {
    const t = scripted([() => status(503, { 'Retry-After': '2' })], { maxRetries: 0 });
    const error = await rejection(t.client.books.list());
    expect(error).toMatchObject({ name: 'ServiceUnavailableError', retryAfter: 2 });
  });

  it('keeps a network failure a NetworkError after the retries', async () => {
    const t = scripted([refused]);
    const error = await rejection(t.client.books.list());
    expect(error).toBeInstanceOf(NetworkError);
    expect(t.requests).toHaveLength(3);
  });
});
