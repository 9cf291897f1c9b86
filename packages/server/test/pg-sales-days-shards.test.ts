// The sales figures kept per day (migrations 0019, 0022) are a row per day and writing database
// session, summed when read: handovers of one day on different sessions must not queue on the
// day's rows (its totals, its genres, its member of staff) until the other commits, as every
// verification of the festival bench did under 0019. One session's handover, counted (its
// deferred triggers fired) in a transaction still open, holds its rows' locks; another session's
// handover of the same day must not wait for it, and both are counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { IDS, freshPostgresDatabase } from './helpers.js';

let url = '';
let drop: (() => Promise<void>) | undefined;
const sessions: pg.Client[] = [];
beforeAll(async () => {
  ({ url, drop } = await freshPostgresDatabase(false));
});
afterAll(async () => {
  await Promise.allSettled(sessions.map((session) => session.end()));
  await drop?.();
});

async function session(): Promise<{ client: pg.Client; pid: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  sessions.push(client);
  return { client, pid: Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid) };
}

/** Two sessions that write different shards (process ids apart modulo 1,024). */
async function twoSessions(): Promise<[pg.Client, pg.Client]> {
  const first = await session();
  for (let n = 0; n < 4; n += 1) {
    const other = await session();
    if (other.pid % 1024 !== first.pid % 1024) return [first.client, other.client];
  }
  throw new Error('no two sessions with process ids apart modulo 1,024');
}

const handOver = async (session: pg.Client, orderId: string) => {
  await session.query(`update orders set status = 'Completed' where id = $1`, [orderId]);
  await session.query(`insert into order_events (order_id, kind, at, actor) values ($1, 'completed', now(), 'staff')`, [orderId]);
};

describe('the sales figures kept per day on PostgreSQL', () => {
  it('lets a session hand over an order while another session has a handover of the same day counted and uncommitted', async () => {
    const [first, second] = await twoSessions();
    const counted = async () => (await first.query<{ orders: string; counted: string }>(
      'select (select coalesce(sum(orders), 0) from sales_days) as orders, (select count(*) from sales_counted) as counted')).rows[0]!;
    const before = await counted();
    await first.query('begin');
    await handOver(first, IDS.sitaPendingOrder);
    // The deferred triggers count the handover now, their row locks held until the commit.
    await first.query('set constraints all immediate');
    await second.query("set lock_timeout = '2s'");
    await second.query('begin');
    await handOver(second, IDS.hariPendingOrder);
    await expect(second.query('commit')).resolves.toMatchObject({ command: 'COMMIT' });
    await first.query('commit');
    const after = await counted();
    expect(Number(after.counted)).toBe(Number(before.counted) + 2);
    expect(Number(after.orders)).toBe(Number(before.orders) + 2);
  });
});
