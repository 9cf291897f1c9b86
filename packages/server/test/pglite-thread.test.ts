// PGlite runs in a worker thread (db/pglite-thread.ts) and statements outside a transaction are
// sent without waiting for each other (db/pglite-dialect.ts): what a caller must still see is
// one session, with each transaction alone in it, and a server that goes on answering while a
// statement runs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { protocol } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { shelfDatabase } from './helpers.js';
import { isDatabaseUnavailable } from '../src/db/availability.js';
import { PgliteThread } from '../src/db/pglite-thread.js';

const shelf = shelfDatabase();

const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from shelf where id > ${0}`.execute(shelf().db)).rows[0]!.n);

describe('PGlite in a thread of its own', () => {
  it('keeps a statement sent while a transaction is open out of it: it waits, and sees the transaction only once committed', async () => {
    const { db } = shelf();
    let outside: Promise<number> | undefined;
    let countedBeforeCommit = false;
    let committed = false;
    await db.transaction().execute(async (tx) => {
      await sql`insert into shelf (id, title) values (${1}, ${'Muna Madan'})`.execute(tx);
      outside = count().then((n) => {
        countedBeforeCommit = !committed;
        return n;
      });
      // The transaction goes on after the outside statement was sent.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await sql`insert into shelf (id, title) values (${2}, ${'Seto Bagh'})`.execute(tx);
    });
    committed = true;
    expect(await outside).toBe(2);
    expect(countedBeforeCommit).toBe(false);
  });

  it('rolls back only the transaction: a statement sent meanwhile from outside neither joins it nor is lost', async () => {
    const { db } = shelf();
    let outside: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`insert into shelf (id, title) values (${1}, ${'Palpasa Cafe'})`.execute(tx);
        outside = sql`insert into shelf (id, title) values (${3}, ${'Karnali Blues'})`.execute(db);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('the customer went away');
      }),
    ).rejects.toThrow('the customer went away');
    await outside;
    const { rows } = await sql<{ id: number }>`select id from shelf order by id`.execute(db);
    expect(rows).toEqual([{ id: 3 }]);
  });

  it('runs transactions one after another, each alone', async () => {
    const { db } = shelf();
    await sql`insert into shelf (id, title) values (${1}, ${'0'})`.execute(db);
    // Each reads the title and writes it plus one: interleaved, two would read the same value.
    const bump = () =>
      db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ title: string }>`select title from shelf where id = ${1}`.execute(tx);
        await new Promise((resolve) => setTimeout(resolve, 1));
        await sql`update shelf set title = ${String(Number(rows[0]!.title) + 1)} where id = ${1}`.execute(tx);
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    const { rows } = await sql<{ title: string }>`select title from shelf where id = ${1}`.execute(db);
    expect(rows[0]!.title).toBe('20');
  });

  it('answers many statements sent at once, each its own rows, in any mix of prepared, pattern and plain', async () => {
    const { db } = shelf();
    await Promise.all(Array.from({ length: 50 }, (_, i) => sql`insert into shelf (id, title) values (${i + 1}, ${`Book ${i + 1}`})`.execute(db)));
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => {
        const id = (i % 50) + 1;
        if (i % 3 === 0) return sql<{ title: string }>`select title from shelf where id = ${id}`.execute(db).then((r) => r.rows[0]?.title);
        if (i % 3 === 1) return sql<{ title: string }>`select title from shelf where title like ${`Book ${id}`}`.execute(db).then((r) => r.rows[0]?.title);
        return sql<{ title: string }>`${sql.raw(`select title from shelf where id = ${id}`)}`.execute(db).then((r) => r.rows[0]?.title);
      }),
    );
    expect(answers).toEqual(Array.from({ length: 150 }, (_, i) => `Book ${(i % 50) + 1}`));
  });

  it('answers more different statements sent at once than it keeps prepared, each its own value', async () => {
    const { db } = shelf();
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, n) => sql<{ n: number }>`select ${n}::int as n ${sql.raw(`/* at once ${n} */`)}`.execute(db).then((r) => r.rows[0]!.n)),
    );
    expect(answers).toEqual(Array.from({ length: 600 }, (_, n) => n));
  });

  it('leaves the server’s thread free while a statement runs: a timer fires before a slow statement answers', async () => {
    const order: string[] = [];
    const slow = sql`select pg_sleep(0.4)`.execute(shelf().db).then(() => order.push('statement'));
    await new Promise((resolve) => setTimeout(resolve, 50)).then(() => order.push('timer'));
    await slow;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('counts as waiting (load shedding) the statements held up behind a slow one, not those in flight a moment', async () => {
    const database = shelf();
    const slow = sql`select pg_sleep(1.5)`.execute(database.db);
    const quick = Promise.all([1, 2, 3].map((n) => sql`${sql.raw(`select ${n}`)}`.execute(database.db)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(database.stats().waiting).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(database.stats().waiting).toBe(3);
    await Promise.all([slow, quick]);
    expect(database.stats().waiting).toBe(0);
  });

  it('counts the statements waiting behind a transaction as waiting only once they have waited 100 ms', async () => {
    const database = shelf();
    const counts: number[] = [];
    let outside: Promise<unknown> | undefined;
    await database.db.transaction().execute(async (tx) => {
      await sql`insert into shelf (id, title) values (${1}, ${'Basain'})`.execute(tx);
      outside = Promise.all([1, 2, 3].map((n) => sql`${sql.raw(`select ${n}`)}`.execute(database.db)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      counts.push(database.stats().waiting);
      await new Promise((resolve) => setTimeout(resolve, 300));
      counts.push(database.stats().waiting);
    });
    await outside;
    counts.push(database.stats().waiting);
    expect(counts).toEqual([0, 3, 0]);
  });

  it('gives a failed statement’s error to its caller only, the others sent with it answer', async () => {
    const { db } = shelf();
    await sql`insert into shelf (id, title) values (${1}, ${'Shirish ko Phool'})`.execute(db);
    const results = await Promise.allSettled([
      sql`insert into shelf (id, title) values (${1}, ${'again'})`.execute(db),
      count(),
      sql`select * from no_such_table where id = ${1}`.execute(db),
      count(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/duplicate key/);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
    expect((results[1] as PromiseFulfilledResult<number>).value).toBe(1);
  });
});

describe('PGlite’s thread, lost', () => {
  it('fails to open a data folder that is a file, with what PGlite said (not "[object Object]")', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pustak-not-a-folder-'));
    try {
      await writeFile(join(dir, 'db'), 'not a database');
      await expect(PgliteThread.open({ dataDir: join(dir, 'db'), conf: [] })).rejects.toThrow(/^PGlite: ErrnoError \(errno \d+\)$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the statements in flight and every later one, and says it is closed (the readiness check)', async () => {
    const thread = await PgliteThread.open({ conf: [] });
    try {
      const inFlight = thread.exec(protocol.serialize.query('select pg_sleep(2)'));
      // The worker ends as a crash would end it.
      await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      const failures = await Promise.all([inFlight, thread.exec(protocol.serialize.query('select 1'))].map((p) => p.catch((error: unknown) => error)));
      for (const failure of failures) {
        expect(String(failure)).toMatch(/thread ended/);
        // As a lost PostgreSQL connection: the contract's 503, not a 500.
        expect(isDatabaseUnavailable(failure)).toBe(true);
      }
      expect(thread.closed).toBe(true);
    } finally {
      await thread.close();
    }
  });
});
