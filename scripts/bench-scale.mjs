#!/usr/bin/env node
// `npm run bench -- --scale`: how the cost of each operation grows with the shop. Seeds two
// shops with a history (10,000 books / 50,000 orders and 100,000 books / 1,000,000 orders, the
// orders spread over the last three years), runs the same operations against the server on each
// (a real process on PGlite) and prints each one's p50 and req/s side by side with the growth
// factor (large p50 / small p50), and each shop's seed time.
// Options: --duration <s> per operation (default 5), --connections <n> (default 8),
// --small <books>:<orders> and --large <books>:<orders> (other sizes), --postgres (a throwaway
// PostgreSQL cluster instead of PGlite, scripts/lib/postgres.mjs), --read-cache (keep the
// server's read cache on), --seeded <dir> (PGlite only: copy <dir>/small and <dir>/large, shops
// seeded before with these sizes, instead of seeding: before/after runs on one machine then
// measure the same rows and spend no minutes seeding; `--seed-into <dir>` makes them), --only
// <pattern> (only the operations whose name matches the regular expression, beside the floor:
// an iteration on a few rows without the whole run).
// The server runs without its read cache (READ_CACHE_MB=0): in 32 MB the small shop's repeated
// list queries all fit and the large one's do not, and the growth would measure the cache, not
// the database. The dashboard and the reports are asked one request at a time: their p50 is one
// answer's time.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedShopWithHistory } from '@pustak/dev-tools/bench-seed';
import { buildServer, startNode, stopNode } from '@pustak/dev-tools/bench-server';
import { findFreePort } from '@pustak/dev-tools/free-port';
import { startPostgres } from '@pustak/dev-tools/postgres';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const sizes = (name, books, orders) => {
  const [b, o] = (option(name) ?? `${books}:${orders}`).split(':').map(Number);
  return { name, BOOKS: b, ORDERS: o };
};
const duration = Number(option('duration') ?? 5);
const connections = Number(option('connections') ?? 8);
const onPostgres = process.argv.includes('--postgres');
const readCache = process.argv.includes('--read-cache');
const seeded = option('seeded');
const seedInto = option('seed-into');
const only = option('only') === undefined ? undefined : new RegExp(option('only'), 'i');
if ((seeded || seedInto) && process.argv.includes('--postgres')) throw new Error('--seeded and --seed-into are for PGlite shops');
const shops = [sizes('small', 10_000, 50_000), sizes('large', 100_000, 1_000_000)];
const DAYS = 3 * 365;
const floorName = 'bare Fastify route (floor)';
const CUSTOMERS = 2000;
const SHOPPERS = 6000;
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const children = new Set();
const folders = new Set();
let cluster = null;

