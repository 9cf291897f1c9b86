// `npm run bench -- --postgres [--instances 2] [--duration 15] [--connections 64] [--warmup 5] [--pool-size 10] [--no-pglite]`: a festival
// sale (Dashain and Tihar). The same mix of requests — 80 % catalogue and book pages, 15 % cart,
// 5 % orders with their verification at the counter — against N instances on PostgreSQL, beside
// one instance on PGlite and a bare Fastify route (the floor), all in the same run, each on the
// same seeded data (10,000 books, 50,000 past orders). The shoppers' carts hold the last copies
// of 20 festival books (5 each), so orders and verifications race for them. Prints requests/s,
// p50/p99 per operation, errors, the database's connection count, and whether anything was
// oversold, and the CPU per request of each process over the measured seconds (each instance's and
// PostgreSQL's from /proc, the load generator's own): the machine's budget, and what it allows.
// The load generator spreads requests over the instances in turn (as a load balancer
// would) and runs in this process, on the same machine.
// --profile: the first instance of each setup is CPU-profiled over the measured seconds
// (scripts/lib/cpu-profile.mjs: µs of CPU per request by category, the busiest functions), the
// load generator's own CPU per request is printed, and on PostgreSQL pg_stat_statements counts
// the statements per request (the throwaway cluster preloads it).
// The servers log as in production (LOG_FORMAT=json; development's readable lines cost more).
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedBenchData } from '@pustak/dev-tools/bench-seed';
import { findFreePort } from '@pustak/dev-tools/free-port';
import { run } from '@pustak/dev-tools/run';
import { startPostgres } from '@pustak/dev-tools/postgres';
import { printProfile, profileProbeArgs, startProfile, stopProfile, summarizeProfile } from './lib/cpu-profile.mjs';
import { parentPid, processCpuUs, processTreeCpuUs } from './lib/process-cpu.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const INSTANCES = arg('instances', 2);
const DURATION = arg('duration', 15);
// Shoppers browse before the sale's rush is measured: the first seconds after a start fill the
// caches and warm the code up, and a shop in its festival week is past them.
const WARMUP = arg('warmup', 5);
const CONNECTIONS = arg('connections', 64);
// Each PostgreSQL instance's pool (DATABASE_POOL_SIZE).
const POOL_SIZE = arg('pool-size', 10);
const PROFILING = process.argv.includes('--profile');
// --no-pglite: PostgreSQL only (a shorter run when only the instances' figures are compared).
const WITH_PGLITE = !process.argv.includes('--no-pglite');
const SIZES = { BOOKS: 10_000, ORDERS: 50_000, CUSTOMERS: 64, SHOPPERS: 6_000, festival: { books: 20, copies: 5 } };
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const PASSWORD = 'bench-password';

const undo = [];
async function cleanup() {
  for (const step of undo.reverse()) await step().catch(() => {});
  undo.length = 0;
}
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

/** A node process that reports `{ ready }` over IPC; stopped (SIGTERM) by cleanup. */
function startChild(args, env = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  undo.push(stop);
  return new Promise((done, fail) => {
    child.on('message', (m) => m?.ready && done({ child, stop }));
    child.on('exit', (code) => fail(new Error(`a bench process exited early (${code})`)));
  });
}

await run(process.execPath, [join(root, 'packages/server/build.mjs'), '--quiet']);
const { openDatabase } = await import(join(root, 'packages/server/dist/db/database.js'));
const { hashPassword } = await import(join(root, 'packages/server/dist/auth/passwords.js'));
const { createTokenService } = await import(join(root, 'packages/server/dist/auth/tokens.js'));
const { sql } = await import(join(root, 'packages/server/node_modules/kysely/dist/esm/index.js')).catch(() => import('kysely'));
const hash = await hashPassword(PASSWORD);
const tokenService = createTokenService(SECRET, { now: () => new Date() });

