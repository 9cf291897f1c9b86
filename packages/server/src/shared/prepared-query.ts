// A query Kysely builds and compiles once, then runs with each call's values, on the database or
// in a transaction. Kysely builds a query's tree of nodes, freezes it and compiles it to SQL on
// every call: for a book page by id or the caller's account, more CPU than the database took to
// answer (the festival mix's profile). Only the values change from call to call, and values travel
// apart from the SQL text. Both databases compile with Kysely's PostgreSQL compiler (PGlite's
// dialect too), so the SQL compiled on one serves the other.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * `build` receives a placeholder per argument and must use each only as a value (compared,
 * inserted), never as SQL text; the rows of `build`'s query come back for each call's arguments.
 */
export function preparedQuery<Row, Args extends string[]>(arity: Args['length'], build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>) {
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000prepared value ${i}\u0000`) as Args;
  let prepared: { query: CompiledQuery<Row>; slots: number[] } | undefined;
  return async (db: Kysely<Database>, ...args: Args): Promise<Row[]> => {
    if (!prepared) {
      const query = build(db, ...placeholders).compile();
      const slots = query.parameters.map((value) => placeholders.indexOf(value as string));
      if (new Set(slots.filter((slot) => slot >= 0)).size !== arity) throw new Error(`preparedQuery: every argument must be a value of the query (${query.sql})`);
      prepared = { query, slots };
    }
    const { query, slots } = prepared;
    const parameters = query.parameters.map((value, i) => (slots[i]! >= 0 ? args[slots[i]!] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
