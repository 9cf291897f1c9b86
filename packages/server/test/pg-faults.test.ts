// Faults on PostgreSQL with two instances: an instance killed (SIGKILL) in the middle of a run
// of orders, an instance stopped with SIGTERM while a request is in flight, and the database
// restarted under load. Instances are real processes behind the round-robin proxy of
// `npm run server:cluster` where the test needs a load balancer; the database restart uses its
// own throwaway cluster.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startRoundRobinProxy } from '@pustak/dev-tools/round-robin-proxy';
import { transact } from '../src/shared/context.js';
import { IDS, freshPostgresDatabase } from './helpers.js';
import { api, insertAccounts, login, negotiate, openHub, query, startInstances, until } from './instances.js';
import { startPostgres } from './postgres.js';
import { startServerProcess, type ServerProcess } from './processes.js';

const SECRET = 'fault-test-secret-that-is-long-enough-0123';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
});

async function uploadsFolder() {
  const dir = await mkdtemp(join(tmpdir(), 'pustak-fault-uploads-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function startTwo(dbUrl: string, uploadsDir: string): Promise<ServerProcess[]> {
  const env = { DATABASE_URL: dbUrl, PUSTAK_JWT_SECRET: SECRET, UPLOADS_DIR: uploadsDir, DATABASE_POOL_SIZE: '6' };
  const servers = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  for (const server of servers) cleanups.push(() => server.stop());
  return servers;
}

function hubClient(origin: string, messages: [string, string][]): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(`${origin}/hubs/notification`)
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 250 })
    .configureLogging(LogLevel.None)
    .build();
  connection.on('ReceiveMessage', (sender: string, text: string) => messages.push([sender, text]));
  cleanups.push(() => connection.stop());
  return connection;
}

const exited = (server: ServerProcess) =>
  server.child.exitCode !== null || server.child.signalCode !== null
    ? Promise.resolve({ code: server.child.exitCode, signal: server.child.signalCode })
    : new Promise<{ code: number | null; signal: string | null }>((done) => server.child.once('exit', (code, signal) => done({ code, signal })));

