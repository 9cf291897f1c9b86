// The dashboard's kept totals (migrations 0017, 0021) are a row per writing database session,
// summed when read, so that orders placed at once on different sessions do not queue on one
// row. This checks it for two sessions that shared a row under 0017's 32 (their process ids
// equal modulo 32): one session's order, in a transaction still open, holds its row's lock,
// and the other's order must not wait for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { IDS, freshPostgresDatabase } from './helpers.js';

let url = '';
let drop: (() => Promise<void>) | undefined;
const sessions: pg.Client[] = [];
beforeAll(async () => {
  const database = await freshPostgresDatabase(false);
  ({ url, drop } = database);
});
afterAll(async () => {
  await Promise.allSettled(sessions.map((session) => session.end()));
  await drop?.();
});

const placeOrder = (session: pg.Client, userId: string) =>
  session.query(`insert into orders (id, user_id, order_date, original_total_paisa, discount_bp, final_total_paisa, status)
    values (gen_random_uuid(), $1, now(), 45000, 0, 45000, 'Pending')`, [userId]);

/** Two sessions whose process ids are equal modulo 32 but not modulo 1,024 (of 33 sessions, two share a remainder of 32). */
async function sessionsThatSharedARow(): Promise<[pg.Client, pg.Client]> {
  const byRemainder = new Map<number, { session: pg.Client; pid: number }[]>();
  for (let n = 0; n < 66; n += 1) {
    const session = new pg.Client({ connectionString: url });
    await session.connect();
    sessions.push(session);
    const pid = Number((await session.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
    const same = byRemainder.get(pid % 32) ?? [];
    const other = same.find((s) => s.pid % 1024 !== pid % 1024);
    if (other) return [other.session, session];
    byRemainder.set(pid % 32, [...same, { session, pid }]);
  }
  throw new Error('no two sessions with process ids equal modulo 32 and not modulo 1,024 among 66');
}

describe('the kept totals on PostgreSQL', () => {
  it('lets a session place an order while another session, which shared its row under 0017, has one uncommitted', async () => {
    const [first, second] = await sessionsThatSharedARow();
    await first.query('begin');
    await placeOrder(first, IDS.sita);
    // Waiting for the first session's row lock would end in this error instead of an order.
    await second.query("set lock_timeout = '2s'");
    await expect(placeOrder(second, IDS.ram)).resolves.toMatchObject({ rowCount: 1 });
    await first.query('commit');
    const [totals] = (await second.query<{ orders: string }>('select sum(orders) as orders from shop_totals')).rows;
    const [counted] = (await second.query<{ orders: string }>('select count(*) as orders from orders')).rows;
    expect(totals!.orders).toBe(counted!.orders);
  });
});
