// The example catalogue and demo accounts, put into an empty database at start (settings.seed)
// and again by the sandbox's reset.
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { OpenDatabase } from '../db/database.js';
import { isEmpty, seedExampleData } from '../demo/seed.js';
import type { Contract } from '../http/contract.js';

/** Advisory lock key taken while seeding an empty PostgreSQL database. */
const SEED_LOCK = 7_301_001;

/** Seeds the database when it is empty; does nothing when `enabled` is false. */
export function seeder(enabled: boolean, database: OpenDatabase, contract: Contract, clock: Clock): () => Promise<void> {
  return async () => {
    if (!enabled) return;
    if (database.kind !== 'postgres') {
      if (await isEmpty(database.db)) await seedExampleData(database.db, contract, clock.now());
      return;
    }
    // Several instances starting together on an empty database: one seeds, under a lock.
    await database.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(connection);
      try {
        if (await isEmpty(connection)) await seedExampleData(connection, contract, clock.now());
      } finally {
        await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection);
      }
    });
  };
}
