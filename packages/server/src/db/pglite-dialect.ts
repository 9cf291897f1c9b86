// A Kysely dialect over PGlite (PostgreSQL compiled to WebAssembly, in this process). PGlite is
// one connection, so the driver hands it out to one holder at a time: a transaction keeps it
// from `begin` to `commit`, and other queries wait their turn. Everything else (SQL
// compilation, introspection, the migrator's lock) is Kysely's PostgreSQL support.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows ?? [],
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on PGlite');
  }
}

class PgliteDriver implements Driver {
  readonly #connection: PgliteConnection;
  /** The tail of the queue of holders: each acquire waits for the previous release. */
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly queue: PgliteQueue,
  ) {
    this.#connection = new PgliteConnection(pglite);
  }

  async init() {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((done) => (release = done));
    this.queue.waiting += 1;
    await previous;
    this.queue.waiting -= 1;
    this.queue.held = true;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    this.queue.held = false;
    release?.();
  }

  async destroy() {
    await this.#tail;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** The one connection's queue, for the metrics and load shedding: whether it is held, and how many wait for it. */
export interface PgliteQueue {
  held: boolean;
  waiting: number;
}

export class PgliteDialect implements Dialect {
  readonly queue: PgliteQueue = { held: false, waiting: 0 };
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.pglite, this.queue);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