describe('an instance killed with SIGKILL in the middle of a run of orders', () => {
  it('leaves no half-written order, cart or stock change; its hub clients move to the other instance', async () => {
    const database = await freshPostgresDatabase(false);
    cleanups.push(database.drop);
    const dbUrl = database.url;
    const [a, b] = await startTwo(dbUrl, await uploadsFolder());
    const proxy = await startRoundRobinProxy({ upstreams: [a, b].map((s) => ({ host: '127.0.0.1', port: s!.port })) });
    cleanups.push(() => proxy.close());

    // Four live clients through the proxy: round-robin puts some on each instance.
    const heard: [string, string][][] = [[], [], [], []];
    const connections = heard.map((messages) => hubClient(proxy.url, messages));
    for (const connection of connections) await connection.start();
    await until(() => proxy.sockets()[0] >= 1 && proxy.sockets()[1] >= 1, 'hub clients on both instances');

    const book = IDS.munaMadan;
    const STOCK = 1000;
    await query(dbUrl, 'update books set quantity = $2 where id = $1', [book, STOCK]);
    const customers = await insertAccounts(dbUrl, 'killrun', 30);
    const [counter] = await insertAccounts(dbUrl, 'killstaff', 1, 'Staff');
    const tokens = await Promise.all(customers.map((name) => login(proxy.url, name)));
    const staff = await login(proxy.url, counter!);
    const notificationsBefore = (await query(dbUrl, 'select count(*)::int as n from notifications'))[0].n as number;
    for (const token of tokens) expect((await api(proxy.url, 'POST', '/api/addToCart/add', { token, body: { bookId: book, quantity: 1 } })).status).toBe(200);

    // The run: four workers place and verify orders; instance a is killed after the 8th order.
    const statuses: number[] = [];
    let placedCount = 0;
    let killed = false;
    const queue = [...tokens.keys()];
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        const placed = await api(proxy.url, 'POST', '/api/order/place', { token: tokens[n]! }).catch(() => ({ status: 0, body: null }));
        statuses.push(placed.status);
        if (placed.status !== 200) continue;
        placedCount += 1;
        if (placedCount === 8 && !killed) {
          killed = true;
          a!.child.kill('SIGKILL');
        }
        const { orderId, claimCode } = placed.body.data;
        const verified = await api(proxy.url, 'PUT', `/api/staff/verifyOrder/${orderId}`, { token: staff, body: { ClaimCode: claimCode } }).catch(() => ({ status: 0 }));
        statuses.push(verified.status);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(killed).toBe(true);
    expect(await exited(a!)).toMatchObject({ signal: 'SIGKILL' });
    // Requests that reached the killed instance around its death may be cut (the proxy answers
    // 502); nothing else fails: the surviving instance failed none, and the cut ones are few.
    expect(statuses.filter((s) => s !== 200 && s !== 502)).toEqual([]);
    expect(proxy.failures()[1]).toBe(0);
    expect(statuses.filter((s) => s === 502).length).toBe(proxy.failures()[0]);
    expect(proxy.failures()[0]).toBeLessThanOrEqual(8);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(40);

    // Every customer has either an order of one copy and an empty cart, or no order and the cart line.
    const state = await query(
      dbUrl,
      `select u.username,
         (select count(*)::int from orders o where o.user_id = u.id) as orders,
         (select coalesce(sum(quantity), 0)::int from cart_items c where c.user_id = u.id) as in_cart
       from users u where u.username like 'killrun%'`,
    );
    for (const row of state) expect([row.orders, row.in_cart], row.username).toEqual(row.orders === 1 ? [1, 0] : [0, 1]);
    const halfWritten = await query(dbUrl, `select o.id from orders o left join order_items i on i.order_id = o.id where i.id is null`);
    expect(halfWritten).toEqual([]);
    const [{ completed }] = await query(dbUrl, `select count(*)::int as completed from orders o join users u on u.id = o.user_id where u.username like 'killrun%' and o.status = 'Completed'`);
    expect(STOCK - (await query(dbUrl, 'select quantity from books where id = $1', [book]))[0].quantity).toBe(completed);
    expect((await query(dbUrl, 'select count(*)::int as n from notifications'))[0].n).toBe(notificationsBefore + completed);

    // The killed instance's clients reconnect through the proxy to the other and hear the next broadcast.
    await until(() => connections.every((c) => c.state === HubConnectionState.Connected) && proxy.sockets()[0] === 0 && proxy.sockets()[1] === 4,
      'every hub client to be connected to the surviving instance', 60_000);
    const admin = await login(proxy.url, 'admin');
    const form = new FormData();
    const fields = { title: 'After The Kill', author: 'Survivor', genre: 'Fiction', isbn: 'ISBN-KILL-1', description: 'd', publisher: 'p',
      publicationDate: '2020-01-01T00:00:00Z', price: '100', quantity: '1', language: 'English', discount: '0', format: 'Paperback' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    expect((await fetch(`${proxy.url}/api/bookcrud/create`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form })).status).toBe(200);
    await until(() => heard.every((messages) => messages.some((m) => m[1] === 'New book added! After The Kill')), 'the broadcast on every client');
  });
});

