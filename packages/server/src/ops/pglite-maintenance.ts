// PGlite has no autovacuum. Nothing marks a table's pages all-visible (an index-only scan,
// such as a catalogue page's, then visits the table for every row), removes the dead rows that
// updates leave (every placed order rewrites its books' stock) or refreshes the statistics the
// planner chooses its plans by. On PGlite the server does autovacuum's work itself, by its
// default thresholds: at start for a table never vacuumed or last vacuumed with most of its
// pages not all-visible (a bulk load: what pg_class keeps across restarts; PGlite's activity
// counters start again at zero), before serving; then every few minutes for the tables that
// the writes since have changed enough, off the request path. A VACUUM holds PGlite's one
// connection for its while, as any statement does; small tables are left alone at start (the
// demo's, the tests').
import { sql } from 'kysely';
import type { Db } from '../shared/context.js';

export const MAINTENANCE_EVERY_MS = 5 * 60_000;
/** Below this a table is read whole faster than its statistics could help: 1 MB. */
const SMALL_TABLE_BYTES = 1024 * 1024;

/** The tables due a VACUUM (ANALYZE): `atStart`, those a bulk load left; otherwise those the writes since start changed past autovacuum's thresholds. */
export async function tablesDue(db: Db, atStart: boolean): Promise<string[]> {
  const stale = atStart
    ? sql`pg_relation_size(c.oid) >= ${SMALL_TABLE_BYTES} and (c.reltuples < 0 or c.relallvisible < c.relpages / 2)`
    : sql`coalesce(s.n_dead_tup, 0) > 50 + 0.2 * greatest(c.reltuples, 0)
        or coalesce(s.n_ins_since_vacuum, 0) > 1000 + 0.2 * greatest(c.reltuples, 0)
        or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0)`;
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and (${stale}) order by c.relname`.execute(db);
  return rows.map((row) => row.name);
}

/** Vacuums and analyzes the tables due; answers their names. */
export async function maintainTables(db: Db, atStart: boolean): Promise<string[]> {
  const due = await tablesDue(db, atStart);
  for (const table of due) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  return due;
}

/** Every `intervalMs` until stopped; a failed round (the database closing) waits for the next. */
export function startTableMaintenance(db: Db, log: { warn(message: string): void }, intervalMs = MAINTENANCE_EVERY_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintainTables(db, false)
      .catch((error: unknown) => log.warn(`Table maintenance failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
