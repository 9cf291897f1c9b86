// The sales report reads figures kept per day of the shop's time zone (migration 0019: triggers
// in the writing transaction), not the range's orders. The proof: after any mix of orders
// placed, readied, handed over at any hour, cancelled by the customer or the shop, expired,
// completed the way orders were before the history (no timed handover), customers removed with
// their orders, books deleted or moved to another genre, and the shop's time zone changed (the
// figures counted again at start), the report of any range and any number of best sellers is
// the report worked out from the orders themselves (sales-oracle.ts, the statement the report
// ran before), to the paisa, the writes spread over a day's shards (0022) as several sessions'
// are, and the books the report keeps in memory read again after every write. On PGlite and on
// PostgreSQL.
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepSalesDaysIn } from '../src/modules/reports/index.js';
import { reportRange, salesReport } from '../src/modules/reports/rules.js';
import { IDS, sharedTestServer, type TestServer } from './helpers.js';
import { mixCast, placeMixOrder, stepMixOrder } from './order-mix.js';
import { NOW } from './seeded-dump.js';
import { salesReportFromOrders } from './sales-oracle.js';

const shared = sharedTestServer();
let t: TestServer;
beforeEach(() => {
  t = shared();
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
type Step =
  | { kind: 'place'; customer: number; books: { book: number; copies: number }[] }
  | { kind: 'verify'; order: number; hours: number }
  | { kind: 'ready' | 'cancel' | 'shopCancel' | 'completeUnrecorded'; order: number }
  | { kind: 'expire' }
  | { kind: 'remove'; customer: number }
  | { kind: 'deleteBook'; book: number }
  | { kind: 'genre'; book: number; genre: number }
  | { kind: 'zone'; zone: number };
/** Which shard of the day's figures the action's writes go to (0022: one per database session). */
type Action = Step & { shard?: number };
const SHARDS = 3;

const ON_SALE = [IDS.munaMadan, IDS.karnaliBlues, IDS.hobbit, IDS.sapiens];
/** Books with orders in the seed (and, for the first, in these runs): deleting them makes their sales "Unknown". */
const DELETABLE = ['0f0e0000-0000-4000-8000-000000000010', '0f0e0000-0000-4000-8000-000000000011', IDS.hillHouse, IDS.hobbit];
const GENRES = ['Fiction', 'Mystery', 'Unknown'];
/** Kathmandu (+05:45), one behind UTC, one ahead of it by more than half a day. */
const ZONES = ['Asia/Kathmandu', 'America/Los_Angeles', 'Pacific/Kiritimati'];
const CUSTOMERS = 3;

const actions = fc.array(
  fc.tuple(fc.oneof(
    { weight: 4, arbitrary: fc.record({
        kind: fc.constant('place' as const),
        customer: fc.nat(CUSTOMERS - 1),
        // Five copies or more take a cart discount, spread over the lines to the paisa.
        books: fc.array(fc.record({ book: fc.nat(ON_SALE.length - 1), copies: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 3 }),
      }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('verify' as const), order: fc.nat(20), hours: fc.nat(40) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('ready' as const, 'cancel' as const, 'shopCancel' as const, 'completeUnrecorded' as const), order: fc.nat(20) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), customer: fc.nat(CUSTOMERS - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteBook' as const), book: fc.nat(DELETABLE.length - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('genre' as const), book: fc.nat(ON_SALE.length - 1), genre: fc.nat(GENRES.length - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('zone' as const), zone: fc.nat(ZONES.length - 1) }) },
  ), fc.nat(SHARDS - 1)).map(([action, shard]): Action => ({ ...action, shard })),
  { minLength: 1, maxLength: 14 },
);

/** A range of days around the runs' sales (which start at NOW and move on by up to weeks), and a number of best sellers. */
const ranges = fc.array(fc.record({ start: fc.integer({ min: -400, max: 40 }), days: fc.integer({ min: 1, max: 366 }), books: fc.integer({ min: 1, max: 6 }) }), { minLength: 2, maxLength: 4 });

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('the sales figures kept per day', () => {
  it('answer the report worked out from the orders after any mix of sales, cancellations, expiries, deletions, genre and time zone changes', async () => {
    let run = 0;
    // What the ranges held, over the runs: a property over empty reports would prove nothing.
    const seen = { sales: 0, otherBooks: 0, unknownGenre: 0, unrecorded: 0, daysOverShards: 0, takenOutElsewhere: 0 };
    await fc.assert(
      fc.asyncProperty(actions, ranges, async (mix, asked) => {
        await t.reset();
        await sql`select set_config('pustak.sales_shard', '', false)`.execute(t.server.database.db);
        run += 1;
        const db = t.server.database.db;
        let zone = t.server.services.shop.timeZone;
        const check = async (ranges = [...asked, { start: -365, days: 366, books: 100 }]) => {
          for (const { start, days, books } of ranges) {
            const from = Date.parse(NOW) + start * DAY;
            const range = reportRange(isoDay(from), isoDay(from + (days - 1) * DAY), zone);
            const kept = await salesReport(db, range, books);
            expect(kept, `${range.from}..${range.to} in ${zone}, ${books} books`).toEqual(await salesReportFromOrders(db, range, books));
            seen.sales += Number(kept.orders > 0);
            seen.otherBooks += Number(kept.otherBooks.books > 0);
            seen.unknownGenre += Number(kept.byGenre.some((g) => g.genre === 'Unknown'));
            seen.unrecorded += Number(kept.byStaff.some((s) => s.username === null));
          }
        };
        await check();
        const { customers, orders, removed, orderAt, counter, signedIn, login, forget } = await mixCast(t, `sales${run}`, CUSTOMERS);
        for (const action of mix) {
          // The writes of this action land in its shard: as another database session's would
          // (on PostgreSQL the pool's sessions spread them further).
          await sql`select set_config('pustak.sales_shard', ${String(action.shard ?? 0)}, false)`.execute(db);
          const [staff, admin] = await counter();
          const order = 'order' in action ? orderAt(action.order) : undefined;
          let reply;
          if (('customer' in action && removed.has(action.customer)) || (order && removed.has(order.customer))) continue;
          if (action.kind === 'place') {
            const lines = action.books.map(({ book, copies }) => ({ bookId: ON_SALE[book]!, quantity: copies }));
            const placed = await placeMixOrder(t, await login(action.customer), action.customer, lines);
            reply = placed.reply;
            if (placed.order) orders.push(placed.order);
          } else if (action.kind === 'expire') {
            t.clock.advance(8 * DAY);
            forget();
          } else if (action.kind === 'remove') {
            // An operator removes a customer in the database; their orders go with them.
            await sql`delete from users where id = ${customers[action.customer]!.id}`.execute(db);
            removed.add(action.customer);
          } else if (action.kind === 'deleteBook') {
            reply = await t.call({ method: 'DELETE', url: `/api/bookcrud/deletebook/${DELETABLE[action.book]}`, token: admin });
          } else if (action.kind === 'genre') {
            await sql`update books set genre = ${GENRES[action.genre]} where id = ${ON_SALE[action.book]}`.execute(db);
          } else if (action.kind === 'zone') {
            // The server started again with another SHOP_TIME_ZONE.
            zone = ZONES[action.zone]!;
            await keepSalesDaysIn(db, zone);
          } else if (action.kind === 'completeUnrecorded') {
            // As an order was completed before the server kept a history: no timed handover.
            if (order) await sql`update orders set status = 'Completed' where id = ${order.id} and status in ('Pending', 'Ready')`.execute(db);
          } else if (order) {
            if (action.kind === 'verify') {
              t.clock.advance(action.hours * HOUR);
              forget();
            }
            const by = action.kind === 'cancel' ? await login(order.customer) : action.kind === 'shopCancel' ? admin : action.kind === 'verify' ? await signedIn(action.hours % 2 ? 'admin' : 'staff') : staff;
            reply = await stepMixOrder(t, action.kind, order, by);
          }
          // Refusals (an order in the wrong status, a book gone) are fine; a 5xx is not.
          if (reply) expect(reply.statusCode, reply.body).toBeLessThan(500);
          // The books kept in memory (sales-books.ts) are read at their versions after every write.
          await check([asked[0]!, { start: -365, days: 366, books: asked[0]!.books }]);
          const [shards] = (await sql<{ days: number; negative: number }>`
            select (select count(*) from (select day from sales_days group by day having count(*) > 1) d)::int as days,
              (select count(*) from sales_days where orders < 0)::int as negative`.execute(db)).rows;
          seen.daysOverShards += shards!.days;
          seen.takenOutElsewhere += shards!.negative;
        }
        await check();
      }),
      {
        numRuns: 12,
        // Every path once, whatever the random runs draw: a cart discount spread over two lines,
        // handovers on two days by two people, two completed without a timed handover, a genre
        // change, a book deleted, and the customer of the first order completed without a handover removed,
        // last (the zone's recount would hide a path not taken out); handovers counted in shards 1
        // and 2 and an order taken out in another shard than it was counted in.
        examples: [[
          [
            { kind: 'zone', zone: 1 },
            { kind: 'place', customer: 0, books: [{ book: 0, copies: 2 }, { book: 1, copies: 3 }] },
            { kind: 'verify', order: 0, hours: 5, shard: 1 },
            { kind: 'place', customer: 1, books: [{ book: 2, copies: 1 }] },
            { kind: 'completeUnrecorded', order: 1 },
            { kind: 'place', customer: 2, books: [{ book: 1, copies: 1 }, { book: 3, copies: 4 }] },
            { kind: 'verify', order: 2, hours: 30, shard: 2 },
            { kind: 'genre', book: 1, genre: 1 },
            { kind: 'deleteBook', book: 3 },
            { kind: 'place', customer: 2, books: [{ book: 0, copies: 1 }] },
            { kind: 'completeUnrecorded', order: 3 },
            { kind: 'remove', customer: 1, shard: 1 },
            { kind: 'place', customer: 0, books: [{ book: 0, copies: 1 }] },
            { kind: 'verify', order: 4, hours: 1, shard: 1 },
            { kind: 'remove', customer: 0, shard: 2 },
          ],
          [{ start: 0, days: 3, books: 1 }, { start: -1, days: 1, books: 2 }],
        ]],
      },
    );
    expect(Object.values(seen).every((n) => n > 0), JSON.stringify(seen)).toBe(true);
  }, 300_000);
});
