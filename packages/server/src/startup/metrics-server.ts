// METRICS_PORT: GET /metrics on a port of its own (a private network, the scraper's side), so the
// public port needs no token for it.
import { createServer, type Server } from 'node:http';
import { METRICS_CONTENT_TYPE } from '../plugins/metrics.js';
import type { Metrics } from '../shared/metrics.js';

export async function listenMetrics(metrics: Metrics, port: number, host: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://metrics').pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics: ${error.message}\n`),
    );
  });
  await new Promise<void>((done, fail) => server.once('error', fail).listen(port, host, () => done()));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
