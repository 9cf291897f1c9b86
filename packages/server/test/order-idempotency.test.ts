// Place order with an Idempotency-Key (issue 31): a request resent with the key it was first sent
// with answers the order it placed, never a second one; the SDK sends a fresh key per place order
// and the same on its retries, so a customer whose connection drops after "Place order" gets one
// order. Also the SDK's view of a locked sign-in: a RateLimitError with the server's wait.
// Runs on PGlite (server) and PostgreSQL (server-pg); two instances racing with one key on one
// PostgreSQL database are in pg-instances.test.ts.
import { describe, expect, it } from 'vitest';
import { RateLimitError, createPustakClient, isApiError, type PustakClient } from '@pustak/sdk';
import { IDS, PASSWORD, newCustomer, sharedTestServer, startTestServer, type TestServer } from './helpers.js';

const server = sharedTestServer({ listen: true });

async function fillCart(t: TestServer, token: string, bookId: string = IDS.munaMadan, quantity = 2) {
  const added = await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId, quantity } });
  expect(added.statusCode, added.body).toBe(200);
}

const place = (t: TestServer, token: string, key?: string) =>
  t.call({ method: 'POST', url: '/api/order/place', token, headers: key === undefined ? {} : { 'idempotency-key': key }, payload: {} });

async function ordersOf(t: TestServer, token: string): Promise<{ orderId: string }[]> {
  const reply = await t.call({ method: 'GET', url: '/api/order/userOrder', token });
  return reply.statusCode === 404 ? [] : (reply.json().data as { orderId: string }[]);
}

describe('place order with an Idempotency-Key', () => {
  it('answers a resent request with the same order and claim code, and orders once', async () => {
    const t = server();
    const token = await t.login('sita');
    const before = (await ordersOf(t, token)).length;
    const mails = t.server.services.mailer.outbox?.length ?? 0;
    await fillCart(t, token);
    const first = await place(t, token, 'key-press-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await place(t, token, 'key-press-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(t, token)).toHaveLength(before + 1);
    // One confirmation e-mail, for the one order.
    expect((t.server.services.mailer.outbox?.length ?? 0) - mails).toBe(1);
  });

  it('answers the same figures for an order with cart discounts', async () => {
    const t = server();
    const token = await t.login('sita');
    await fillCart(t, token, IDS.munaMadan, 5);
    const first = await place(t, token, 'bulk-order');
    expect(first.json().data.discounts).toHaveLength(1);
    expect((await place(t, token, 'bulk-order')).json()).toEqual(first.json());
  });

  it('places a new order for each request without a key, as before', async () => {
    const t = server();
    const token = await t.login('sita');
    const before = (await ordersOf(t, token)).length;
    await fillCart(t, token);
    expect((await place(t, token)).statusCode).toBe(200);
    await fillCart(t, token);
    expect((await place(t, token)).statusCode).toBe(200);
    expect(await ordersOf(t, token)).toHaveLength(before + 2);
  });

  it('refuses the key with another cart in it (422 naming the header), and orders nothing', async () => {
    const t = server();
    const token = await t.login('sita');
    await fillCart(t, token);
    expect((await place(t, token, 'reused')).statusCode).toBe(200);
    const before = (await ordersOf(t, token)).length;
    await fillCart(t, token, IDS.munaMadan, 3);
    const reused = await place(t, token, 'reused');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors['header.Idempotency-Key'][0]).toMatch(/already placed an order of a different cart/);
    expect(await ordersOf(t, token)).toHaveLength(before);
    // A new key orders the new cart.
    expect((await place(t, token, 'fresh')).statusCode).toBe(200);
  });

  it('keeps keys per customer: two customers with one key get an order each', async () => {
    const t = server();
    const sita = await t.login('sita');
    const { token: ram } = await newCustomer(t, 'keyholder');
    await fillCart(t, sita);
    await fillCart(t, ram);
    const [a, b] = [await place(t, sita, 'same-key'), await place(t, ram, 'same-key')];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().data.orderId).not.toBe(b.json().data.orderId);
  });

  it('answers two requests sent at once with one key with one order', async () => {
    const t = server();
    const token = await t.login('sita');
    const before = (await ordersOf(t, token)).length;
    await fillCart(t, token);
    const replies = await Promise.all([place(t, token, 'double-click'), place(t, token, 'double-click')]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(replies[1]!.json().data.orderId).toBe(replies[0]!.json().data.orderId);
    expect(await ordersOf(t, token)).toHaveLength(before + 1);
  });

  it('refuses a key that is not one printable token (422 naming the header)', async () => {
    const t = server();
    const token = await t.login('sita');
    await fillCart(t, token);
    for (const key of ['has space', 'x'.repeat(201)]) {
      const reply = await place(t, token, key);
      expect(reply.statusCode).toBe(422);
      expect(Object.keys(reply.json().errors)).toEqual(['header.Idempotency-Key']);
    }
  });
});

describe('the SDK against the server', () => {
  /** An SDK client whose first place order reaches the server but whose answer is lost on the way back. */
  function droppingClient(t: TestServer, token: string): { sdk: PustakClient; sent: Request[] } {
    const sent: Request[] = [];
    const sdk = createPustakClient({
      baseUrl: `${t.url}/api`,
      getToken: () => token,
      retryEnvironment: { sleep: async () => {} },
      fetch: async (request) => {
        sent.push(request.clone());
        const response = await globalThis.fetch(request);
        if (request.url.endsWith('/order/place') && sent.filter((r) => r.url.endsWith('/order/place')).length === 1) {
          await response.body?.cancel();
          throw new TypeError('fetch failed: the connection was reset');
        }
        return response;
      },
    });
    return { sdk, sent };
  }

  it('resends a place order whose answer was lost with the same key: one order', async () => {
    const t = server();
    const token = await t.login('sita');
    const before = (await ordersOf(t, token)).length;
    await fillCart(t, token);
    const { sdk, sent } = droppingClient(t, token);
    const placed = await sdk.orders.place();
    const attempts = sent.filter((r) => r.url.endsWith('/order/place'));
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.headers.get('Idempotency-Key')).toBe(attempts[0]!.headers.get('Idempotency-Key'));
    const orders = await ordersOf(t, token);
    expect(orders).toHaveLength(before + 1);
    expect(orders.map((o) => o.orderId)).toContain(placed.data.orderId);
  });

  it('gives a locked sign-in as a RateLimitError with the server\'s Retry-After, without waiting for it', async () => {
    const t = await startTestServer({ listen: true, rateLimits: 'server-default' });
    try {
      const sdk = createPustakClient({ baseUrl: `${t.url}/api` });
      let error: unknown;
      for (let attempt = 0; attempt < 20 && !(error instanceof RateLimitError); attempt++) {
        error = await sdk.auth.login({ username: 'sita', password: `${PASSWORD}-wrong` }).catch((e: unknown) => e);
        expect(isApiError(error)).toBe(true);
      }
      expect(error).toBeInstanceOf(RateLimitError);
      const limited = error as RateLimitError;
      expect(limited.retryAfter).toBeGreaterThan(60);
      expect(limited.retryAfter).toBe(Number(limited.headers.get('Retry-After')));
      expect(limited.operation).toBe('loginUser');
    } finally {
      await t.close();
    }
  });
});
