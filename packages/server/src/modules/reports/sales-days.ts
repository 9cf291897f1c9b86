// The sales figures kept per day (migration 0019) are counted in the shop's time zone, which the
// server is given at start: when it is not the zone they were counted in (or they never were),
// they are counted again from the orders before the server answers.
import { sql } from 'kysely';
import { runTransaction, type Db } from '../../shared/context.js';
import { MAX_REPORT_DAYS, reportRange, salesReport } from './rules.js';

/**
 * Counts the figures again unless they are already in `timeZone`. The meta row is locked for
 * the check and the count, so of several instances starting together one counts and the
 * others find it done; the triggers keep the figures from then on.
 */
export async function keepSalesDaysIn(db: Db, timeZone: string): Promise<{ recounted: boolean }> {
  return runTransaction(db, async (tx) => {
    const { rows } = await sql<{ time_zone: string | null }>`select time_zone from sales_meta for update`.execute(tx);
    if (rows[0]?.time_zone === timeZone) return { recounted: false };
    await sql`select sales_recount(${timeZone})`.execute(tx);
    // The planner's row counts for the new rows (PGlite runs no autovacuum): without them it
    // hashes a month's books in batches on disk.
    await sql`analyze sales_counted, sales_days, sales_day_books, sales_day_genres, sales_day_staff`.execute(tx);
    return { recounted: true };
  });
}

const DAY_MS = 86_400_000;

/**
 * Reads the books of the last year's reports into memory (sales-books.ts) a month at a time,
 * newest first, each month its own short transaction (PGlite's one connection is not held for
 * the year), so the first year's report after a start does not load them. `stop` ends it after
 * the month being read.
 */
export function warmSalesBooks(db: Db, timeZone: string, now: Date): { done: Promise<void>; stop(): void } {
  let stopped = false;
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const day = (ms: number) => dayOf.format(ms);
  const done = (async () => {
    for (let back = 0; back < MAX_REPORT_DAYS && !stopped; back += 31) {
      const to = now.getTime() - back * DAY_MS;
      const from = now.getTime() - Math.min(back + 30, MAX_REPORT_DAYS - 1) * DAY_MS;
      await salesReport(db, reportRange(day(from), day(to), timeZone), 1);
    }
  })();
  return { done, stop: () => void (stopped = true) };
}
