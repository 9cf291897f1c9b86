// Transactions meeting on PostgreSQL. A transaction PostgreSQL rolls back for a deadlock
// (40P01) or a serialization failure (40001) runs again (shared/context.ts runTransaction), so
// the conflict never reaches the caller as a 500. The deadlock here is a real one: another
// session holds a book's row lock while a handover waits for it, then asks for the order's row
// the handover holds. The handover's session waited first and its deadlock_timeout is the
// shorter, so PostgreSQL rolls the handover back. And the stock take's lock on a book keeps out
// other writers of its stock only: a cart line or an order naming the book does not wait for it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeStock } from '../src/modules/orders/index.js';
import { CONFLICT_TRIES, runTransaction } from '../src/shared/context.js';
import { IDS, freshPostgresDatabase, newCustomer, startTestServer, type TestServer } from './helpers.js';
import { query, until } from './instances.js';

let t: TestServer;
let database: { url: string; drop(): Promise<void> };
beforeAll(async () => {
  database = await freshPostgresDatabase(false);
  // The server's sessions find the deadlock after 2 s (the other session's after a minute): PostgreSQL rolls back the session that finds it.
  const url = `${database.url}?options=${encodeURIComponent('-c deadlock_timeout=2s')}`;
  t = await startTestServer({ settings: { database: { kind: 'postgres', url, poolSize: 4 } } });
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

/**
 * Another session, in a transaction holding `lock`'s rows, whose own deadlock check waits a
 * minute (so the server's session finds the deadlock and is rolled back); `waitedOn` settles
 * once a session of the server waits for it.
 */
async function otherSession(lock: string, values: unknown[]) {
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  await other.query('begin');
  await other.query("set local deadlock_timeout = '60s'");
  const { rows: [{ pid }] } = await other.query('select pg_backend_pid() as pid');
  await other.query(lock, values);
  const waitedOn = (what: string) =>
    until(async () => (await query(database.url, 'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [pid]))[0].n > 0, what);
  return { other, waitedOn };
}

const deadlocks = async () => (await query(database.url, 'select deadlocks::int as n from pg_stat_database where datname = current_database()'))[0].n as number;

describe('a deadlock on PostgreSQL', () => {
  it('a handover caught in a deadlock is run again: the staff member gets the 200, the stock goes down once, one history entry', async () => {
    const customer = await newCustomer(t, 'deadlocked');
    expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.hillHouse, quantity: 1 } })).statusCode).toBe(200);
    const placed = await t.call({ method: 'POST', url: '/api/order/place', token: customer.token });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, claimCode } = placed.json().data as { orderId: string; claimCode: string };
    const stockBefore = (await query(database.url, 'select quantity from books where id = $1', [IDS.hillHouse]))[0].quantity as number;
    const deadlocksBefore = await deadlocks();
    const staff = await t.login('staff');

    const { other, waitedOn } = await otherSession('select quantity from books where id = $1 for update', [IDS.hillHouse]);
    try {
      const handover = t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${orderId}`, token: staff, payload: { ClaimCode: claimCode } });
      // The handover holds the order's row and waits for the book's.
      await waitedOn('the handover waiting for the book the other session holds');
      // The other session now waits for the order: a deadlock, which the handover's session finds.
      await other.query('select id from orders where id = $1 for update', [orderId]);
      await other.query('rollback');

      const reply = await handover;
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({ status: 'success', message: 'Order verified and stock updated successfully' });
    } finally {
      await other.end();
    }
    await until(async () => (await deadlocks()) > deadlocksBefore, 'PostgreSQL counting the deadlock');
    expect((await query(database.url, 'select quantity from books where id = $1', [IDS.hillHouse]))[0].quantity).toBe(stockBefore - 1);
    expect((await query(database.url, 'select status from orders where id = $1', [orderId]))[0].status).toBe('Completed');
    expect((await query(database.url, "select count(*)::int as n from order_events where order_id = $1 and kind = 'completed'", [orderId]))[0].n).toBe(1);
    expect((await query(database.url, "select count(*)::int as n from activity_log where target_id = $1 and kind = 'order.completed'", [orderId]))[0].n).toBe(1);
  });

  it('a statement outside a transaction caught in a deadlock is sent again: the customer adding to the cart gets the 200', async () => {
    const customer = await newCustomer(t, 'lonestatement');
    const deadlocksBefore = await deadlocks();
    const { other, waitedOn } = await otherSession('select id from users where id = $1 for update', [customer.id]);
    try {
      // The add inserts its line, then its foreign-key check waits for the customer's row.
      const adding = t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.munaMadan, quantity: 1 } });
      await waitedOn('the add waiting for the customer row the other session holds');
      // The other session's line for the same book waits for the add's: a deadlock, which the add's session finds.
      await other.query("insert into cart_items (id, user_id, book_id, quantity, created_at) values (gen_random_uuid(), $1, $2, 1, now())", [customer.id, IDS.munaMadan]);
      await other.query('rollback');
      const reply = await adding;
      expect(reply.statusCode, reply.body).toBe(200);
    } finally {
      await other.end();
    }
    await until(async () => (await deadlocks()) > deadlocksBefore, 'PostgreSQL counting the deadlock');
    expect(await query(database.url, 'select book_id, quantity from cart_items where user_id = $1', [customer.id])).toEqual([{ book_id: IDS.munaMadan, quantity: 1 }]);
  });

  it('gives up after a bounded number of tries, and never retries another error', async () => {
    let tries = 0;
    const deadlocked = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(runTransaction(t.server.database.db, async () => {
      tries += 1;
      throw deadlocked;
    })).rejects.toBe(deadlocked);
    expect(tries).toBe(CONFLICT_TRIES);

    tries = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(runTransaction(t.server.database.db, async () => {
      tries += 1;
      throw unique;
    })).rejects.toBe(unique);
    expect(tries).toBe(1);
  });
});

describe("the stock take's lock on a book", () => {
  it('lets a customer add the book to a cart and place an order of it while a handover holds it', async () => {
    const holder = await newCustomer(t, 'stockholder');
    const buyer = await newCustomer(t, 'cartbuyer');
    expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: holder.token, payload: { bookId: IDS.munaMadan, quantity: 1 } })).statusCode).toBe(200);
    const { orderId } = (await t.call({ method: 'POST', url: '/api/order/place', token: holder.token })).json().data as { orderId: string };
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    let taken!: () => void;
    const stockTaken = new Promise<void>((done) => (taken = done));
    // A handover's transaction, paused after its stock take (the book's row locked until it ends).
    let watching = true;
    const handover = runTransaction(t.server.database.db, async (tx) => {
      await takeStock(tx, orderId);
      taken();
      await released;
    });
    try {
      await stockTaken;
      const added = t.call({ method: 'POST', url: '/api/addToCart/add', token: buyer.token, payload: { bookId: IDS.munaMadan, quantity: 1 } });
      // Either the answer comes, or a session is seen waiting for the handover's lock (what FOR UPDATE did).
      const waiting = (async () => {
        while (watching) {
          const { n } = (await query(database.url, "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()"))[0];
          if (n > 0) return 'waited for the handover' as const;
          await new Promise((done) => setTimeout(done, 20));
        }
        return 'stopped watching' as const;
      })();
      const first = await Promise.race([added.then((reply) => reply.statusCode), waiting]);
      expect(first).toBe(200);
      const placed = t.call({ method: 'POST', url: '/api/order/place', token: buyer.token });
      expect(await Promise.race([placed.then((reply) => reply.statusCode), waiting])).toBe(200);
    } finally {
      watching = false;
      release();
      await handover;
    }
  });
});
