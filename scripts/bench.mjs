#!/usr/bin/env node
// `npm run bench`: how fast the server is on this machine. Seeds a fresh PGlite database with
// 10,000 books and 50,000 orders, starts the server on it (a real process), and drives it with
// autocannon next to a bare Fastify route in the same run (the floor). Prints requests per
// second and p50/p99 latency per operation, and the server's memory at the end.
// Options: --duration <s> (default 10), --connections <n> (default 32).
// --profile: a CPU profile of the server during each operation's run (scripts/lib/cpu-profile.mjs):
// its CPU per request by category and its busiest functions; the .cpuprofile files are kept.
// --no-export: leaves out the CSV export (and its seed), a minute or two shorter.
// --only <text>: only the operations whose name holds it (and the floor), e.g. --only place.
// --postgres [--instances N]: the festival-sale mix on PostgreSQL instead (scripts/bench-festival.mjs).
// --overload: one instance over its capacity, with and without load shedding (scripts/bench-overload.mjs).
// --scale: the same operations on a small and a large shop, side by side (scripts/bench-scale.mjs).
// Place order is measured with shoppers whose carts were filled in the seed, one per order.
// Last, the CSV export of 50,000 more orders handed over in the last 30 days: the server's
// memory (RSS and heap) before, at its peak while streaming, and after; the time and size.
// The servers log as in production (LOG_FORMAT=json; development's readable lines cost more).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedBenchData, seedHandedOverOrders } from '@pustak/dev-tools/bench-seed';
import { buildServer } from '@pustak/dev-tools/bench-server';
import { findFreePort } from '@pustak/dev-tools/free-port';
import { printProfile, profileProbeArgs, startProfile, stopProfile, summarizeProfile } from './lib/cpu-profile.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
// How each operation's cost grows from a small shop to a large one: another script (with --postgres too).
if (process.argv.includes('--scale')) {
  await import('./bench-scale.mjs');
  process.exit(0);
}
// The festival sale on PostgreSQL with several instances (and PGlite beside it): another script.
if (process.argv.includes('--postgres')) {
  await import('./bench-festival.mjs');
  process.exit(0);
}
// One instance under more load than it can serve, with and without load shedding: another script.
if (process.argv.includes('--overload')) {
  await import('./bench-overload.mjs');
  process.exit(0);
}
const duration = arg('duration', 10);
const connections = arg('connections', 32);
const profiling = process.argv.includes('--profile');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const exporting = !process.argv.includes('--no-export') && !only;
const profileDir = profiling ? await mkdtemp(join(tmpdir(), 'pustak-profile-')) : undefined;
const BOOKS = 10_000;
const ORDERS = 50_000;
const CUSTOMERS = 64;
const SHOPPERS = 8_000;
const HANDED_OVER = 50_000;
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const children = [];
const dataDir = await mkdtemp(join(tmpdir(), 'pustak-bench-'));

async function cleanup() {
  await Promise.all(
    children
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGTERM');
      })),
  );
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
}
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

// ---------- build and seed ----------
const { openDatabase, hashPassword, sql } = await buildServer(root);

let t0 = performance.now();
const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
const db = database.db;
const hash = await hashPassword('bench-password');
// Both load with triggers off and count the kept totals once after (scripts/lib/bench-seed.mjs).
await seedBenchData(db, sql, hash, { BOOKS, ORDERS, CUSTOMERS, SHOPPERS });
if (exporting) await seedHandedOverOrders(db, sql, hash, { count: HANDED_OVER, BOOKS, CUSTOMERS });
const benchAdmin = exporting ? await db.selectFrom('users').select(['id', 'username', 'email', 'role']).where('username', '=', 'benchadmin').executeTakeFirstOrThrow() : undefined;
const shoppers = await db.selectFrom('users').select(['id', 'username', 'email', 'role']).where('username', 'like', 'shopper%').execute();
const bookIds = (await db.selectFrom('books').select('id').orderBy('id').limit(1000).execute()).map((r) => r.id);
await database.close();
const seedSeconds = ((performance.now() - t0) / 1000).toFixed(1);

