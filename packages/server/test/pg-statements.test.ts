// On PostgreSQL, statements with values run as named prepared statements (db/database.ts,
// db/statement-names.ts): parsed and planned once per connection. What a caller sees must be
// what a statement planned afresh each time would answer, also after a table changed its
// columns under a prepared statement, in this instance or in another (a rolling migration).
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../src/db/database.js';
import { runTransaction } from '../src/shared/context.js';
import { freshPostgresDatabase } from './helpers.js';

let database: { url: string; drop(): Promise<void> };
let other: pg.Client;
const opened: OpenDatabase[] = [];
beforeAll(async () => {
  database = await freshPostgresDatabase(true);
  other = new pg.Client({ connectionString: database.url });
  await other.connect();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});
afterAll(async () => {
  await other?.end();
  await database?.drop();
});
beforeEach(async () => {
  await other.query('drop table if exists shelf');
  await other.query('create table shelf (id int primary key, title text not null)');
  await other.query("insert into shelf values (1, 'Muna Madan'), (2, 'Shirish ko Phool'), (3, 'Palpasa Cafe')");
});

/** One connection, so pg_prepared_statements is the session's that ran the statements. */
async function oneConnection(preparedStatements?: boolean) {
  const opened1 = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1, preparedStatements });
  opened.push(opened1);
  return opened1.db;
}

/** The session's prepared statements that read the shelf, and how often each ran. */
async function preparedShelfReads(db: OpenDatabase['db']) {
  const { rows } = await sql<{ statement: string; runs: number }>`select statement, (generic_plans + custom_plans)::int as runs
    from pg_prepared_statements where statement like ${'%from shelf%'} order by statement`.execute(db);
  return rows;
}

describe('PostgreSQL statements with values', () => {
  it('are prepared once per connection and then run by name', async () => {
    const db = await oneConnection();
    for (const id of [1, 2, 3]) {
      const { rows } = await sql<{ title: string }>`select title from shelf where id = ${id}`.execute(db);
      expect(rows).toHaveLength(1);
    }
    expect(await preparedShelfReads(db)).toEqual([{ statement: 'select title from shelf where id = $1', runs: 3 }]);
  });

  it('are not prepared with DATABASE_PREPARED_STATEMENTS=off (a pooler in transaction mode)', async () => {
    const db = await oneConnection(false);
    const { rows } = await sql<{ title: string }>`select title from shelf where id = ${2}`.execute(db);
    expect(rows).toEqual([{ title: 'Shirish ko Phool' }]);
    expect(await preparedShelfReads(db)).toEqual([]);
  });

  it('leave a pattern search unprepared: it is planned for its pattern each time', async () => {
    const db = await oneConnection();
    const { rows } = await sql<{ title: string }>`select title from shelf where title ilike ${'%cafe%'}`.execute(db);
    expect(rows).toEqual([{ title: 'Palpasa Cafe' }]);
    expect(await preparedShelfReads(db)).toEqual([]);
  });

  it('answer with the new column after another instance added one to the table', async () => {
    const db = await oneConnection();
    const read = () => sql<Record<string, unknown>>`select * from shelf where id = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, title: 'Muna Madan' }]);
    await other.query('alter table shelf add column copies int not null default 3');
    expect((await read()).rows).toEqual([{ id: 1, title: 'Muna Madan', copies: 3 }]);
  });

  it('answer with the new column in a transaction after another instance added one to the table (the transaction runs again)', async () => {
    const db = await oneConnection();
    const read = (tx: OpenDatabase['db']) => sql<Record<string, unknown>>`select * from shelf where id = ${2}`.execute(tx);
    expect((await read(db)).rows).toEqual([{ id: 2, title: 'Shirish ko Phool' }]);
    await other.query('alter table shelf add column copies int not null default 4');
    let tries = 0;
    const rows = await runTransaction(db, async (tx) => {
      tries += 1;
      return (await read(tx)).rows;
    });
    expect(rows).toEqual([{ id: 2, title: 'Shirish ko Phool', copies: 4 }]);
    expect(tries).toBe(2);
  });

  it("fail with PostgreSQL's error (a unique violation), and the same statement then runs", async () => {
    const db = await oneConnection();
    const shelve = (id: number) => sql`insert into shelf (id, title) values (${id}, ${'Seto Dharti'})`.execute(db);
    await shelve(4);
    const error = (await shelve(4).catch((e: unknown) => e)) as Error & { code?: string };
    expect(error.code).toBe('23505');
    await shelve(5);
    const { rows } = await sql<{ id: number }>`select id from shelf where title = ${'Seto Dharti'} order by id`.execute(db);
    expect(rows).toEqual([{ id: 4 }, { id: 5 }]);
    expect(await preparedShelfReads(db)).toEqual([{ statement: 'select id from shelf where title = $1 order by id', runs: 1 }]);
  });

  it('answer with the new column after the table gained one in the same transaction (a migration)', async () => {
    const db = await oneConnection();
    const read = (tx: OpenDatabase['db']) => sql<Record<string, unknown>>`select * from shelf where id = ${3}`.execute(tx);
    const both = await db.transaction().execute(async (tx) => {
      const before = (await read(tx)).rows;
      await sql`alter table shelf add column copies int not null default 2`.execute(tx);
      return [before, (await read(tx)).rows];
    });
    expect(both).toEqual([[{ id: 3, title: 'Palpasa Cafe' }], [{ id: 3, title: 'Palpasa Cafe', copies: 2 }]]);
  });
});
