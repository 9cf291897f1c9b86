// PGlite runs statements with values as named prepared statements (db/pglite-dialect.ts): what
// a caller sees must be what a statement planned afresh each time would answer.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { shelfDatabase } from './helpers.js';
import { isUniqueViolation } from '../src/shared/context.js';

const shelf = shelfDatabase();

describe('PGlite statements with values', () => {
  it('answers a statement again, with the new column, after its table gained one', async () => {
    const { db } = shelf();
    await sql`insert into shelf (id, title) values (${1}, ${'Muna Madan'})`.execute(db);
    const read = () => sql<Record<string, unknown>>`select * from shelf where id = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, title: 'Muna Madan' }]);
    await sql`alter table shelf add column copies int not null default 3`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, title: 'Muna Madan', copies: 3 }]);
  });

  it('answers a statement again, with the new column, after its table gained one in the same transaction (a migration)', async () => {
    const { db } = shelf();
    const titles = await db.transaction().execute(async (tx) => {
      await sql`insert into shelf (id, title) values (${1}, ${'Shirish ko Phool'})`.execute(tx);
      const read = () => sql<Record<string, unknown>>`select * from shelf where id = ${1}`.execute(tx);
      const before = (await read()).rows;
      await sql`alter table shelf add column copies int not null default 2`.execute(tx);
      return [before, (await read()).rows];
    });
    expect(titles).toEqual([[{ id: 1, title: 'Shirish ko Phool' }], [{ id: 1, title: 'Shirish ko Phool', copies: 2 }]]);
  });

  it('answers each of more different statements than it keeps, and the first ones again', async () => {
    const { db } = shelf();
    for (let id = 1; id <= 3; id += 1) await sql`insert into shelf (id, title) values (${id}, ${`Book ${id}`})`.execute(db);
    const read = (n: number) => sql<{ title: string; n: number }>`select title, ${n}::int as n from shelf where id = ${1 + (n % 3)} ${sql.raw(`/* ${n} */`)}`.execute(db);
    for (let n = 0; n < 600; n += 1) expect((await read(n)).rows).toEqual([{ title: `Book ${1 + (n % 3)}`, n }]);
    expect((await read(0)).rows).toEqual([{ title: 'Book 1', n: 0 }]);
  });

  it('gives a failing statement its error (a unique violation), and the same statement then runs', async () => {
    const { db } = shelf();
    const insert = (id: number) => sql`insert into shelf (id, title) values (${id}, ${'Palpasa Cafe'})`.execute(db);
    await insert(1);
    const error = await insert(1).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    await insert(2);
    const { rows } = await sql<{ id: number }>`select id from shelf where title = ${'Palpasa Cafe'} order by id`.execute(db);
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('rolls a transaction back with its statements, and answers their counts of rows', async () => {
    const { db } = shelf();
    await db.transaction().execute(async (tx) => {
      await sql`insert into shelf (id, title) values (${1}, ${'Seto Dharti'})`.execute(tx);
    });
    await expect(db.transaction().execute(async (tx) => {
      await sql`insert into shelf (id, title) values (${2}, ${'Seto Dharti'})`.execute(tx);
      await sql`insert into shelf (id, title) values (${1}, ${'Seto Dharti'})`.execute(tx);
    })).rejects.toThrow(/duplicate key/);
    const updated = await sql`update shelf set title = ${'Karnali Blues'} where id > ${0}`.execute(db);
    expect(updated.numAffectedRows).toBe(1n);
  });
});