/** Seeds a database; answers what the load needs (tokens, book ids) and the festival stock. */
async function prepare(target) {
  const database = await openDatabase(target);
  try {
    const started = performance.now();
    await seedBenchData(database.db, sql, hash, SIZES);
    const users = await database.db.selectFrom('users').select(['id', 'username', 'email', 'role']).execute();
    const books = await database.db.selectFrom('books').select(['id', 'quantity']).orderBy('id').execute();
    return {
      seconds: (performance.now() - started) / 1000,
      customers: await Promise.all(users.filter((u) => u.username.startsWith('bench') && u.role === 'User').map((u) => tokenService.issue(u))),
      shoppers: await Promise.all(users.filter((u) => u.username.startsWith('shopper')).map((u) => tokenService.issue(u))),
      staff: await tokenService.issue(users.find((u) => u.username === 'benchstaff')),
      festival: books.slice(0, SIZES.festival.books).map((b) => b.id),
      others: books.slice(SIZES.festival.books).map((b) => b.id),
    };
  } finally {
    await database.close();
  }
}

/** The festival's books: stock left and copies handed over in this run (the shoppers' Completed orders), from the database. */
async function festivalStock(target, festival) {
  const database = await openDatabase(target);
  try {
    const rows = await sql`select b.id, b.quantity,
        coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id join users u on u.id = o.user_id
          where i.book_id = b.id and o.status = 'Completed' and u.username like 'shopper%'), 0)::int as sold
      from books b where b.id = any(${festival}::uuid[])`.execute(database.db);
    const negative = rows.rows.filter((r) => r.quantity < 0).length;
    const oversold = rows.rows.filter((r) => r.sold > SIZES.festival.copies || r.quantity !== SIZES.festival.copies - r.sold).length;
    return { negative, oversold, sold: rows.rows.reduce((sum, r) => sum + r.sold, 0) };
  } finally {
    await database.close();
  }
}

// ---------- the load ----------
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/**
 * Runs the mix for `duration` seconds with CONNECTIONS concurrent clients over `origins`; `browseOnly`
 * runs only its reads (the warm-up: it leaves the carts and the festival stock alone).
 * @returns per operation: count, p50, p99, errors (5xx, network, or an unexpected status), refused (400 out of stock)
 */