describe('an instance stopped with SIGTERM', () => {
  it('stops taking requests, finishes the one in flight, tells its hub clients to reconnect, and exits', async () => {
    const database = await freshPostgresDatabase(false);
    cleanups.push(database.drop);
    const dbUrl = database.url;
    const [a] = await startTwo(dbUrl, await uploadsFolder());
    const origin = a!.url;
    const listener = await openHub(origin, await negotiate(origin));
    cleanups.push(async () => listener.close());

    const [customer] = await insertAccounts(dbUrl, 'termrun', 1);
    const token = await login(origin, customer!);
    expect((await api(origin, 'POST', '/api/addToCart/add', { token, body: { bookId: IDS.karnaliBlues, quantity: 1 } })).status).toBe(200);
    const { orderId, claimCode } = (await api(origin, 'POST', '/api/order/place', { token })).body.data;
    const staff = await login(origin, 'staff');
    const stockBefore = (await query(dbUrl, 'select quantity from books where id = $1', [IDS.karnaliBlues]))[0].quantity;

    // Hold the order's row lock, so the verification waits inside the instance.
    const holder = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('begin');
    await holder.query('select id from orders where id = $1 for update', [orderId]);
    const inFlight = api(origin, 'PUT', `/api/staff/verifyOrder/${orderId}`, { token: staff, body: { ClaimCode: claimCode } });
    await until(async () => (await query(dbUrl, `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).length > 0,
      'the verification to wait for the lock');

    const exit = exited(a!);
    a!.child.kill('SIGTERM');
    // New requests are refused (the listening socket is closed) or get the contract's 503.
    await until(async () => {
      const reply = await fetch(`${origin}/api/book/all`).catch(() => null);
      if (reply === null) return true;
      if (reply.status !== 503) return false;
      expect(await reply.json()).toEqual({ status: 'error', statusCode: 503, message: 'Service Unavailable: this server is shutting down. Try again.' });
      return true;
    }, 'the instance to stop taking requests');
    await until(() => listener.closeRecords.length > 0, 'the hub close record');
    expect(listener.closeRecords[0]).toEqual({ type: 7, allowReconnect: true });

    await holder.query('commit');
    const answered = await inFlight;
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(await exit).toEqual({ code: 0, signal: null });
    expect((await query(dbUrl, 'select quantity from books where id = $1', [IDS.karnaliBlues]))[0].quantity).toBe(stockBefore - 1);
    expect((await query(dbUrl, 'select status from orders where id = $1', [orderId]))[0].status).toBe('Completed');
  });
});

describe('the database restarted under load', () => {
  it('answers the contract’s 503 at once while it is down, and recovers by itself', async () => {
    const cluster = await startPostgres();
    cleanups.push(() => cluster.destroy());
    const dbUrl = await cluster.createDatabase('restart');
    const group = await startInstances(dbUrl, 2, { seed: true });
    cleanups.push(() => group.close());
    const origins = group.instances.map((i) => i.url);
    const tokens = await Promise.all(origins.map((origin) => login(origin, 'sita')));
    const listener = await openHub(origins[1]!, await negotiate(origins[1]!));
    cleanups.push(async () => listener.close());

    const seen: { status: number; body: unknown; retryAfter: string | null; ms: number }[] = [];
    let running = true;
    const load = async (n: number) => {
      for (let i = n; running; i += 1) {
        const started = Date.now();
        const reply = await api(origins[i % 2]!, 'GET', '/api/addToCart/getcartitems', { token: tokens[i % 2]! });
        seen.push({ status: reply.status, body: reply.body, retryAfter: reply.headers.get('retry-after'), ms: Date.now() - started });
      }
    };
    const workers = [0, 1, 2, 3].map(load);
    const count = (status: number) => seen.filter((r) => r.status === status).length;
    await until(() => count(200) >= 20, 'load before the restart');

    await cluster.stop();
    await until(() => count(503) >= 20, 'requests answered 503 while the database is down');
    const ready = await Promise.all(origins.map((origin) => api(origin, 'GET', '/readyz')));
    for (const reply of ready) expect(reply).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'unreachable' } });

    await cluster.start();
    const okAfter = count(200);
    await until(() => count(200) >= okAfter + 20, 'requests to succeed again once the database is back', 60_000);
    await until(async () => (await Promise.all(origins.map((origin) => api(origin, 'GET', '/readyz')))).every((r) => r.status === 200),
      'both instances ready again (database and LISTEN connection)', 60_000);
    running = false;
    await Promise.all(workers);

    expect(seen.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    for (const refused of seen.filter((r) => r.status === 503)) {
      expect(refused.body).toEqual({ status: 'error', statusCode: 503, message: 'Service Unavailable: the database cannot be reached right now. Try again shortly.' });
      expect(refused.retryAfter).toBe('2');
    }
    // A broadcast raised on one instance reaches the other's clients again (LISTEN was re-established).
    const { services } = group.instances[0]!.server;
    await transact(services.db, services.broadcaster, async (_tx, publish) => publish({ sender: 'Test', text: 'after the restart' }));
    await until(() => listener.messages.some((m) => m[1] === 'after the restart'), 'the broadcast after the database restart');
  });
});
