#!/usr/bin/env node
// `npm run bench -- --overload`: one instance (PGlite, the demo catalogue) under more load than
// it can serve, with load shedding (MAX_EVENT_LOOP_DELAY_MS, default limits) and without it
// (both limits 0). Prints, for each, the answers served and refused and the latency of the served
// ones: with shedding, the p99 of what is served stays bounded and the rest is refused at once
// (503 with Retry-After); without, every answer waits in the queue.
// Options: --duration <s> (default 10), --connections <n> (default 256).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { findFreePort } from '@pustak/dev-tools/free-port';
import { run } from '@pustak/dev-tools/run';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg('duration', 10);
const connections = arg('connections', 256);
await run(process.execPath, [join(root, 'packages/server/build.mjs'), '--quiet']);

async function measure(label, env) {
  const port = await findFreePort();
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js'), '--memory', '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, RATE_LIMITS: 'off', LOG_LEVEL: 'warn', ...env },
  });
  try {
    await new Promise((done, fail) => {
      child.on('message', (m) => m?.ready && done());
      child.on('exit', (code) => fail(new Error(`the server exited early (${code})`)));
    });
    let n = 0;
    const served = [];
    let refused = 0;
    let refusedWithRetryAfter = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/book/all?pageSize=50&search=${'aeiou'[n % 5]}${n++}` }) }],
      setupClient(client) {
        let started = 0;
        client.on('request', () => (started = performance.now()));
        client.on('headers', ({ statusCode, headers }) => {
          if (statusCode === 200) served.push(performance.now() - started);
          else if (statusCode === 503) {
            refused += 1;
            const list = Array.isArray(headers) ? headers.map(String) : [];
            if (list.some((h) => h.toLowerCase() === 'retry-after')) refusedWithRetryAfter += 1;
          }
        });
      },
    });
    // What an operator's scraper saw of the run (development: /metrics is open).
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const excerpt = metrics.split('\n').filter((line) => /^pustak_(http_requests_total\{method="GET",route="\/api\/book\/all"|db_pool_connections|cache_catalogue_reads_total|orders\{)/.test(line) || /^pustak_http_request_duration_seconds_(count|sum)\{method="GET",route="\/api\/book\/all",status="200"/.test(line));
    served.sort((a, b) => a - b);
    const at = (q) => (served.length ? Math.round(served[Math.min(served.length - 1, Math.floor(q * served.length))]) : 0);
    return { label, excerpt, served: served.length, refused, refusedWithRetryAfter, other: result.non2xx - refused + result.errors + result.timeouts, p50: at(0.5), p99: at(0.99), max: Math.round(served.at(-1) ?? 0) };
  } finally {
    child.kill('SIGTERM');
  }
}

const rows = [
  await measure('load shedding on, default limits (1000 ms, 50 waiting)', {}),
  await measure('load shedding on, MAX_EVENT_LOOP_DELAY_MS=200', { MAX_EVENT_LOOP_DELAY_MS: '200' }),
  await measure('load shedding off', { MAX_EVENT_LOOP_DELAY_MS: '0', MAX_DB_WAITING: '0' }),
];
console.log(`\nPustak overload: GET /book/all (a different search each, pages of 50), ${connections} connections, ${duration} s, one PGlite instance\n`);
console.log('| run | served | p50 ms | p99 ms | max ms | refused (503) | with Retry-After | other errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.label} | ${r.served} | ${r.p50} | ${r.p99} | ${r.max} | ${r.refused} | ${r.refusedWithRetryAfter} | ${r.other} |`);
console.log(`\nGET /metrics after the first run (an excerpt):\n${rows[0].excerpt.join('\n')}`);
