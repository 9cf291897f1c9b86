// The bench's seed (bench-seed.mjs) writes consistent rows in a few set-based statements; through
// the dashboard's kept totals (migration 0017: a trigger per inserted row of books, users and
// orders) it took four times as long. Here it runs with triggers and foreign-key checks off,
// in one session, and the totals are counted once at the end, as the scale seed does.

/**
 * Runs `seed(db)` on one session of `pool` with triggers off, then recounts the kept totals.
 * @param {import('kysely').Kysely<any>} pool
 * @param {typeof import('kysely').sql} sql
 * @param {(db: import('kysely').Kysely<any>) => Promise<void>} seed
 */
export async function seedUntriggered(pool, sql, seed) {
  await pool.connection().execute(async (db) => {
    await sql`set session_replication_role = replica`.execute(db);
    try {
      await seed(db);
    } finally {
      await sql`reset session_replication_role`.execute(db);
    }
    const { rows: [totals] } = await sql`select to_regproc('shop_totals_recount') is not null as kept`.execute(db);
    if (totals.kept) await sql`select shop_totals_recount()`.execute(db);
  });
}
