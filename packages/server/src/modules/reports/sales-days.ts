// The sales figures kept per day (migration 0019) are counted in the shop's time zone, which the
// server is given at start: when it is not the zone they were counted in (or they never were),
// they are counted again from the orders before the server answers.
import { sql } from 'kysely';
import { runTransaction, type Db } from '../../shared/context.js';

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
