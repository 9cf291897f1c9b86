// The sales report keeps the books of the days it read in memory (modules/reports/sales-books.ts),
// each day's shard under its version, read again in the report's own snapshot: two instances on
// one PostgreSQL database, the first having read (and warmed) the year, must each answer the
// report the orders give after the other's handover, another session's writes to the day's shard
// it holds (a handover, a customer removed with their orders) and a recount of every figure.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportRange, salesReport } from '../src/modules/reports/rules.js';
import { IDS, freshPostgresDatabase } from './helpers.js';
import { api, insertAccounts, login, query, startInstances, type InstanceGroup } from './instances.js';
import { salesReportFromOrders } from './sales-oracle.js';

let group: InstanceGroup;
let dbUrl = '';
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  const database = await freshPostgresDatabase(false);
  cleanups.push(database.drop);
  dbUrl = database.url;
  group = await startInstances(dbUrl, 2, { settings: { warmSalesReport: true } });
  cleanups.push(group.close);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
});

describe('the sales report on two instances', () => {
  it("counts the other instance's handover, another session's writes to a shard it holds and a recount in its next report", async () => {
    const [a, b] = group.instances as [(typeof group.instances)[0], (typeof group.instances)[0]];
    const zone = a.server.services.shop.timeZone;
    const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
    const year = reportRange(day(Date.now() - 364 * 86_400_000), day(Date.now()), zone);
    const today = reportRange(day(Date.now()), day(Date.now()), zone);
    const reportsAgree = async () => {
      for (const instance of [a, b]) {
        for (const [range, books] of [[year, 2], [today, 1], [year, 100]] as const) {
          expect(await salesReport(instance.server.database.db, range, books)).toEqual(await salesReportFromOrders(instance.server.database.db, range, books));
        }
      }
    };
    // The first instance has read the year (its warm-up, then the report).
    await reportsAgree();
    const admin = await login(a.url, 'admin');
    const before = (await api(a.url, 'GET', `/api/report/sales?from=${today.from}&to=${today.to}`, { token: admin })).body;

    const [customer] = await insertAccounts(dbUrl, 'twoplaces', 1);
    const token = await login(b.url, customer!);
    expect((await api(b.url, 'POST', '/api/addToCart/add', { token, body: { bookId: IDS.karnaliBlues, quantity: 2 } })).status).toBe(200);
    const placed = await api(b.url, 'POST', '/api/order/place', { token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const staff = await login(b.url, 'staff');
    const verified = await api(b.url, 'PUT', `/api/staff/verifyOrder/${placed.body.data.orderId}`, { token: staff, body: { ClaimCode: placed.body.data.claimCode } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const after = (await api(a.url, 'GET', `/api/report/sales?from=${today.from}&to=${today.to}`, { token: admin })).body;
    expect(after.orders).toBe(before.orders + 1);
    expect(after.byBook.find((book: { bookId: string }) => book.bookId === IDS.karnaliBlues)?.copiesSold).toBe(
      (before.byBook.find((book: { bookId: string }) => book.bookId === IDS.karnaliBlues)?.copiesSold ?? 0) + 2);
    await reportsAgree();

    // Another session writes the shard the handover was counted in (the day's latest), which the
    // first instance holds: a handover of Sita's pending order, then the customer removed with
    // their Completed order. The shard stays (Sita's sale), its figures change.
    const [counted] = await query<{ shard: number }>(dbUrl, 'select shard from sales_days where day = $1 order by version desc limit 1', [today.from]);
    const operator = new pg.Client({ connectionString: dbUrl });
    await operator.connect();
    try {
      await operator.query(`select set_config('pustak.sales_shard', $1, false)`, [String(counted!.shard)]);
      await operator.query('begin');
      await operator.query(`update orders set status = 'Completed' where id = $1`, [IDS.sitaPendingOrder]);
      await operator.query(`insert into order_events (order_id, kind, at, actor) values ($1, 'completed', now(), 'staff')`, [IDS.sitaPendingOrder]);
      await operator.query('commit');
      expect((await api(a.url, 'GET', `/api/report/sales?from=${today.from}&to=${today.to}`, { token: admin })).body.orders).toBe(before.orders + 2);
      await reportsAgree();
      await operator.query('delete from users where username = $1', [customer]);
    } finally {
      await operator.end();
    }
    await reportsAgree();
    expect((await api(a.url, 'GET', `/api/report/sales?from=${today.from}&to=${today.to}`, { token: admin })).body.orders).toBe(before.orders + 1);

    // Every figure counted again (as an instance started in another zone and back would): new versions.
    await query(dbUrl, 'select sales_recount(time_zone) from sales_meta');
    await reportsAgree();
  });
});
