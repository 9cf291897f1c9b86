// The example data every test server starts from, as a PGlite data directory tarball. No
// Vitest import here: the global setup (tests/setup/pglite-seed.ts) builds it before any test.
import { openDatabase } from '../../packages/server/src/db/database.js';
import { seedExampleData } from '../../packages/server/src/db/seed.js';
import { loadContract } from '../../packages/server/src/http/contract.js';

/** The test servers' "now": the seed's dates (sales, orders, codes) are relative to it. */
export const NOW = '2026-11-23T10:00:00Z';

/** A migrated database with the example data, seeded as of NOW. */
export async function buildSeededDump(): Promise<Blob> {
  const db = await openDatabase({ kind: 'pglite' });
  try {
    await seedExampleData(db.db, await loadContract(), new Date(NOW));
    return (await db.dump())!;
  } finally {
    await db.close();
  }
}
