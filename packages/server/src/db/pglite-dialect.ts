// A Kysely dialect over PGlite (PostgreSQL compiled to WebAssembly) in a worker thread of its
// own (db/pglite-thread.ts). PGlite is one session: statements outside a transaction are sent
// to it as they come, without waiting for the one before (the worker runs them in order, and
// finds the next one waiting when it finishes one); a transaction has the session to itself
// from `begin` to its end, and every other statement waits for that end (Session). Everything
// else (SQL compilation, introspection, the migrator's lock) is Kysely's PostgreSQL support.
import { parse, protocol } from '@electric-sql/pglite';
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
import { waitedLongerThan, type PgliteThread } from './pglite-thread.js';
import { isStalePlan, PLANNED_PER_VALUE, SCHEMA_CHANGE } from './statement-names.js';

/**
 * The one session's order: statements outside a transaction are sent as they come (the worker
 * runs them one after another), a transaction is sent alone. From `begin` to its end no other
 * statement is sent: each waits here until the transaction has ended.
 */
class Session {
  /** The transaction's end, while one is open (a transaction waits for the one before). */
  #transaction: Promise<void> | undefined;
  #holder: PgliteConnection | undefined;
  /** Since when each statement (or transaction) waiting for a transaction to end has waited, oldest first. */
  readonly #waiters = new Set<{ since: number }>();

  constructor(readonly thread: PgliteThread) {}

  /** Whether a transaction holds the session. */
  get held() {
    return this.#holder !== undefined;
  }

  /** How many have waited more than `ms` for a transaction to end. */
  waitingLongerThan(ms: number): number {
    return this.#waiters.size === 0 ? 0 : waitedLongerThan(Array.from(this.#waiters, (waiter) => waiter.since), ms);
  }

  /** Resolves when no transaction holds the session, or `connection`'s own does. */
  async #turn(connection: PgliteConnection | undefined): Promise<void> {
    const waiter = { since: performance.now() };
    this.#waiters.add(waiter);
    try {
      for (let transaction = this.#transaction; transaction && this.#holder !== connection; transaction = this.#transaction) await transaction;
    } finally {
      this.#waiters.delete(waiter);
    }
  }

