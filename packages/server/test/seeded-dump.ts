// The example data every test server starts from, as a PGlite data directory tarball. No
// Vitest import here: the global setup (tests/setup/pglite-seed.ts) builds it before any test.
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { seedExampleData } from '../src/demo/seed.js';
import { loadContract } from '../src/http/contract.js';
import { keepSalesDaysIn } from '../src/modules/reports/index.js';
import { DEFAULT_SHOP } from '../src/shared/shop.js';

/** The test servers' "now": the seed's dates (sales, orders, codes) are relative to it. */
export const NOW = '2026-11-23T10:00:00Z';

/** A migrated database with the example data, seeded as of NOW. */
export async function buildSeededDump(): Promise<Blob> {
  const db = await openDatabase({ kind: 'pglite' });
  try {
    await seedExampleData(db.db, await loadContract(), new Date(NOW));
    await keepSeedCopy(db.db);
    return (await db.dump())!;
  } finally {
    await db.close();
  }
}

// A copy of the seeded rows inside the seeded database itself (schema `test_seed`, which the
// server never reads), so a test server can go back to them between tests without starting
// again: restoring is a few milliseconds, a new server ~0.65 CPU-s (PGlite's data directory
// loaded, the app built) or a new PostgreSQL database.
const COPY = 'test_seed';

interface AppTable {
  name: string;
  /** Every column but the generated ones (PostgreSQL computes those). */
  columns: string[];
}

/** The app's tables (not Kysely's migration bookkeeping) and their columns. */
export async function appTables(db: Kysely<any>): Promise<AppTable[]> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      and c.table_name not like 'kysely\\_%'
    order by c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** Copies every app table's rows into the schema `test_seed` (the sales figures counted in the default zone first). */
export async function keepSeedCopy(db: Kysely<any>): Promise<void> {
  await keepSalesDaysIn(db, DEFAULT_SHOP.timeZone);
  await sql`create schema ${sql.id(COPY)}`.execute(db);
  for (const { name } of await appTables(db)) {
    await sql`create table ${sql.id(COPY, name)} as table ${sql.id('public', name)}`.execute(db);
  }
}

export interface SeedLayout {
  tables: AppTable[];
  /** The database holds the copy (an empty server's does not). */
  seeded: boolean;
}

/** What restoreSeedCopy needs to know of a database: read once per server. */
export async function seedLayout(db: Kysely<any>): Promise<SeedLayout> {
  const { rows } = await sql`select 1 from information_schema.schemata where schema_name = ${COPY}`.execute(db);
  return { tables: await appTables(db), seeded: rows.length > 0 };
}

/**
 * Puts every app table back to the copy's rows in one transaction: all emptied, then refilled
 * (foreign keys are not checked while refilling: the copy was consistent). A database without
 * the copy (an empty server) is left with empty tables.
 */
export async function restoreSeedCopy(db: Kysely<any>, { tables, seeded }: SeedLayout): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`truncate table ${sql.join(tables.map((t) => sql.id('public', t.name)))}`.execute(trx);
    if (!seeded) return;
    for (const { name, columns } of tables) {
      const list = sql.join(columns.map((c) => sql.id(c)));
      await sql`insert into ${sql.id('public', name)} (${list}) select ${list} from ${sql.id(COPY, name)}`.execute(trx);
    }
  });
}