// ---------- the server and the floor ----------
const serverPort = await findFreePort();
// The server answers {memory} over IPC (after a full GC when asked), from a preload of the bench's own.
const MEMORY_PROBE = "process.on('message', (m) => { if (m === 'gc') globalThis.gc(); if (m === 'gc' || m === 'memory') process.send({ memory: process.memoryUsage() }); });";
const server = await startChild([...(profiling ? profileProbeArgs() : []), '--expose-gc', '--import', `data:text/javascript,${encodeURIComponent(MEMORY_PROBE)}`, join(root, 'packages/server/dist/main.js'), '--port', String(serverPort)], {
  DATA_DIR: dataDir, PUSTAK_JWT_SECRET: SECRET, NODE_ENV: 'development', LOG_FORMAT: 'json',
});
const floorPort = await findFreePort();
const floor = await startChild(['-e', `
  const app = require(${JSON.stringify(join(root, 'node_modules/fastify'))})();
  app.get('/ping', async () => ({ pong: true }));
  app.listen({ port: ${floorPort}, host: '127.0.0.1' }).then((url) => process.send({ ready: url }));
`]);
const base = `http://127.0.0.1:${serverPort}`;

async function login(username) {
  const reply = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'bench-password' }) });
  return (await reply.json()).token;
}
const tokens = [];
for (let i = 1; i <= CUSTOMERS; i += 1) tokens.push(await login(`bench${i}`));

// ---------- the runs ----------
const results = [];
const profiles = [];
async function cannon(name, options) {
  if (only && !name.includes(only) && !options.url.includes(`:${floorPort}/`)) return;
  const profiled = profiling && !options.url.includes(`:${floorPort}/`);
  if (profiled) await startProfile(server);
  const result = await new Promise((done, fail) => {
    autocannon({ connections, duration, ...options }, (error, answer) => (error ? fail(error) : done(answer)));
  });
  // Which statuses the errors were (a 503 is load shedding on a busy machine, not a failure of the operation).
  const statuses = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, { count }]) => `${code}: ${count}`);
  results.push({ name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: `${result.non2xx + result.errors}${statuses.length ? ` (${statuses.join(', ')})` : ''}` });
  if (profiled) {
    const path = join(profileDir, `${profiles.length + 1}.cpuprofile`);
    const cpuUs = await stopProfile(server, path);
    profiles.push({ name, path, summary: await summarizeProfile(path, result.requests.total, cpuUs) });
  }
}
let n = 0;
const next = (list) => list[n++ % list.length];
const searches = ['river', 'monsoon 12', 'temple', 'author 42', 'lantern valley', 'harvest', 'garden 9', 'shadow'];

