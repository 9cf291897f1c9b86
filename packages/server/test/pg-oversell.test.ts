// Nothing oversold on PostgreSQL with two instances: the last copies of a book in the carts of
// 50 customers, whose orders 10 staff verify at once through both instances; one order
// verified twice at once on the two instances; and the pickup lifecycle: orders marked ready at
// once (the copies put aside), ready orders cancelled and expired at once on both instances,
// each order's copies back exactly once; the "expiring tomorrow" reminder swept at once on both
// instances, sent once per order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, freshPostgresDatabase } from './helpers.js';
import { remindExpiringOrders } from '../src/modules/orders/index.js';
import { api, insertAccounts, login, query, startInstances, type InstanceGroup } from './instances.js';

let group: InstanceGroup | undefined;
let drop: (() => Promise<void>) | undefined;
let dbUrl = '';
let origins: string[] = [];
beforeAll(async () => {
  const database = await freshPostgresDatabase(false);
  drop = database.drop;
  dbUrl = database.url;
  group = await startInstances(dbUrl, 2);
  origins = group.instances.map((i) => i.url);
});
afterAll(async () => {
  await group?.close();
  await drop?.();
});

/** Request n goes to instance n % 2. */
const on = (n: number) => origins[n % origins.length]!;
/** `count` new customers each order `copies` of the book, and a new staff member readies every order; answers them. */
async function readiedOrders(prefix: string, count: number, book: string, copies: number) {
  const customers = await insertAccounts(dbUrl, prefix, count);
  const [counter] = await insertAccounts(dbUrl, `${prefix}staff`, 1, 'Staff');
  const staffToken = await login(on(0), counter!);
  const orders: { orderId: string; token: string }[] = [];
  for (const [n, name] of customers.entries()) {
    const token = await login(on(n), name);
    await api(on(n), 'POST', '/api/addToCart/add', { token, body: { bookId: book, quantity: copies } });
    const { orderId } = (await api(on(n + 1), 'POST', '/api/order/place', { token })).body.data;
    expect((await api(on(n), 'PUT', `/api/staff/readyOrder/${orderId}`, { token: staffToken })).status).toBe(200);
    orders.push({ orderId, token });
  }
  return { orders, staffToken };
}

const stockOf = async (bookId: string) => (await query(dbUrl, 'select quantity from books where id = $1', [bookId]))[0].quantity as number;

