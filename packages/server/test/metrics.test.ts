// GET /metrics (issue 33, part 2): the Prometheus text of the requests by route template, the
// orders placed and handed over, the caches, the hub, the database pool, the outbox and the
// orders by status; open in development, behind METRICS_TOKEN or on METRICS_PORT otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenMetrics } from '../src/startup/metrics-server.js';
import { IDS, newCustomer, startTestServer, type TestServer } from './helpers.js';
import { until } from './instances.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** Every sample line of a scrape: name, labels and value, checked against the text format. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})?) (-?[0-9.e+-]+|\+Inf|NaN)$/.exec(line);
    expect(match, `not a Prometheus sample line: ${line}`).not.toBeNull();
    out.set(match![1]!, Number(match![2]));
  }
  return out;
}

describe('GET /metrics', () => {
  it('counts requests by route template, orders placed and handed over, cache reads, and reads the pool, outbox and orders', async () => {
    const before = samples((await t.call({ method: 'GET', url: '/metrics' })).body);
    const ordersPlaced = before.get('pustak_orders_placed_total') ?? 0;
    await t.call({ method: 'GET', url: '/api/book/all?pageSize=3' });
    await t.call({ method: 'GET', url: '/api/book/all?pageSize=3' });
    const customer = await newCustomer(t, 'metered');
    expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.hillHouse, quantity: 1 } })).statusCode).toBe(200);
    const placed = await t.call({ method: 'POST', url: '/api/order/place', token: customer.token });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, claimCode } = placed.json().data;
    const staff = await t.login('staff');
    expect((await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${orderId}`, token: staff, payload: { ClaimCode: 'WRONG000' } })).statusCode).toBe(400);
    expect((await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${orderId}`, token: staff, payload: { ClaimCode: claimCode } })).statusCode).toBe(200);

    const reply = await t.call({ method: 'GET', url: '/metrics' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const after = samples(reply.body);
    expect(reply.body).not.toContain(orderId);
    expect(after.get('pustak_orders_placed_total')).toBe(ordersPlaced + 1);
    expect(after.get('pustak_orders_handed_over_total')).toBe((before.get('pustak_orders_handed_over_total') ?? 0) + 1);
    expect(after.get('pustak_http_requests_total{method="PUT",route="/api/staff/verifyOrder/:orderId",status="400"}')).toBe(1);
    expect(after.get('pustak_http_requests_total{method="PUT",route="/api/staff/verifyOrder/:orderId",status="200"}')).toBe(1);
    // The latency of a refused handover apart from a done one.
    expect(after.get('pustak_http_request_duration_seconds_count{method="PUT",route="/api/staff/verifyOrder/:orderId",status="400"}')).toBe(1);
    const books = after.get('pustak_http_request_duration_seconds_count{method="GET",route="/api/book/all",status="200"}')!;
    expect(books).toBeGreaterThanOrEqual(2);
    expect(after.get('pustak_http_request_duration_seconds_bucket{method="GET",route="/api/book/all",status="200",le="+Inf"}')).toBe(books);
    expect(after.get('pustak_cache_catalogue_reads_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('pustak_cache_catalogue_reads_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('pustak_orders{status="Completed"}')).toBeGreaterThanOrEqual(1);
    // Registration's code and the order confirmation, in the dev outbox: sent (marked so a moment
    // after, with the mails sent around them).
    const outbox = async () => samples((await t.call({ method: 'GET', url: '/metrics' })).body);
    await until(async () => ((await outbox()).get('pustak_mail_outbox{state="sent"}') ?? 0) >= 2, 'both mails marked sent');
    expect((await outbox()).get('pustak_mail_outbox{state="failed"}')).toBe(0);
    expect(after.get('pustak_db_pool_connections{state="waiting"}')).toBe(0);
    expect(after.get('pustak_hub_connections')).toBe(0);
    expect(after.has('pustak_db_statement_errors')).toBe(true);
  });

  it('wants METRICS_TOKEN when one is set, and is not served in production without one', async () => {
    const guarded = await startTestServer({ settings: { metricsToken: 'scrape-token-0123456789' } });
    try {
      expect((await guarded.call({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await guarded.call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456788' } })).statusCode).toBe(401);
      const ok = await guarded.call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456789' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE pustak_http_requests_total counter');
    } finally {
      await guarded.close();
    }
    const production = await startTestServer({ settings: { production: true } });
    try {
      const reply = await production.call({ method: 'GET', url: '/metrics', headers: { accept: 'text/plain' } });
      expect(reply.statusCode).toBe(404);
      expect(reply.body).not.toContain('pustak_');
      // METRICS_PORT: its own port, no token.
      const side = await listenMetrics(production.server.services.metrics, 0, '127.0.0.1');
      try {
        const scraped = await fetch(side.url);
        expect(scraped.status).toBe(200);
        expect(samples(await scraped.text()).has('pustak_orders{status="Completed"}')).toBe(true);
        expect((await fetch(side.url.replace('/metrics', '/other'))).status).toBe(404);
      } finally {
        await side.close();
      }
    } finally {
      await production.close();
    }
  });
});
