// The dashboard's totals are kept as the rows change (migration 0017: triggers, in shards), not
// counted per look. The proof: after any mix of orders placed, readied, handed over, cancelled
// by the customer or the shop, expired, customers promoted to staff and back, books deleted and
// customers removed by an operator (their orders with them), GET /dashboard/all's totals are a
// recount of the rows themselves, the revenue to the paisa, and so is each genre's count (the
// catalogue's genre filter). On PGlite and on PostgreSQL.
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { IDS, sharedTestServer, type TestServer } from './helpers.js';
import { mixCast, placeMixOrder, stepMixOrder } from './order-mix.js';

const shared = sharedTestServer();
let t: TestServer;
beforeEach(() => {
  t = shared();
});

const DAY = 86_400_000;
type Action =
  | { kind: 'place'; customer: number; books: number[] }
  | { kind: 'ready' | 'verify' | 'cancel' | 'shopCancel'; order: number }
  | { kind: 'expire' }
  | { kind: 'promote' | 'demote' | 'remove'; customer: number }
  | { kind: 'deleteBook'; book: number };

/** Books with stock enough for every case; the ones deleted are others, with orders in the seed. */
const ON_SALE = [IDS.munaMadan, IDS.karnaliBlues, IDS.hobbit, IDS.sapiens];
const DELETABLE = ['0f0e0000-0000-4000-8000-000000000010', '0f0e0000-0000-4000-8000-000000000011', IDS.hillHouse];
const CUSTOMERS = 3;

const actions = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('place' as const), customer: fc.nat(CUSTOMERS - 1), books: fc.array(fc.nat(ON_SALE.length - 1), { minLength: 1, maxLength: 3 }) }) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constantFrom('ready' as const, 'verify' as const, 'cancel' as const, 'shopCancel' as const), order: fc.nat(20) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('promote' as const, 'demote' as const, 'remove' as const), customer: fc.nat(CUSTOMERS - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteBook' as const), book: fc.nat(DELETABLE.length - 1) }) },
  ),
  { minLength: 1, maxLength: 14 },
);

async function recount() {
  const { rows } = await sql<{ books: string; customers: string; orders: string; revenue: string }>`
    select (select count(*) from books) as books, (select count(*) from users where role = 'User') as customers,
      (select count(*) from orders) as orders, (select coalesce(sum(final_total_paisa), 0) from orders where status = 'Completed') as revenue`.execute(t.server.database.db);
  const row = rows[0]!;
  return { totalBooks: Number(row.books), totalCustomers: Number(row.customers), totalOrders: Number(row.orders), revenuePaisa: Number(row.revenue) };
}

async function dashboardTotals() {
  const reply = await t.call({ method: 'GET', url: '/api/dashboard/all', token: await t.login('admin') });
  expect(reply.statusCode, reply.body).toBe(200);
  const { totalBooks, totalCustomers, totalOrders, totalRevenue } = reply.json();
  // Two decimals on the wire: the rupees times 100 are the paisa, exactly.
  return { totalBooks, totalCustomers, totalOrders, revenuePaisa: Math.round(totalRevenue * 100) };
}

const GENRES = ['Fiction', 'Non-Fiction', 'Science', 'History', 'Biography', 'Fantasy', 'Mystery', 'Romance', 'Horror'];

/** Each genre's count, as the catalogue's genre filter answers it (its total). */
async function genreTotals() {
  const totals: Record<string, number> = {};
  for (const genre of GENRES) {
    const reply = await t.call({ method: 'GET', url: `/api/book/all?page=1&pageSize=1&genre=${genre}` });
    expect(reply.statusCode, reply.body).toBe(200);
    totals[genre] = reply.json().pagination.totalItems;
  }
  return totals;
}

async function genreRecount() {
  const { rows } = await sql<{ genre: string; n: string }>`select lower(genre) as genre, count(*) as n from books group by 1`.execute(t.server.database.db);
  return Object.fromEntries(GENRES.map((genre) => [genre, Number(rows.find((row) => row.genre === genre.toLowerCase())?.n ?? 0)]));
}

describe('the dashboard totals', () => {
  it('are a recount of the rows after any mix of orders, handovers, cancellations, expiries, role changes and deletions', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(actions, async (mix) => {
        await t.reset();
        run += 1;
        expect(await dashboardTotals()).toEqual(await recount());
        const { customers, orders, removed, orderAt, counter, login, forget } = await mixCast(t, `totals${run}`, CUSTOMERS);
        for (const action of mix) {
          const [staff, admin] = await counter();
          const order = 'order' in action ? orderAt(action.order) : undefined;
          let reply;
          if (('customer' in action && removed.has(action.customer)) || (action.kind === 'cancel' && order && removed.has(order.customer))) continue;
          if (action.kind === 'place') {
            const placed = await placeMixOrder(t, await login(action.customer), action.customer, action.books.map((book) => ({ bookId: ON_SALE[book]!, quantity: 1 })));
            reply = placed.reply;
            if (placed.order) orders.push(placed.order);
          } else if (action.kind === 'expire') {
            t.clock.advance(8 * DAY);
            forget();
          } else if (action.kind === 'promote' || action.kind === 'demote') {
            const role = action.kind === 'promote' ? 'Staff' : 'User';
            reply = await t.call({ method: 'PUT', url: `/api/user/updaterole/${customers[action.customer]!.id}`, token: admin, payload: JSON.stringify(role), headers: { 'content-type': 'application/json' } });
          } else if (action.kind === 'remove') {
            // No call removes a customer: an operator does, in the database; their orders go with them.
            await sql`delete from users where id = ${customers[action.customer]!.id}`.execute(t.server.database.db);
            removed.add(action.customer);
          } else if (action.kind === 'deleteBook') {
            reply = await t.call({ method: 'DELETE', url: `/api/bookcrud/deletebook/${DELETABLE[action.book]}`, token: admin });
          } else if (order) {
            reply = await stepMixOrder(t, action.kind, order, action.kind === 'cancel' ? await login(order.customer) : action.kind === 'shopCancel' ? admin : staff);
          }
          // Refusals (an order in the wrong status, a customer removed, a book gone) are fine; a 5xx is not.
          if (reply) expect(reply.statusCode, reply.body).toBeLessThan(500);
          expect(await dashboardTotals()).toEqual(await recount());
        }
        expect(await genreTotals()).toEqual(await genreRecount());
      }),
      { numRuns: 10 },
    );
  }, 300_000);
});
