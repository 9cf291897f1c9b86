// GET /metrics (Prometheus text format) and what it counts of the requests: their number and
// latency by method, route template and status, and the orders placed and handed over. Open in
// development; in production only with METRICS_TOKEN (as a bearer token) or on METRICS_PORT
// (startup/metrics-server.ts), never to the public.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routeOf } from '../http/contract.js';
import type { Metrics } from '../shared/metrics.js';

export interface MetricsOptions {
  metrics: Metrics;
  /** Serve GET /metrics here to a caller with this bearer token. */
  token?: string | undefined;
  /** Serve GET /metrics here to anyone (development). */
  open?: boolean;
  operationOf: (request: FastifyRequest) => string | undefined;
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const requestMetrics = fp<MetricsOptions>(async (app, { metrics, token, open = false, operationOf }) => {
  const requests = metrics.counter('pustak_http_requests_total', 'Answered requests, by method, route template and status.');
  const latency = metrics.histogram('pustak_http_request_duration_seconds', 'Time to answer, by method, route template and status.', SECONDS);
  const placed = metrics.counter('pustak_orders_placed_total', 'Orders placed on this instance.');
  const handedOver = metrics.counter('pustak_orders_handed_over_total', 'Orders handed over at the counter on this instance.');
  const outcomes: Record<string, typeof placed> = { placeOrder: placed, verifyOrder: handedOver };

  // Callback hooks where nothing is awaited: an async hook is a promise and a turn of the
  // microtask queue on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeOf(request).url ?? '(none)', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode < 300) {
      const operation = operationOf(request);
      if (operation) outcomes[operation]?.inc();
    }
    done();
  });

  if (!token && !open) return;
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  app.get('/metrics', async (request, reply) => {
    if (expected) {
      const sent = Buffer.from(request.headers.authorization ?? '');
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'error', message: 'Unauthorized' });
      }
    }
    return reply.type(METRICS_CONTENT_TYPE).send(await metrics.render());
  });
}, { name: 'request-metrics' });
