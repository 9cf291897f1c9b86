// Opens the database: PostgreSQL through node-postgres when a URL is given, else PGlite (in
// memory, or stored in a folder). Both speak PostgreSQL, so the same Kysely queries and
// migrations serve both.
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { retryOnConflict } from './availability.js';
import { migrateToLatest } from './migrations.js';
import { PgliteDialect } from './pglite-dialect.js';
import { PgliteThread } from './pglite-thread.js';
import { isStalePlan, SCHEMA_CHANGE, StatementNames } from './statement-names.js';
import type { Database } from './schema.js';

const INT8 = 20;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number | undefined;
      /** Named prepared statements (default true); false for a connection pooler in transaction mode that does not keep them. */
      preparedStatements?: boolean | undefined;
    }
  | { kind: 'pglite'; dataDir?: string; from?: Blob };

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  /** A PGlite database as a tarball (for a quick copy in tests); undefined on PostgreSQL. */
  dump(): Promise<Blob | undefined>;
  /** Answers whether the database takes a query now (readiness), within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** The PostgreSQL connection string (for the LISTEN connection); undefined on PGlite. */
  url?: string;
  /** Connections (PostgreSQL's pool; PGlite has one, never waited on) and statements that failed, for the metrics. */
  stats(): { connections: number; idle: number; waiting: number; statementErrors: number };
  close(): Promise<void>;
}

/** Kysely's log: counts the statements that failed (a constraint, a lost connection, a timeout). */
function countErrors() {
  const counted = { errors: 0 };
  const log = (event: LogEvent) => {
    if (event.level === 'error') counted.errors += 1;
  };
  return { counted, log };
}

const TRANSACTION_CONTROL = /^\s*(start|begin|commit|end|rollback|abort|prepare\s+transaction|savepoint|release)\b/i;
const TRANSACTION_START = /^\s*(start|begin)\b/i;
const TRANSACTION_END = /^\s*(commit|end|abort|rollback(?!\s+to\b))\b/i;

/**
 * Every statement of a pooled connection goes through here. Statements with values run as
 * named prepared statements (db/statement-names.ts) unless `names` is undefined: parsed and
 * planned once per connection, then only bound and executed. In the festival bench that took
 * 0.116-0.148 of the floor to 0.157-0.185 (PostgreSQL's share of the machine's CPU was a quarter).
 * After DDL every text is prepared again; a statement whose table another instance changed (a
 * rolling migration) fails once with "cached plan must not change result type", and is sent
 * again under a new name, as a conflict is (retryOnConflict; runTransaction for a transaction).
 *
 * A statement outside a transaction (placing an order, adding to a cart: one statement each)
 * that PostgreSQL rolled back for a deadlock or a serialization failure is sent again, as
 * `runTransaction` (shared/context.ts) runs a transaction again: it wrote nothing, and the
 * conflict was another session's. Inside a transaction a statement is never sent again (the
 * transaction is aborted; runTransaction repeats all of it), nor is a transaction's own control
 * (a COMMIT that failed must fail). Kysely sends every statement as `query(text, values)`;
 * any other form (a cursor, a callback) goes through as it was.
 */
function preparedWithRetries(client: pg.PoolClient, names: StatementNames | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let inTransaction = false;
  const send = (text: string, values: unknown[]) => {
    const name = names?.nameOf(text, values);
    if (name === undefined) return query(text, values);
    return new Promise((resolve, reject) => {
      // A Query of text and values, named after: pg copies a config object ({ name, text,
      // values }) descriptor by descriptor on every call, 15 µs of an add to cart's CPU.
      const statement = new pg.Query(text, values) as pg.Query & { name?: string; callback?: (error: Error | null, result: unknown) => void };
      statement.name = name;
      statement.callback = (error, result) => {
        if (!error) return resolve(result);
        if (isStalePlan(error)) names!.renew(text);
        reject(error);
      };
      query(statement);
    });
  };
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || args.length !== 2 || !Array.isArray(values)) return query(...args);
    if (values.length === 0 && SCHEMA_CHANGE.test(text)) names?.renewAll();
    if (TRANSACTION_START.test(text)) inTransaction = true;
    else if (TRANSACTION_END.test(text)) inTransaction = false;
    if (inTransaction || TRANSACTION_CONTROL.test(text)) return send(text, values);
    return retryOnConflict(() => send(text, values));
  }) as typeof client.query;
}

/** Opens and migrates. Counts and money (bigint) come back as JS numbers: all stay far below 2^53. */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // A database that is down fails a request within seconds (the contract's 503), never hangs it.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    const names = target.preparedStatements === false ? undefined : new StatementNames('pustak_');
    // An idle client losing its connection must not take the process down.
    pool.on('error', (error) => console.error(`database: idle connection error: ${error.message}`));
    // Nor one in use: the pool listens for errors only on idle connections, and a connection
    // cut between two statements (the database restarting) would otherwise be an uncaught error.
    // The statement in flight fails on its own (the contract's 503) and the pool drops the client.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      preparedWithRetries(client, names);
    });
    const { counted, log } = countErrors();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    const ping = async (timeoutMs = 2_000) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), timeoutMs)));
      try {
        return await Promise.race([sql`select 1`.execute(db).then(() => true, () => false), timeout]);
      } finally {
        clearTimeout(timer);
      }
    };
    const stats = () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, statementErrors: counted.errors });
    return { db, kind: 'postgres', url: target.url, ping, stats, dump: async () => undefined, close: () => db.destroy() };
  }

  // PGlite runs in a worker thread of its own (db/pglite-thread.ts): the server's thread does
  // the HTTP work while statements run.
  const thread = await PgliteThread.open({
    dataDir: target.dataDir,
    from: target.from,
    // PostgreSQL's default 128 MB of shared buffers is sized for a server of its own; in this
    // process it would be most of the memory. The catalogue is served from the in-process cache
    // and the files stay in the OS page cache, so 8 MB is enough: measured, PGlite alone takes
    // 164 MB of RSS with 8 MB, 202 MB with 32 MB. (Durability is relaxed, pglite-thread.ts: a
    // clean stop still writes everything; production with crash safety is PostgreSQL.)
    conf: ['shared_buffers=8MB'],
    parsers: { [INT8]: (value: string) => Number(value) },
  });
  const { counted, log } = countErrors();
  const dialect = new PgliteDialect(thread);
  const db = new Kysely<Database>({ dialect, log });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    ping: async () => !thread.closed,
    stats: () => ({ connections: 1, idle: dialect.queue.held ? 0 : 1, waiting: dialect.queue.waiting, statementErrors: counted.errors }),
    dump: () => thread.dump(),
    close: () => db.destroy(),
  };
}