async function festivalLoad(origins, data, { sampleConnections, duration = DURATION, browseOnly = false, instancePids = [], postmasterPid } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const stats = new Map();
  const perOrigin = origins.map(() => 0);
  let turn = 0;
  let shopper = 0;
  // `parse`: the answer's JSON is read only where the next step needs it (a placed order's id and
  // claim code); parsing every catalogue page here cost the load generator CPU that the instances
  // on the same two cores then lacked.
  const send = (name, method, path, { token, body, expected = [200], parse = false } = {}) =>
    new Promise((done) => {
      const index = turn++ % origins.length;
      perOrigin[index] += 1;
      const origin = new URL(origins[index]);
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const entry = stats.get(name) ?? { latencies: [], errors: 0, refused: 0, statuses: new Map() };
      stats.set(name, entry);
      const req = request(
        { agent, host: origin.hostname, port: origin.port, method, path,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => parse && chunks.push(c));
          res.on('end', () => {
            entry.latencies.push(performance.now() - started);
            if (expected.includes(res.statusCode)) {
              if (res.statusCode === 400) entry.refused += 1;
            } else {
              entry.errors += 1;
              entry.statuses.set(res.statusCode, (entry.statuses.get(res.statusCode) ?? 0) + 1);
            }
            let json = null;
            try {
              if (parse) json = JSON.parse(Buffer.concat(chunks).toString());
            } catch {
              // not JSON
            }
            done({ status: res.statusCode, json });
          });
        },
      );
      req.on('error', () => {
        entry.errors += 1;
        entry.statuses.set('network', (entry.statuses.get('network') ?? 0) + 1);
        done({ status: 0, json: null });
      });
      req.end(payload);
    });
  const sorts = ['createdat', 'price', 'title'];
  const genres = ['Fiction', 'Science', 'History', 'Fantasy'];
  const step = async () => {
    const roll = Math.random() * (browseOnly ? 80 : 100);
    if (roll < 40) {
      const genre = Math.random() < 0.25 ? `&genre=${pick(genres)}` : '';
      // Most shoppers look at the first pages: page 1 to 20, the first ones far more often.
      await send('catalogue page', 'GET', `/api/book/all?page=${1 + Math.floor(Math.random() ** 2 * 20)}&pageSize=8&sortBy=${pick(sorts)}${genre}`);
    } else if (roll < 80) {
      await send('book page', 'GET', `/api/bookcrud/getbookbyid/${pick(Math.random() < 0.1 ? data.festival : data.others)}`);
    } else if (roll < 95) {
      await send('add to cart', 'POST', '/api/addToCart/add', { token: pick(data.customers), body: { bookId: pick(data.others), quantity: 1 } });
    } else {
      const token = data.shoppers[shopper++ % data.shoppers.length];
      // Out of stock is the contract's 400: a refusal, not an error.
      const placed = await send('place order', 'POST', '/api/order/place', { token, expected: [200, 400], parse: true });
      if (placed.status === 200) {
        await send('verify order', 'PUT', `/api/staff/verifyOrder/${placed.json.data.orderId}`, { token: data.staff, body: { ClaimCode: placed.json.data.claimCode }, expected: [200, 400] });
      }
    }
  };
  let peakConnections = 0;
  const sampler = sampleConnections
    ? setInterval(() => sampleConnections().then((n) => (peakConnections = Math.max(peakConnections, n)), () => {}), 250)
    : undefined;
  const deadline = performance.now() + duration * 1000;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  // The other processes' CPU over the same window: each instance, and PostgreSQL's.
  const othersCpu = () => ({ instances: instancePids.map(processCpuUs), database: postmasterPid === undefined ? undefined : processTreeCpuUs(postmasterPid) });
  const othersBefore = othersCpu();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < deadline) await step();
  }));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const othersAfter = othersCpu();
  clearInterval(sampler);
  agent.destroy();
  const rows = [...stats].map(([name, entry]) => {
    const sorted = entry.latencies.sort((a, b) => a - b);
    const statuses = [...entry.statuses].map(([status, n]) => `${status}: ${n}`).join(', ');
    return { name, rps: sorted.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors: entry.errors ? `${entry.errors} (${statuses})` : 0, refused: entry.refused };
  });
  const total = rows.reduce((sum, r) => sum + r.rps, 0);
  const requests = perOrigin.reduce((sum, n) => sum + n, 0);
  const cpuUsPerRequest = {
    instances: othersAfter.instances.map((us, i) => (us - othersBefore.instances[i]) / requests),
    database: othersAfter.database === undefined ? undefined : (othersAfter.database - othersBefore.database) / requests,
  };
  return { rows, total, peakConnections, shoppersUsed: shopper, perOrigin, requests, loadCpuUsPerRequest: (cpu.user + cpu.system) / requests, cpuUsPerRequest };
}

async function floorLoad(origin) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  const url = new URL(origin);
  const deadline = performance.now() + Math.min(DURATION, 10) * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      await new Promise((done) => {
        const req = request({ agent, host: url.hostname, port: url.port, path: '/ping' }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors += 1;
            latencies.push(performance.now() - t);
            done();
          });
        });
        req.on('error', () => {
          errors += 1;
          done();
        });
        req.end();
      });
    }
  }));
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return { rps: sorted.length / ((performance.now() - started) / 1000), p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors };
}