async function cleanup() {
  await Promise.all([...children].map(stopChild));
  await cluster?.destroy();
  await Promise.all([...folders].map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
}
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

const { openDatabase, hashPassword, createTokenService, sql } = await buildServer(root);
const hash = await hashPassword('bench-password');
const tokenService = createTokenService(SECRET, { now: () => new Date() });
if (onPostgres) cluster = await startPostgres();

// The floor: a bare Fastify route, measured before each shop's operations. The machine's speed
// may change between the two shops (other work on it): the floor's ratio corrects the growth.
const floorPort = await findFreePort();
const floor = await startChild(['-e', `
  const app = require(${JSON.stringify(join(root, 'node_modules/fastify'))})();
  app.get('/ping', async () => ({ pong: true }));
  app.listen({ port: ${floorPort}, host: '127.0.0.1' }).then((url) => process.send({ ready: url }));
`]);
const measured = [];
for (const shop of shops) measured.push(await measureShop(shop));
await stopChild(floor);
await cleanup();
if (seedInto) {
  for (const [i, shop] of shops.entries()) console.log(`${shop.name}: seeded into ${join(seedInto, shop.name)} in ${measured[i].seedSeconds.toFixed(1)} s`);
  process.exit(0);
}

const engine = onPostgres ? 'PostgreSQL' : 'PGlite';
console.log(`\nPustak scale bench on ${engine}: ${duration} s per operation, ${connections} connections (the dashboard and the reports: one request at a time), ${readCache ? 'with' : 'without'} the server's read cache\n`);
for (const [i, shop] of shops.entries()) {
  console.log(`${shop.name}: ${shop.BOOKS.toLocaleString('en')} books, ${shop.ORDERS.toLocaleString('en')} orders over ${DAYS} days, ${seeded ? 'copied from a seeded shop' : 'seeded'} in ${measured[i].seedSeconds.toFixed(1)} s; the server started on it in ${measured[i].startSeconds.toFixed(1)} s`);
}
const [small, large] = measured;
// How much slower the machine ran the large shop's operations than the small one's.
const slower = small.results.get(floorName).rps / large.results.get(floorName).rps;
console.log(`\nThe floor answered ${Math.round(small.results.get(floorName).rps)} req/s during the small shop's runs, ${Math.round(large.results.get(floorName).rps)} during the large one's: growth / ${slower.toFixed(2)} is the floor-corrected growth.`);
console.log('\n| operation | small p50 ms | small req/s | large p50 ms | large req/s | growth (large p50 / small p50) | floor-corrected growth | errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, a] of small.results) {
  const b = large.results.get(name);
  const growth = b.p50 / Math.max(a.p50, 0.5);
  console.log(`| ${name} | ${a.p50} | ${Math.round(a.rps)} | ${b.p50} | ${Math.round(b.rps)} | ${growth.toFixed(2)} | ${(growth / slower).toFixed(2)} | ${a.errors + b.errors} |`);
}
for (const [i, { results }] of measured.entries()) {
  for (const [name, r] of results) if (r.refused.length > 0) console.log(`(${shops[i].name}, ${name}: ${r.refused.join(', ')})`);
}
console.log('\n(p50 below 1 ms counts as 0.5 ms in the growth: autocannon reports whole milliseconds)');

/** Seeds one shop, starts the server on it, runs every operation; stops the server. */
async function measureShop(shop) {
  const dataDir = await mkdtemp(join(tmpdir(), `pustak-scale-${shop.name}-`));
  folders.add(dataDir);
  const url = onPostgres ? await cluster.createDatabase(`scale_${shop.name}`) : null;
  const started = performance.now();
  if (seeded) await cp(join(seeded, shop.name), join(dataDir, 'db'), { recursive: true });
  const database = await openDatabase(onPostgres ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: join(dataDir, 'db') });
  if (!seeded) await seedShopWithHistory(database.db, sql, hash, { ...shop, DAYS, CUSTOMERS, SHOPPERS });
  const seedSeconds = (performance.now() - started) / 1000;
  if (seedInto) {
    await database.close();
    await cp(join(dataDir, 'db'), join(seedInto, shop.name), { recursive: true });
    return { seedSeconds, results: new Map() };
  }
  const db = database.db;
  const user = (username) => db.selectFrom('users').select(['id', 'username', 'email', 'role']).where('username', '=', username).executeTakeFirstOrThrow();
  const admin = await tokenService.issue(await user('benchadmin'));
  const customers = await Promise.all(Array.from({ length: 64 }, async (_, i) => tokenService.issue(await user(`bench${i + 1}`))));
  const shoppers = await db.selectFrom('users').select(['id', 'username', 'email', 'role']).where('username', 'like', 'shopper%').execute();
  const shopperTokens = await Promise.all(shoppers.map((u) => tokenService.issue(u)));
  // Books from all over the catalogue, for the book page, the cart and the searches of one title.
  const sample = await sql`select id, title, author from books order by md5(id::text) limit 1000`.execute(db).then((r) => r.rows);
  const authors = await sql`select distinct author from books order by author limit 500`.execute(db).then((r) => r.rows.map((row) => row.author));
  await database.close();

  const port = await findFreePort();
  // No load shedding: a long report holds PGlite's thread (the event loop) and would turn the
  // requests after it into 503s; here each operation's own time is measured.
  const env = {
    PUSTAK_JWT_SECRET: SECRET, NODE_ENV: 'development', DATA_DIR: dataDir, MAX_EVENT_LOOP_DELAY_MS: '0', MAX_DB_WAITING: '0',
    ...(readCache ? {} : { READ_CACHE_MB: '0' }),
    ...(url ? { DATABASE_URL: url, DATABASE_POOL_SIZE: '10' } : {}),
  };
  // On PGlite the server vacuums and analyzes a freshly loaded shop before it serves (no autovacuum).
  const starting = performance.now();
  const server = await startChild([join(root, 'packages/server/dist/main.js'), '--port', String(port)], env);
  const startSeconds = (performance.now() - starting) / 1000;
  const base = `http://127.0.0.1:${port}/api`;
  const results = new Map();
  const measures = (name) => !only || name === floorName || only.test(name);
  const cycle = (list) => {
    let n = 0;
    return () => list[n++ % list.length];
  };
  const pages = shop.BOOKS / 8;
  const range = (from, count) => Array.from({ length: count }, (_, i) => from + i);
  const get = (name, paths, { headers = {}, conns = connections, warmUp = false } = {}) => {
    const next = cycle(paths);
    return cannon(name, { url: base, connections: conns, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, headers, path: `/api${next()}` }) }] }, { warmUp });
  };
  async function cannon(name, options, { warmUp = false } = {}) {
    if (!measures(name) && !warmUp) return;
    const result = await new Promise((done, fail) => autocannon({ connections, duration, ...options }, (error, r) => (error ? fail(error) : done(r))));
    if (!measures(name)) return;
    const refused = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, { count }]) => `${count} x ${code}`);
    results.set(name, { rps: result.requests.average, p50: result.latency.p50, errors: result.non2xx + result.errors, refused });
  }
  /** One request at a time, for `duration` seconds and at least three: p50 is one answer's time. */
  async function oneByOne(name, paths, headers) {
    if (!measures(name)) return;
    const times = [];
    const refused = [];
    const started = performance.now();
    while (times.length < 3 || performance.now() - started < duration * 1000) {
      const t0 = performance.now();
      const reply = await fetch(`${base}${paths[times.length % paths.length]}`, { headers });
      await reply.arrayBuffer();
      times.push(performance.now() - t0);
      if (!reply.ok) refused.push(reply.status);
    }
    times.sort((a, b) => a - b);
    const seconds = (performance.now() - started) / 1000;
    results.set(name, { rps: times.length / seconds, p50: Math.round(times[Math.floor(times.length / 2)]), errors: refused.length, refused: refused.map((code) => `1 x ${code}`) });
  }
  await cannon(floorName, { url: `http://127.0.0.1:${floorPort}/ping` });
  const list = (query) => `/book/all?pageSize=8&${query}`;
  const genres = ['Fiction', 'Non-Fiction', 'Science', 'History', 'Biography', 'Fantasy', 'Mystery', 'Romance', 'Horror'];

  // Run even when --only leaves it out: a server just started answers its first seconds several
  // times slower (its code not yet optimized, the copied shop's files not yet read), and the
  // first operation measured would measure that.
  await get('catalogue page (default sort, pages 1-1000)', range(1, 1000).map((p) => list(`page=${p}&sortBy=createdat&sortDesc=true`)), { warmUp: true });
  const deep = Math.floor(pages * 0.9);
  await get('catalogue deep page (90 % down, 600 pages)', range(Math.max(1, deep - 600), Math.min(600, deep)).map((p) => list(`page=${p}&sortBy=createdat&sortDesc=true`)));
  await get('catalogue by price, a genre filter (9 genres x 100 pages)', genres.flatMap((g) => range(1, 100).map((p) => list(`page=${p}&sortBy=price&genre=${g}`))));
  await get('search: a title (1,000 titles)', sample.map((b) => list(`page=1&search=${encodeURIComponent(b.title)}`)));
  await get('search: an author (500 authors x 2 pages)', authors.flatMap((a) => [1, 2].map((p) => list(`page=${p}&search=${encodeURIComponent(a)}`))));
  await get('search: a common word (1/6 of the books, 12 words x 50 pages)', ['river', 'mountain', 'monsoon', 'temple', 'lantern', 'valley', 'festival', 'letters', 'journey', 'harvest', 'shadow', 'garden'].flatMap((w) => range(1, 50).map((p) => list(`page=${p}&search=${w}`))));
  await get('book page by id (1,000 books)', sample.map((b) => `/bookcrud/getbookbyid/${b.id}`));
  const nextCustomer = cycle(customers);
  const nextBook = cycle(sample);
  await cannon('add to cart', {
    url: base,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, path: '/api/addToCart/add', headers: { 'content-type': 'application/json', authorization: `Bearer ${nextCustomer()}` }, body: JSON.stringify({ bookId: nextBook().id, quantity: 1 }) }) }],
  });
  let shopper = 0;
  await cannon('place order', {
    url: base,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, path: '/api/order/place', headers: { authorization: `Bearer ${shopperTokens[shopper++ % shopperTokens.length]}` } }) }],
  });
  if (shopper > shopperTokens.length) console.warn(`(${shop.name}: ${shopper - shopperTokens.length} place-order requests found an empty cart: raise SHOPPERS)`);
  const headers = { authorization: `Bearer ${admin}` };
  await oneByOne('admin dashboard', ['/dashboard/all'], headers);
  const day = (ms) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(ms);
  // The last 12 whole months: a month's report each, in turn.
  const months = range(1, 12).map((back) => {
    const first = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - back, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    return `from=${day(first)}&to=${day(last)}`;
  });
  await oneByOne('sales report of a month (12 months)', months.map((m) => `/report/sales?${m}`), headers);
  await oneByOne('sales report of a day (30 days)', range(1, 30).map((back) => {
    const date = day(Date.now() - back * 86_400_000);
    return `/report/sales?from=${date}&to=${date}`;
  }), headers);
  // A year: the last 365 days, ending on each of the last 12 days (the contract allows 366).
  await oneByOne('sales report of a year (12 ranges)', range(1, 12).map((back) => {
    const to = Date.now() - back * 86_400_000;
    return `/report/sales?from=${day(to - 364 * 86_400_000)}&to=${day(to)}`;
  }), headers);
  await stopChild(server);
  if (url) await cluster.dropDatabase(`scale_${shop.name}`);
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  folders.delete(dataDir);
  return { seedSeconds, startSeconds, results };
}

async function startChild(args, env = {}) {
  const child = await startNode(args, env);
  children.add(child);
  return child;
}

function stopChild(child) {
  children.delete(child);
  return stopNode(child);
}