describe('the last copies on two instances', () => {
  it('50 customers order the 3 last copies, 10 staff verify at once: 3 complete, the rest get the 400, stock ends at 0', async () => {
    const COPIES = 3;
    const book = IDS.hillHouse;
    const [{ title }] = await query(dbUrl, 'update books set quantity = $2 where id = $1 returning title', [book, COPIES]);
    const customers = await insertAccounts(dbUrl, 'festival', 50);
    const staff = await insertAccounts(dbUrl, 'counter', 10, 'Staff');
    const customerTokens = await Promise.all(customers.map((name, n) => login(on(n), name)));
    const staffTokens = await Promise.all(staff.map((name, n) => login(on(n + 1), name)));
    const notificationsBefore = (await query(dbUrl, 'select count(*)::int as n from notifications'))[0].n as number;

    // Every customer has one copy in the cart (3 are in stock, so each add is allowed) and orders it.
    const added = await Promise.all(customerTokens.map((token, n) => api(on(n), 'POST', '/api/addToCart/add', { token, body: { bookId: book, quantity: 1 } })));
    expect(added.map((r) => r.status)).toEqual(customers.map(() => 200));
    const placed = await Promise.all(customerTokens.map((token, n) => api(on(n + 1), 'POST', '/api/order/place', { token })));
    expect(placed.map((r) => r.status)).toEqual(customers.map(() => 200));
    const orders = placed.map((r) => r.body.data as { orderId: string; claimCode: string });

    // All 50 verifications at once: staff member n % 10, through instance n % 2.
    const verified = await Promise.all(
      orders.map((order, n) =>
        api(on(n), 'PUT', `/api/staff/verifyOrder/${order.orderId}`, { token: staffTokens[n % staffTokens.length]!, body: { ClaimCode: order.claimCode } }),
      ),
    );
    const statuses = verified.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(COPIES);
    expect(statuses.filter((s) => s === 400)).toHaveLength(orders.length - COPIES);
    for (const refused of verified.filter((r) => r.status === 400)) {
      expect(refused.body).toEqual({ status: 'error', message: `Not enough stock for book: ${title}` });
    }

    // Stock, order statuses and notifications agree, as the database and both instances see them.
    expect(await stockOf(book)).toBe(0);
    const completedIds = orders.filter((_, n) => verified[n]!.status === 200).map((o) => o.orderId).sort();
    const rows = await query(dbUrl, 'select id, status from orders where id = any($1::uuid[])', [orders.map((o) => o.orderId)]);
    expect(rows.filter((r) => r.status === 'Completed').map((r) => r.id).sort()).toEqual(completedIds);
    expect(rows.filter((r) => r.status === 'Pending')).toHaveLength(orders.length - COPIES);
    expect((await query(dbUrl, 'select count(*)::int as n from notifications'))[0].n).toBe(notificationsBefore + COPIES);
    for (const origin of origins) {
      expect((await api(origin, 'GET', `/api/bookcrud/getbookbyid/${book}`)).body.data.quantity).toBe(0);
    }
    const staffView = (await api(on(0), 'GET', '/api/order/all', { token: staffTokens[0]! })).body.data as { orderId: string; status: string }[];
    const statusById = new Map(staffView.map((o) => [o.orderId, o.status]));
    for (const [n, order] of orders.entries()) expect(statusById.get(order.orderId)).toBe(verified[n]!.status === 200 ? 'Completed' : 'Pending');
  });

  it('verifies the same order twice at once on the two instances: stock goes down once', async () => {
    const [customer] = await insertAccounts(dbUrl, 'twice', 1);
    const [counter] = await insertAccounts(dbUrl, 'twicestaff', 1, 'Staff');
    const token = await login(on(0), customer!);
    const staffToken = await login(on(1), counter!);
    for (let round = 0; round < 5; round += 1) {
      const before = await stockOf(IDS.munaMadan);
      expect((await api(on(round), 'POST', '/api/addToCart/add', { token, body: { bookId: IDS.munaMadan, quantity: 2 } })).status).toBe(200);
      const { orderId, claimCode } = (await api(on(round + 1), 'POST', '/api/order/place', { token })).body.data;
      const both = await Promise.all([0, 1].map((n) => api(on(n), 'PUT', `/api/staff/verifyOrder/${orderId}`, { token: staffToken, body: { ClaimCode: claimCode } })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(both.find((r) => r.status === 400)!.body).toEqual({ status: 'error', message: 'Order already completed' });
      expect(await stockOf(IDS.munaMadan)).toBe(before - 2);
    }
  });

  it('30 orders of the 4 last copies marked ready at once by 10 staff on both instances: 4 ready, stock 0, nobody else can buy them', async () => {
    const COPIES = 4;
    const book = IDS.hillHouse;
    const [{ title }] = await query(dbUrl, 'update books set quantity = $2 where id = $1 returning title', [book, COPIES]);
    const customers = await insertAccounts(dbUrl, 'readyrush', 30);
    const staff = await insertAccounts(dbUrl, 'readystaff', 10, 'Staff');
    const customerTokens = await Promise.all(customers.map((name, n) => login(on(n), name)));
    const staffTokens = await Promise.all(staff.map((name, n) => login(on(n + 1), name)));
    for (const [n, token] of customerTokens.entries()) expect((await api(on(n), 'POST', '/api/addToCart/add', { token, body: { bookId: book, quantity: 1 } })).status).toBe(200);
    const orders = (await Promise.all(customerTokens.map((token, n) => api(on(n + 1), 'POST', '/api/order/place', { token })))).map((r) => r.body.data as { orderId: string; claimCode: string });

    const readied = await Promise.all(orders.map((order, n) => api(on(n), 'PUT', `/api/staff/readyOrder/${order.orderId}`, { token: staffTokens[n % staffTokens.length]! })));
    expect(readied.filter((r) => r.status === 200)).toHaveLength(COPIES);
    for (const refused of readied.filter((r) => r.status !== 200)) expect(refused.body).toEqual({ status: 'error', message: `Not enough stock for book: ${title}` });
    expect(await stockOf(book)).toBe(0);
    // The copies put aside are nobody else's: a new order of the book cannot be readied or handed over.
    const pending = orders.find((_, n) => readied[n]!.status !== 200)!;
    const handover = await api(on(1), 'PUT', `/api/staff/verifyOrder/${pending.orderId}`, { token: staffTokens[0]!, body: { ClaimCode: pending.claimCode } });
    expect(handover.body).toEqual({ status: 'error', message: `Not enough stock for book: ${title}` });
    // A ready order handed over at the counter takes nothing more.
    const ready = orders.filter((_, n) => readied[n]!.status === 200);
    const handed = await api(on(0), 'PUT', `/api/staff/verifyOrder/${ready[0]!.orderId}`, { token: staffTokens[1]!, body: { ClaimCode: ready[0]!.claimCode } });
    expect(handed.status).toBe(200);
    expect(await stockOf(book)).toBe(0);
  });

  it("ready orders cancelled by the customer and the shop at once on both instances: each order's copies come back once", async () => {
    const book = IDS.hillHouse;
    await query(dbUrl, 'update books set quantity = 6 where id = $1', [book]);
    const { orders, staffToken } = await readiedOrders('cancelrace', 3, book, 2);
    expect(await stockOf(book)).toBe(0);
    // Every order cancelled four times at once: twice by its customer, twice by the shop, on both instances.
    const tries = await Promise.all(
      orders.flatMap(({ orderId, token }) => [
        api(on(0), 'PUT', `/api/order/cancel/${orderId}`, { token }),
        api(on(1), 'PUT', `/api/order/cancel/${orderId}`, { token }),
        api(on(0), 'PUT', `/api/staff/cancelOrder/${orderId}`, { token: staffToken, body: { reason: 'No-show' } }),
        api(on(1), 'PUT', `/api/staff/cancelOrder/${orderId}`, { token: staffToken, body: { reason: 'No-show' } }),
      ]),
    );
    expect(tries.filter((r) => r.status === 200)).toHaveLength(orders.length);
    expect(tries.filter((r) => r.status === 400)).toHaveLength(orders.length * 3);
    expect(await stockOf(book)).toBe(6);
    const events = await query(dbUrl, "select count(*)::int as n from order_events where kind = 'cancelled' and order_id = any($1::uuid[])", [orders.map((o) => o.orderId)]);
    expect(events[0].n).toBe(orders.length);
  });

  it('ready orders past their hold, swept by many reads at once on both instances: each expires once, its copies back once', async () => {
    const book = IDS.hillHouse;
    await query(dbUrl, 'update books set quantity = 5 where id = $1', [book]);
    const { orders, staffToken } = await readiedOrders('expiryrace', 5, book, 1);
    const orderIds = orders.map((o) => o.orderId);
    expect(await stockOf(book)).toBe(0);
    // The instances run on the real clock: the hold ends now, as if PICKUP_HOLD_DAYS had passed.
    await query(dbUrl, "update orders set expires_at = now() - interval '1 second' where id = any($1::uuid[])", [orderIds]);
    const reads = await Promise.all(Array.from({ length: 20 }, (_, n) => api(on(n), 'GET', '/api/order/all', { token: staffToken })));
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));
    for (const read of reads) {
      const statuses = (read.body.data as { orderId: string; status: string }[]).filter((o) => orderIds.includes(o.orderId)).map((o) => o.status);
      expect(statuses).toEqual(orderIds.map(() => 'Expired'));
    }
    expect(await stockOf(book)).toBe(5);
    const events = await query(dbUrl, "select count(*)::int as n from order_events where kind = 'expired' and actor = 'system' and order_id = any($1::uuid[])", [orderIds]);
    expect(events[0].n).toBe(orderIds.length);
    for (const origin of origins) expect((await api(origin, 'GET', `/api/bookcrud/getbookbyid/${book}`)).body.data.quantity).toBe(5);
  });

  it('ready orders a day from the end of their hold, reminded by many sweeps at once on both instances: one message and one e-mail each', async () => {
    const book = IDS.hillHouse;
    await query(dbUrl, 'update books set quantity = 5 where id = $1', [book]);
    const { orders } = await readiedOrders('reminderrace', 5, book, 1);
    const orderIds = orders.map((o) => o.orderId);
    // The instances run on the real clock: half a day of a week's hold is left.
    await query(dbUrl, "update orders set ready_at = now() - interval '6 days', expires_at = now() + interval '12 hours' where id = any($1::uuid[])", [orderIds]);
    const remindedOrders = async () => (await query(dbUrl, 'select count(*)::int as n from orders where reminded_at is not null'))[0].n as number;
    const before = await remindedOrders();
    const sweeps = await Promise.all(Array.from({ length: 20 }, (_, n) => remindExpiringOrders(group!.instances[n % 2]!.server.services)));
    // Every order the sweeps reminded (these five, and any other Ready order of the shared database now due) counted once.
    expect(sweeps.reduce((sum, reminded) => sum + reminded, 0)).toBe((await remindedOrders()) - before);
    const told = await query(
      dbUrl,
      "select users.username, count(*)::int as n from notifications join users on users.id = notifications.user_id where message like '%is waiting for you until%' and users.username like 'reminderrace%' group by users.username",
    );
    expect(told.map((row) => row.n)).toEqual(orderIds.map(() => 1));
    const mails = await query(dbUrl, "select recipient, count(*)::int as n from mail_outbox where subject like 'Your order is waiting for you%' and recipient like 'reminderrace%' group by recipient");
    expect(mails.map((row) => row.n)).toEqual(orderIds.map(() => 1));
    expect((await query(dbUrl, 'select count(*)::int as n from orders where reminded_at is not null and id = any($1::uuid[])', [orderIds]))[0].n).toBe(orderIds.length);
  });
});