const results = [];
const profiles = [];
/** Runs the measured load with the first instance (`child`) profiled when --profile; `statements` also counted. */
async function measured(name, origins, data, child, options, statements) {
  if (!PROFILING) return festivalLoad(origins, data, options);
  const dir = await mkdtemp(join(tmpdir(), 'pustak-profile-'));
  await statements?.reset();
  await startProfile(child);
  const pool = poolSampler(origins[0]);
  const load = await festivalLoad(origins, data, options);
  const waiting = pool.stop();
  const path = join(dir, 'instance-1.cpuprofile');
  const cpuUs = await stopProfile(child, path);
  profiles.push({ name, path, summary: await summarizeProfile(path, load.perOrigin[0], cpuUs), load, statements: await statements?.read(load.requests), caches: await cacheReads(origins[0]), waiting });
  return load;
}
try {
  // ---------- the floor ----------
  const floorPort = await findFreePort();
  const floor = await startChild(['-e', `
    const app = require(${JSON.stringify(join(root, 'node_modules/fastify'))})();
    app.get('/ping', async () => ({ pong: true }));
    app.listen({ port: ${floorPort}, host: '127.0.0.1' }).then((url) => process.send({ ready: url }));
  `]);
  const floorResult = await floorLoad(`http://127.0.0.1:${floorPort}`);
  await floor.stop();

  // ---------- one instance on PGlite ----------
  const dataDir = await mkdtemp(join(tmpdir(), 'pustak-bench-festival-'));
  undo.push(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));
  if (WITH_PGLITE) {
    const pgliteTarget = { kind: 'pglite', dataDir: join(dataDir, 'db') };
    const pgliteData = await prepare(pgliteTarget);
    const pglitePort = await findFreePort();
    const pgliteServer = await startChild([...(PROFILING ? profileProbeArgs() : []), join(root, 'packages/server/dist/main.js'), '--port', String(pglitePort)], {
      DATA_DIR: dataDir, PUSTAK_JWT_SECRET: SECRET, NODE_ENV: 'development', LOG_FORMAT: 'json',
    });
    await festivalLoad([`http://127.0.0.1:${pglitePort}`], pgliteData, { duration: WARMUP, browseOnly: true });
    const pgliteResult = await measured('PGlite, 1 instance', [`http://127.0.0.1:${pglitePort}`], pgliteData, pgliteServer.child, { instancePids: [pgliteServer.child.pid] });
    await pgliteServer.stop();
    results.push({ name: 'PGlite, 1 instance', seed: pgliteData.seconds, load: pgliteResult, stock: await festivalStock(pgliteTarget, pgliteData.festival) });
  }

  // ---------- N instances on PostgreSQL ----------
  const cluster = await startPostgres(PROFILING ? { settings: ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] } : {});
  undo.push(() => cluster.destroy());
  const url = await cluster.createDatabase('bench');
  const pgTarget = { kind: 'postgres', url };
  const pgData = await prepare(pgTarget);
  const origins = [];
  const instances = [];
  for (let n = 0; n < INSTANCES; n += 1) {
    const port = await findFreePort();
    instances.push(await startChild([...(PROFILING ? profileProbeArgs() : []), join(root, 'packages/server/dist/main.js'), '--port', String(port)], {
      DATABASE_URL: url, PUSTAK_JWT_SECRET: SECRET, NODE_ENV: 'development', LOG_FORMAT: 'json', UPLOADS_DIR: join(dataDir, 'uploads'), DATABASE_POOL_SIZE: String(POOL_SIZE),
    }));
    origins.push(`http://127.0.0.1:${port}`);
  }
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  undo.push(() => monitor.end());
  // What the instances' connections do, summed over the samples: a connection held "idle in
  // transaction" waits for its instance between two statements of a transaction.
  const states = new Map();
  let stateSamples = 0;
  const connectionCount = async () => {
    const { rows } = await monitor.query(`select case when state = 'active' and wait_event_type = 'Lock' then 'waiting for a lock' when state = 'active' then 'running'
        else state end as state, count(*)::int as n
      from pg_stat_activity where datname = 'bench' and pid <> pg_backend_pid() and backend_type = 'client backend' group by 1`);
    stateSamples += 1;
    for (const { state, n } of rows) states.set(state, (states.get(state) ?? 0) + n);
    return rows.reduce((sum, { n }) => sum + n, 0);
  };
  await festivalLoad(origins, pgData, { duration: WARMUP, browseOnly: true });
  const statements = PROFILING ? await statementCounter(monitor) : undefined;
  states.clear();
  stateSamples = 0;
  // The postmaster: the parent of the monitor's own backend.
  const postmasterPid = parentPid((await monitor.query('select pg_backend_pid() as pid')).rows[0].pid);
  const pgResult = await measured(`PostgreSQL, ${INSTANCES} instances`, origins, pgData, instances[0].child,
    { sampleConnections: connectionCount, instancePids: instances.map((i) => i.child.pid), postmasterPid }, statements);
  const connectionStates = [...states].sort(([a], [b]) => a.localeCompare(b)).map(([state, n]) => `${state} ${(n / (stateSamples || 1)).toFixed(1)}`).join(', ');
  results.push({ name: `PostgreSQL, ${INSTANCES} instances`, seed: pgData.seconds, load: pgResult, stock: await festivalStock(pgTarget, pgData.festival), connections: await connectionCount(), connectionStates });

  // ---------- the report ----------
  const cores = availableParallelism();
  console.log(`\nPustak festival-sale bench: ${SIZES.BOOKS.toLocaleString('en')} books, ${SIZES.ORDERS.toLocaleString('en')} past orders, ${SIZES.festival.books} festival books with ${SIZES.festival.copies} copies each;`);
  console.log(`${CONNECTIONS} connections, ${DURATION} s per setup after ${WARMUP} s of browsing only (--warmup 0 measures from a cold start); mix 40 % catalogue pages, 40 % book pages, 15 % add to cart, 5 % place order (+ verify when placed)\n`);
  console.log('| setup | operation | req/s | p50 ms | p99 ms | errors | refused (400, out of stock) |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  console.log(`| bare Fastify route (floor) | GET /ping | ${Math.round(floorResult.rps)} | ${floorResult.p50.toFixed(1)} | ${floorResult.p99.toFixed(1)} | ${floorResult.errors} | |`);
  const order = ['catalogue page', 'book page', 'add to cart', 'place order', 'verify order'];
  for (const r of results) {
    for (const row of r.load.rows.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))) {
      console.log(`| ${r.name} | ${row.name} | ${Math.round(row.rps)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.errors} | ${row.refused || ''} |`);
    }
    console.log(`| ${r.name} | **all** | **${Math.round(r.load.total)}** | | | **${r.load.rows.reduce((s, row) => s + (parseInt(row.errors, 10) || 0), 0)}** | |`);
  }
  console.log('');
  for (const r of results) {
    console.log(`${r.name}: ${Math.round(r.load.total)} requests/s, ${(r.load.total / floorResult.rps).toFixed(3)} of the floor; seeded in ${r.seed.toFixed(1)} s; festival copies handed over ${r.stock.sold} of ${SIZES.festival.books * SIZES.festival.copies}; oversold ${r.stock.oversold}; stock below zero ${r.stock.negative}; the load generator ${Math.round(r.load.loadCpuUsPerRequest)} µs of CPU per request` +
      (r.load.peakConnections ? `; database connections: peak ${r.load.peakConnections}, at the end ${r.connections}; on average while measured: ${r.connectionStates}` : ''));
    const { instances: perInstance, database } = r.load.cpuUsPerRequest;
    const budget = perInstance.reduce((sum, us) => sum + us, 0) + (database ?? 0) + r.load.loadCpuUsPerRequest;
    console.log(`  CPU per request: ${perInstance.length === 1 ? 'the instance' : `the instances ${perInstance.map((us) => Math.round(us)).join(' + ')} =`} ${Math.round(perInstance.reduce((sum, us) => sum + us, 0))} µs` +
      `${database === undefined ? '' : `, PostgreSQL ${Math.round(database)} µs`}, the load generator ${Math.round(r.load.loadCpuUsPerRequest)} µs; in all ${Math.round(budget)} µs (${cores} cores: at most ${Math.round((cores * 1e6) / budget)} requests/s)`);
    if (r.load.shoppersUsed > SIZES.SHOPPERS) console.warn(`  (${r.load.shoppersUsed - SIZES.SHOPPERS} orders reused a shopper with an empty cart: raise SHOPPERS)`);
  }
  for (const { name, path, summary, load, statements: counted, caches, waiting } of profiles) {
    printProfile(`${name}: the first instance's CPU profile (${path})`, summary);
    console.log(`\nThe load generator (this process): ${Math.round(load.loadCpuUsPerRequest)} µs of CPU per request.`);
    console.log(`The first instance's caches since its start (warm-up included): ${caches}.`);
    console.log(`The first instance's requests waiting for a database connection (GET /metrics every 250 ms): mean ${waiting.mean.toFixed(1)}, peak ${waiting.peak}, none in ${waiting.idleShare.toFixed(0)} % of the samples.`);
    if (counted) {
      console.log(`\nPostgreSQL (pg_stat_statements, all instances): ${counted.perRequest.toFixed(2)} statements per request, ${Math.round(counted.execUsPerRequest)} µs of execution per request\n`);
      console.log('| statement | calls per request | mean µs | total ms |');
      console.log('|---|---:|---:|---:|');
      for (const row of counted.top) console.log(`| ${row.query.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 140)} | ${row.perRequest.toFixed(3)} | ${Math.round(row.meanUs)} | ${Math.round(row.totalMs)} |`);
    }
  }
} finally {
  await cleanup();
}

