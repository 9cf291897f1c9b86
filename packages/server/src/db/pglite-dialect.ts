// A Kysely dialect over PGlite (PostgreSQL compiled to WebAssembly, in this process). PGlite is
// one connection, so the driver hands it out to one holder at a time: a transaction keeps it
// from `begin` to `commit`, and other queries wait their turn. Everything else (SQL
// compilation, introspection, the migrator's lock) is Kysely's PostgreSQL support.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
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
import { isStalePlan, PLANNED_PER_VALUE, SCHEMA_CHANGE } from './statement-names.js';

class PgliteConnection implements DatabaseConnection {
  readonly #statements: PreparedStatements;

  constructor(private readonly pglite: PGlite) {
    this.#statements = new PreparedStatements(pglite);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A statement without values may be several commands (a migration, `begin`); a pattern
    // search is planned for its pattern each time (see PLANNED_PER_VALUE). A text prepared
    // already is no pattern search: the pattern is not looked for again in it on every run.
    const { sql: text, parameters } = compiledQuery;
    const prepared = parameters.length > 0 && (this.#statements.has(text) || !PLANNED_PER_VALUE.test(text));
    const result = prepared ? await this.#statements.run<R>(text, parameters) : await this.pglite.query<R>(text, [...parameters]);
    // A table changed by DDL may change a prepared statement's result columns, which PostgreSQL
    // refuses to answer ("cached plan must not change result type"), and in a transaction (a
    // migration) that error would abort it: they are all prepared again.
    if (parameters.length === 0 && SCHEMA_CHANGE.test(text)) await this.#statements.forgetAll();
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

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type ParameterDescription = BackendMessage & { dataTypeIDs: number[] };

/** A named statement of the session: its parameters' types and its row description (none for a write without `returning`). */
interface Prepared {
  name: string;
  parameterTypes: number[];
  rowDescription: BackendMessage | undefined;
}

/**
 * Statements with values run as named prepared statements, parsed once per SQL text and then
 * bound and executed in one call into PGlite. `pglite.query` sends parse, describe, bind,
 * describe, execute and sync as six calls for every statement and plans it every time: a
 * placed order's cart read took 1.1-1.4 ms of CPU that way, 0.17 ms prepared (most of a
 * small statement's cost was the calls and the planning, not the execution). PostgreSQL
 * replans a prepared statement itself when a table or index it uses changes; after DDL they are
 * all prepared again, and one whose result columns changed otherwise is too. The last `LIMIT` texts prepared are kept (dynamic SQL such as an
 * `in` list of any length would otherwise grow the session's memory without end).
 */
class PreparedStatements {
  static readonly LIMIT = 500;
  readonly #byText = new Map<string, Prepared>();
  #next = 0;

  constructor(private readonly pglite: PGlite) {}

  /** Whether `text` is prepared now. */
  has(text: string): boolean {
    return this.#byText.has(text);
  }

  run<R>(text: string, values: readonly unknown[]) {
    return this.pglite.runExclusive(async () => {
      let result;
      try {
        result = await this.#execute<R>(text, values);
      } catch (error) {
        if (!isStalePlan(error) || !this.#byText.has(text)) throw error;
        await this.#forget(text);
        result = await this.#execute<R>(text, values);
      }
      // As pglite.query does outside a transaction (a no-op on the file system with relaxed durability).
      if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
      return result;
    });
  }

  async #execute<R>(text: string, values: readonly unknown[]) {
    const statement = await this.#prepared(text);
    const serialized = values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[statement.parameterTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.pglite.execProtocolStream(
      concat([protocol.serialize.bind({ statement: statement.name, values: serialized }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, this.pglite.parsers);
    return result as unknown as { rows: R[]; affectedRows?: number };
  }

  async #prepared(text: string): Promise<Prepared> {
    const known = this.#byText.get(text);
    if (known) return known;
    // The oldest text goes first: the hot statements are few and prepared again at once if evicted.
    if (this.#byText.size >= PreparedStatements.LIMIT) await this.#forget(this.#byText.keys().next().value!);
    const name = `kysely_${(this.#next += 1)}`;
    const { serialize } = protocol;
    const messages = await this.pglite.execProtocolStream(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const parameters = messages.find((m): m is ParameterDescription => m.name === 'parameterDescription');
    const prepared = { name, parameterTypes: parameters?.dataTypeIDs ?? [], rowDescription: messages.find((m) => m.name === 'rowDescription') };
    this.#byText.set(text, prepared);
    return prepared;
  }

  /** Closes every statement (after DDL). */
  forgetAll() {
    if (this.#byText.size === 0) return Promise.resolve();
    const names = [...this.#byText.values()].map((statement) => statement.name);
    this.#byText.clear();
    return this.pglite.runExclusive(() =>
      this.pglite.execProtocolStream(concat([...names.map((name) => protocol.serialize.close({ type: 'S', name })), protocol.serialize.sync()]), { syncToFs: false }),
    );
  }

  async #forget(text: string) {
    const statement = this.#byText.get(text);
    if (!statement) return;
    this.#byText.delete(text);
    await this.pglite.execProtocolStream(concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]), { syncToFs: false });
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
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
