// PGlite has no autovacuum; the server does its work (ops/pglite-maintenance.ts): a shop that
// a bulk load left unvacuumed is brought up to date before the server serves it, and tables
// the shop's writes changed enough are vacuumed on a timer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { startTableMaintenance } from '../src/ops/pglite-maintenance.js';
import { createPustakServer, ephemeralSecret } from '../src/server.js';
import type { Db } from '../src/shared/context.js';
import { startTestServer, testContract } from './helpers.js';

const quiet = { info() {}, warn() {}, error: (message: string) => console.error(message) };
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
});

const visibility = async (db: Db) => {
  const { rows } = await sql<{ reltuples: number; relpages: number; relallvisible: number }>`select reltuples, relpages, relallvisible from pg_class where relname = 'books'`.execute(db);
  return rows[0]!;
};

describe('PGlite table maintenance', () => {
  it('vacuums and analyzes the catalogue a bulk load left, before serving: a deep page visits no table rows', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pustak-maintenance-'));
    folders.push(dataDir);
    const loaded = await openDatabase({ kind: 'pglite', dataDir });
    await sql`insert into books (id, title, author, genre, isbn, description, publisher, publication_date, price_paisa, quantity, language,
        discount_bp, format, is_on_sale, available_in_library, award_winners, image_path, created_at)
      select gen_random_uuid(), 'Loaded ' || g, 'Author ' || (g % 50), 'Fiction', 'ISBN-LOAD-' || g, 'A loaded book.', 'Load Press', '2020-01-01',
        10000, 5, 'English', 0, 'Paperback', false, true, false, '/covers/muna-madan.svg', timestamptz '2025-01-01' - (g || ' minutes')::interval
      from generate_series(1, 8000) g`.execute(loaded.db);
    expect((await visibility(loaded.db)).relallvisible).toBe(0);
    await loaded.close();

    const server = await createPustakServer({ database: { kind: 'pglite', dataDir }, jwtSecret: ephemeralSecret(), contract: await testContract(), log: quiet, rateLimits: false });
    try {
      const db = server.database.db;
      const after = await visibility(db);
      expect(after.reltuples).toBe(8000);
      expect(after.relallvisible).toBe(after.relpages);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off, timing off) select id from books order by created_at desc, id limit 8 offset 7000`.execute(db);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Only Scan');
      expect(plan).toContain('Heap Fetches: 0');
    } finally {
      await server.close();
    }
  });

  it('vacuums a table the shop rewrote past autovacuum thresholds, on its timer', async () => {
    const t = await startTestServer();
    try {
      const db = t.server.database.db;
      for (let i = 0; i < 40; i += 1) await sql`update books set quantity = quantity + 1`.execute(db);
      const maintenance = startTableMaintenance(db, quiet, 20);
      try {
        const deadline = Date.now() + 20_000;
        let last: Date | null = null;
        while (!last && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const { rows } = await sql<{ last: Date | null }>`select last_vacuum as last from pg_stat_user_tables where relname = 'books'`.execute(db);
          last = rows[0]!.last;
        }
        expect(last).not.toBeNull();
      } finally {
        maintenance.stop();
      }
    } finally {
      await t.close();
    }
  });
});