await cannon('bare Fastify route (floor)', { url: `http://127.0.0.1:${floorPort}/ping` });
await cannon('GET /book/all (page of 8, default sort)', { url: `${base}/api/book/all?page=1&pageSize=8&sortBy=createdat&sortDesc=true` });
await cannon('GET /book/all (title search)', {
  url: base,
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/book/all?page=1&pageSize=8&search=${encodeURIComponent(next(searches))}` }) }],
});
await cannon('GET /bookcrud/getbookbyid/{id}', {
  url: base,
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/bookcrud/getbookbyid/${next(bookIds)}` }) }],
});
await cannon('POST /addToCart/add', {
  url: base,
  requests: [{
    method: 'POST',
    setupRequest: (req) => ({
      ...req,
      path: '/api/addToCart/add',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${next(tokens)}` },
      body: JSON.stringify({ bookId: next(bookIds), quantity: 1 }),
    }),
  }],
});
// Place order: every request is a different shopper's token (signed here with the server's
// secret, as sign-in would), so every order has a full cart.
const { createTokenService } = await import(join(root, 'packages/server/dist/auth/tokens.js'));
const tokenService = createTokenService(SECRET, { now: () => new Date() });
const shopperTokens = await Promise.all(shoppers.map((u) => tokenService.issue(u)));
let shopper = 0;
await cannon('POST /order/place', {
  url: base,
  requests: [{
    method: 'POST',
    setupRequest: (req) => ({ ...req, path: '/api/order/place', headers: { authorization: `Bearer ${shopperTokens[shopper++ % shopperTokens.length]}` } }),
  }],
});
if (shopper > shopperTokens.length) console.warn(`(${shopper - shopperTokens.length} place-order requests found an empty cart: raise SHOPPERS)`);

const rssKb = Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
// The operations' table first: the export below can fail on a machine too busy for it (503).
console.log(`\nPustak bench: ${BOOKS.toLocaleString('en')} books, ${ORDERS.toLocaleString('en')} orders (seeded in ${seedSeconds} s), PGlite, ${connections} connections, ${duration} s per run\n`);
console.log('| operation | req/s | p50 ms | p99 ms | errors |');
console.log('|---|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
// A tenth of the orders, then all of them: streamed, the peak should not grow with the file.
const csvRuns = [];
try {
  if (exporting) csvRuns.push(await measureCsvExport(3), await measureCsvExport(31));
} catch (error) {
  console.log(`\nThe CSV export failed: ${error.message}`);
}
await cleanup();
console.log(`\nServer memory (RSS) at the end: ${Math.round(rssKb / 1024)} MB`);
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
if (csvRuns.length) console.log('\nCSV export of the orders handed over (GET /report/csv?report=orders), streamed; the server\'s memory before (after a full GC), at its peak while streaming (sampled every 25 ms), after (after a full GC):\n');
if (csvRuns.length) console.log('| range | orders | lines | size | time | RSS before / peak / after | heap used before / peak / after |');
if (csvRuns.length) console.log('|---|---:|---:|---:|---:|---|---|');
for (const run of csvRuns) {
  console.log(`| last ${run.days} days | ${run.orders.toLocaleString('en')} | ${run.rows.toLocaleString('en')} | ${mb(run.bytes)} | ${run.seconds.toFixed(1)} s | ${mb(run.before.rss)} / ${mb(run.peak.rss)} / ${mb(run.after.rss)} | ${mb(run.before.heapUsed)} / ${mb(run.peak.heapUsed)} / ${mb(run.after.heapUsed)} |`);
}
for (const run of csvRuns) console.log(`(last ${run.days} days: the lines' line_revenue add up to Rs. ${(run.revenuePaisa / 100).toFixed(2)}; the report says Rs. ${run.reportRevenue.toFixed(2)})`);
if (profiling) {
  console.log('\nThe server\'s CPU profile per operation (self time; each sample charged to its own script, else its nearest caller\'s):');
  for (const { name, path, summary } of profiles) printProfile(`${name} (${path})`, summary, { top: 15 });
}

/** Streams GET /report/csv?report=orders for the last `days` days while sampling the server's memory every 25 ms. */
async function measureCsvExport(days) {
  const askMemory = (message) => new Promise((done) => {
    server.once('message', (m) => done(m.memory));
    server.send(message);
  });
  const day = (ms) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(ms);
  const range = `from=${day(Date.now() - (days - 1) * 86_400_000)}&to=${day(Date.now())}`;
  const token = await tokenService.issue(benchAdmin);
  const headers = { authorization: `Bearer ${token}` };
  const report = await (await fetch(`${base}/api/report/sales?${range}`, { headers })).json();
  const before = await askMemory('gc');
  const peak = { ...before };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await askMemory('memory');
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      await new Promise((done) => setTimeout(done, 25));
    }
  })();
  const started = performance.now();
  const reply = await fetch(`${base}/api/report/csv?report=orders&${range}`, { headers });
  if (!reply.ok) throw new Error(`the CSV export answered ${reply.status}: ${await reply.text()}`);
  // Read as it comes, keeping only the last partial line: the sum of line_revenue (column 14).
  const decoder = new TextDecoder();
  let bytes = 0;
  let rows = -1;
  let rest = '';
  let revenuePaisa = 0;
  for await (const chunk of reply.body) {
    bytes += chunk.byteLength;
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\r\n');
    rest = lines.pop();
    for (const line of lines) {
      rows += 1;
      // No cell of the bench's data holds a comma or a quote, so a plain split is the CSV here.
      if (rows > 0) revenuePaisa += Math.round(Number(line.split(',')[13]) * 100);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const after = await askMemory('gc');
  return { days, orders: report.orders, reportRevenue: report.revenue, rows, bytes, seconds, before, peak, after, revenuePaisa };
}

function startChild(args, env = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  children.push(child);
  return new Promise((done, fail) => {
    child.on('message', (m) => m?.ready && done(child));
    child.on('exit', (code) => fail(new Error(`a bench process exited early (${code})`)));
  });
}