/** Samples the instance's requests waiting for a database connection (GET /metrics) every 250 ms until `stop()`. */
function poolSampler(origin) {
  const samples = [];
  const timer = setInterval(() => {
    fetch(`${origin}/metrics`).then((reply) => reply.text()).then((text) => {
      const found = /^pustak_db_pool_connections\{state="waiting"\} (\d+)/m.exec(text);
      if (found) samples.push(Number(found[1]));
    }, () => {});
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      const n = samples.length || 1;
      return { mean: samples.reduce((sum, v) => sum + v, 0) / n, peak: Math.max(0, ...samples), idleShare: (100 * samples.filter((v) => v === 0).length) / n };
    },
  };
}

/** The read caches' hits and misses, from the instance's GET /metrics (open in development). */
async function cacheReads(origin) {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const reads = {};
  for (const [, name, result, value] of text.matchAll(/^pustak_cache_(\w+)_reads_total\{result="(hit|miss)"\} (\d+)/gm)) {
    reads[name] = { ...reads[name], [result]: Number(value) };
  }
  return Object.entries(reads).map(([name, { hit = 0, miss = 0 }]) => `${name} ${hit.toLocaleString('en')} hits, ${miss.toLocaleString('en')} misses (${((100 * hit) / (hit + miss || 1)).toFixed(1)} % hits)`).join('; ');
}

/** pg_stat_statements on the bench database: reset before the measured seconds, read after. */
async function statementCounter(client) {
  await client.query('create extension if not exists pg_stat_statements');
  return {
    reset: () => client.query('select pg_stat_statements_reset()'),
    async read(requests) {
      const { rows } = await client.query(`select query, calls::int as calls, total_exec_time as total_ms
        from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = 'bench' and query not ilike '%pg_stat%' order by calls desc`);
      const calls = rows.reduce((sum, r) => sum + r.calls, 0);
      const totalMs = rows.reduce((sum, r) => sum + r.total_ms, 0);
      return {
        perRequest: calls / requests,
        execUsPerRequest: (totalMs * 1000) / requests,
        top: rows.slice(0, 15).map((r) => ({ query: r.query, perRequest: r.calls / requests, meanUs: (r.total_ms * 1000) / r.calls, totalMs: r.total_ms })),
      };
    },
  };
}