  /**
   * Sends `bytes` for `connection` when it may: at once in its own transaction or when none is
   * open, else after that transaction. The check and the send are one synchronous step, so
   * nothing lands inside a transaction that began in between.
   */
  async send(connection: PgliteConnection | undefined, bytes: Uint8Array): Promise<BackendMessage[]> {
    while (this.#transaction && this.#holder !== connection) await this.#turn(connection);
    return this.thread.exec(bytes);
  }

  /** Resolves when no transaction is open. */
  async idle(): Promise<void> {
    while (this.#transaction) await this.#transaction;
  }

  /** Takes the session for a transaction of `connection`; the returned function gives it back. */
  async hold(connection: PgliteConnection): Promise<() => void> {
    while (this.#transaction) await this.#turn(undefined);
    let end!: () => void;
    this.#transaction = new Promise<void>((done) => (end = done));
    this.#holder = connection;
    return () => {
      this.#transaction = undefined;
      this.#holder = undefined;
      end();
    };
  }
}

class PgliteConnection implements DatabaseConnection {
  /** Gives the session back at the transaction's end. */
  release: (() => void) | undefined;

  constructor(
    private readonly session: Session,
    private readonly statements: PreparedStatements,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A statement without values may be several commands (a migration, `begin`); a pattern
    // search is planned for its pattern each time (see PLANNED_PER_VALUE). A text prepared
    // already is no pattern search: the pattern is not looked for again in it on every run.
    const { sql: text, parameters } = compiledQuery;
    const prepared = parameters.length > 0 && (this.statements.has(text) || !PLANNED_PER_VALUE.test(text));
    const send: Send = (bytes) => this.session.send(this, bytes);
    const result = prepared
      ? await this.statements.run<R>(send, text, parameters, this.release !== undefined)
      : parameters.length > 0
        ? await this.statements.runOnce<R>(send, text, parameters)
        : await this.statements.simple<R>(send, text);
    // A table changed by DDL may change a prepared statement's result columns, which PostgreSQL
    // refuses to answer ("cached plan must not change result type"), and in a transaction (a
    // migration) that error would abort it: they are all prepared again.
    if (parameters.length === 0 && SCHEMA_CHANGE.test(text)) this.statements.forgetAll(send);
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
  readonly #statements: PreparedStatements;

  constructor(private readonly session: Session) {
    this.#statements = new PreparedStatements(session);
  }

  async init() {}

  /** A connection per use: they share the one session; only a transaction takes it for itself. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.session, this.#statements);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const own = connection as PgliteConnection;
    own.release = await this.session.hold(own);
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    try {
      await connection.executeQuery(CompiledQuery.raw(`begin${level}`));
    } catch (error) {
      this.#end(own);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    try {
      await connection.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      this.#end(connection as PgliteConnection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.#end(connection as PgliteConnection);
    }
  }

  #end(connection: PgliteConnection) {
    const release = connection.release;
    connection.release = undefined;
    release?.();
  }

  async releaseConnection() {}

  async destroy() {
    await this.session.idle();
    if (!this.session.thread.closed) await this.session.thread.close();
  }
}

type BackendMessage = Awaited<ReturnType<PgliteThread['exec']>>[number];
type ParameterDescription = BackendMessage & { dataTypeIDs: number[] };
type Result<R> = { rows: R[]; affectedRows?: number };
/** Sends protocol bytes for a connection, in its turn (Session.send). */
type Send = (bytes: Uint8Array) => Promise<BackendMessage[]>;

/** A named statement of the session: its parameters' types and its row description (none for a write without `returning`). */
interface Prepared {
  name: string;
  parameterTypes: number[];
  rowDescription: BackendMessage | undefined;
}

/** A text's statement, how many statements in flight use it, and whether it was forgotten (to be closed when they are done). */
interface Entry {
  statement: Promise<Prepared>;
  uses: number;
  forgotten: boolean;
}

/** PostgreSQL's invalid_sql_statement_name: the name was closed (forgotten) before the statement reached the worker. */
const NO_SUCH_STATEMENT = '26000';

/**
 * Statements with values run as named prepared statements, parsed once per SQL text and then
 * bound and executed in one message to the worker. `pglite.query` sends parse, describe, bind,
 * describe, execute and sync as six calls for every statement and plans it every time: a
 * placed order's cart read took 1.1-1.4 ms of CPU that way, 0.17 ms prepared (most of a
 * small statement's cost was the calls and the planning, not the execution). PostgreSQL
 * replans a prepared statement itself when a table or index it uses changes; after DDL they are
 * all prepared again, and one whose result columns changed otherwise is too. The last `LIMIT`
 * texts prepared are kept (dynamic SQL such as an `in` list of any length would otherwise grow
 * the session's memory without end). Every send waits for its `turn` first (a transaction of
 * another connection), then sends at once, so nothing it sends can land inside that transaction.
 */
class PreparedStatements {
  static readonly LIMIT = 500;
  readonly #byText = new Map<string, Entry>();
  #next = 0;

  constructor(private readonly session: Session) {}

  private get thread(): PgliteThread {
    return this.session.thread;
  }

  /** Whether `text` is prepared (or being prepared) now. */
  has(text: string): boolean {
    return this.#byText.has(text);
  }

  /**
   * Runs `text` under its name. Outside a transaction, a statement that DDL made stale ("cached
   * plan must not change result type") runs once more under a new name, as does one closed meanwhile.
   */
  async run<R>(send: Send, text: string, values: readonly unknown[], inTransaction: boolean): Promise<Result<R>> {
    try {
      return await this.#use(send, text, values);
    } catch (error) {
      // In a transaction the error aborted it: runTransaction runs all of it again (shared/context.ts).
      if (inTransaction || (!isStalePlan(error) && (error as { code?: unknown }).code !== NO_SUCH_STATEMENT)) throw error;
      this.#forget(text, send);
      return this.#use(send, text, values);
    }
  }

  /** Binds and executes the text's statement, prepared first if it is not; it is not closed while in use. */
  async #use<R>(send: Send, text: string, values: readonly unknown[]): Promise<Result<R>> {
    const entry = this.#entry(send, text);
    entry.uses += 1;
    try {
      const statement = await entry.statement;
      const { serialize } = protocol;
      const messages = await send(concat([serialize.bind({ statement: statement.name, values: this.#serialized(statement, values) }), serialize.execute({}), serialize.sync()]));
      return this.#result<R>(statement, messages);
    } finally {
      entry.uses -= 1;
      if (entry.forgotten && entry.uses === 0) this.#closeEntry(entry, send);
    }
  }

  /** A statement planned with its values, once (a pattern search): under a name of its own, closed after. */
  async runOnce<R>(send: Send, text: string, values: readonly unknown[]): Promise<Result<R>> {
    const name = `once_${(this.#next += 1)}`;
    const statement = await this.#prepare(send, name, text);
    const { serialize } = protocol;
    const messages = await send(
      concat([serialize.bind({ statement: name, values: this.#serialized(statement, values) }), serialize.execute({}), serialize.close({ type: 'S', name }), serialize.sync()]),
    ).catch(async (error: unknown) => {
      await this.#close(send, [name]);
      throw error;
    });
    return this.#result<R>(statement, messages);
  }

  /** A statement without values, as a simple query (`begin`, DDL). */
  async simple<R>(send: Send, text: string): Promise<Result<R>> {
    const messages = await send(protocol.serialize.query(text));
    return parse.parseResults(messages, this.thread.parsers).at(-1) as unknown as Result<R>;
  }

  #result<R>(statement: Prepared, messages: BackendMessage[]): Result<R> {
    return parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, this.thread.parsers)[0] as unknown as Result<R>;
  }

  #serialized(statement: Prepared, values: readonly unknown[]) {
    return values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.thread.serializers[statement.parameterTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
  }

  /** The text's entry, its statement prepared if new. */
  #entry(send: Send, text: string): Entry {
    const known = this.#byText.get(text);
    if (known) return known;
    // The oldest text goes first: the hot statements are few and prepared again at once if evicted.
    if (this.#byText.size >= PreparedStatements.LIMIT) this.#forget(this.#byText.keys().next().value!, send);
    const entry: Entry = { statement: this.#prepare(send, `kysely_${(this.#next += 1)}`, text), uses: 0, forgotten: false };
    this.#byText.set(text, entry);
    // A text that failed to prepare (a syntax error, an aborted transaction) is tried afresh next time.
    entry.statement.catch(() => {
      if (this.#byText.get(text) === entry) this.#byText.delete(text);
    });
    return entry;
  }

  async #prepare(send: Send, name: string, text: string): Promise<Prepared> {
    const { serialize } = protocol;
    const messages = await send(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]));
    const parameters = messages.find((m): m is ParameterDescription => m.name === 'parameterDescription');
    return { name, parameterTypes: parameters?.dataTypeIDs ?? [], rowDescription: messages.find((m) => m.name === 'rowDescription') };
  }

  /** Forgets every statement (after DDL): each is prepared again when next used, and closed once no statement uses it. */
  forgetAll(send: Send) {
    for (const text of [...this.#byText.keys()]) this.#forget(text, send);
  }

  /** Forgets a text's statement; it is closed once nothing uses it. */
  #forget(text: string, send: Send) {
    const entry = this.#byText.get(text);
    if (!entry) return;
    this.#byText.delete(text);
    entry.forgotten = true;
    if (entry.uses === 0) this.#closeEntry(entry, send);
  }

  #closeEntry(entry: Entry, send: Send) {
    void entry.statement.then(({ name }) => this.#close(send, [name]), () => {});
  }

  async #close(send: Send, names: readonly string[]) {
    await send(concat([...names.map((name) => protocol.serialize.close({ type: 'S', name })), protocol.serialize.sync()])).catch(() => {});
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
  readonly #session: Session;
  constructor(thread: PgliteThread) {
    this.#session = new Session(thread);
  }

  /**
   * The one session, for the metrics and load shedding: whether it is busy, and how many
   * statements wait for it: those that have waited longer than {@link PgliteDialect.WAITING_AFTER_MS}
   * behind a transaction or in the worker's queue (a statement is sent at once and waits its turn
   * there; a short wait behind a handover's transaction is no overload either).
   */
  get queue(): PgliteQueue {
    const { thread } = this.#session;
    const after = PgliteDialect.WAITING_AFTER_MS;
    return { held: this.#session.held || thread.inFlight > 0, waiting: this.#session.waitingLongerThan(after) + thread.waitingLongerThan(after) };
  }

  /** How long a statement may wait in PGlite's queue before it counts as waiting (MAX_DB_WAITING). */
  static readonly WAITING_AFTER_MS = 100;
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.#session);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
