// PGlite in a worker thread of its own. PostgreSQL compiled to WebAssembly runs a statement on
// the thread that calls it: in the server's own thread, the HTTP work of every other request
// waited while a statement ran, and the statements waited while the HTTP work ran (on two
// cores, one sat idle). Here the worker only runs the protocol's bytes, in the order they
// arrive; this side builds them and reads the answers. Statements are sent without waiting for
// the one before (db/pglite-dialect.ts decides which may be), so the worker finds the next one
// waiting when it finishes one.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parse, protocol, types } from '@electric-sql/pglite';

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];
type Parser = (value: string, typeId?: number) => unknown;
type Serializer = (value: unknown) => string;

/**
 * The worker: plain JavaScript, run as it is (no build step reaches a string, and the tests run
 * the TypeScript sources). It opens PGlite with the modules compiled once by the process, then
 * answers each message's protocol bytes with PostgreSQL's, one message at a time.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
// Emscripten's file system errors are objects without a message: { name: 'ErrnoError', errno }.
const describe = (error) => (error && error.message) || (error && error.name ? error.name + (error.errno === undefined ? '' : ' (errno ' + error.errno + ')') : String(error));
const fail = (id, error) => parentPort.postMessage({ id, error: { message: describe(error), stack: String(error && error.stack || '') } });
(async () => {
  const { PGlite } = await import(workerData.pglite);
  const { pg_trgm } = await import(workerData.pgTrgm);
  const pglite = new PGlite({
    ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
    ...(workerData.from ? { loadDataDir: new Blob([workerData.from]) } : {}),
    pgliteWasmModule: workerData.pgliteWasm,
    initdbWasmModule: workerData.initdbWasm,
    fsBundle: new Blob([workerData.fsBundle]),
    extensions: { pg_trgm },
    relaxedDurability: true,
    postgresqlconf: workerData.conf,
  });
  try {
    await pglite.waitReady;
  } catch (error) {
    fail(0, error);
    return;
  }
  // A new database's initdb ran in WebAssembly memory of its own (hundreds of MB) that nothing
  // holds any more, but this thread allocates too little for V8 to collect it: once, now (how
  // Jest reaches gc() without --expose-gc, which a worker cannot be given).
  require('node:v8').setFlagsFromString('--expose-gc');
  require('node:vm').runInNewContext('gc')();
  require('node:v8').setFlagsFromString('--no-expose-gc');
  // One message at a time, in order (a dump awaits; nothing may run beside it).
  let done = Promise.resolve();
  parentPort.on('message', (message) => {
    done = done.then(() => handle(message));
  });
  const handle = async ({ id, op, bytes }) => {
    try {
      if (op === 'exec') {
        const answer = pglite.execProtocolRawSync(bytes).slice();
        parentPort.postMessage({ id, bytes: answer }, [answer.buffer]);
      } else if (op === 'dump') {
        const file = await (await pglite.dumpDataDir('none')).arrayBuffer();
        parentPort.postMessage({ id, file }, [file]);
      } else if (op === 'close') {
        await pglite.close();
        parentPort.postMessage({ id });
        parentPort.close();
      }
    } catch (error) {
      fail(id, error);
    }
  };
  parentPort.postMessage({ id: 0 });
})().catch((error) => fail(0, error));
`;

/** What every worker of the process starts from: PGlite's modules, compiled once (the file system bundle is read for each, and handed over). */
interface Artifacts {
  pglite: string;
  pgTrgm: string;
  /** WebAssembly.Module (the lib this package compiles against has no WebAssembly types). */
  pgliteWasm: object;
  initdbWasm: object;
  /** PGlite's file system bundle (pglite.data). */
  fsBundlePath: string;
}
let artifacts: Promise<Artifacts> | undefined;
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } };
function loadArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@electric-sql/pglite');
    const dist = dirname(entry);
    const [pgliteWasm, initdbWasm] = await Promise.all([
      readFile(join(dist, 'pglite.wasm')).then((bytes) => wasm.compile(bytes)),
      readFile(join(dist, 'initdb.wasm')).then((bytes) => wasm.compile(bytes)),
    ]);
    return {
      pglite: pathToFileURL(join(dist, 'index.js')).href,
      pgTrgm: pathToFileURL(join(dist, 'contrib', 'pg_trgm.js')).href,
      pgliteWasm,
      initdbWasm,
      fsBundlePath: join(dist, 'pglite.data'),
    };
  })();
  return artifacts;
}

/** How many of `since` (times from performance.now(), oldest first) are more than `ms` ago. */
export function waitedLongerThan(since: Iterable<number>, ms: number): number {
  const before = performance.now() - ms;
  let old = 0;
  for (const time of since) {
    if (time > before) break;
    old += 1;
  }
  return old;
}

export interface PgliteThreadOptions {
  dataDir?: string | undefined;
  from?: Blob | undefined;
  /** postgresql.conf lines. */
  conf: string[];
  /** Type parsers by type id, over PGlite's own. */
  parsers?: Record<number, Parser>;
}

interface Pending {
  resolve: (answer: { bytes?: Uint8Array; file?: ArrayBuffer }) => void;
  reject: (error: Error) => void;
}

/** A PGlite database in a worker thread: protocol bytes in, PostgreSQL's messages out. */
export class PgliteThread {
  readonly serializers: Record<number, Serializer> = { ...(types.serializers as Record<number, Serializer>) };
  readonly parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>) };
  /** When each message sent and not answered yet was sent, oldest first (the worker answers in order). */
  readonly #sentAt: number[] = [];
  #closed = false;
  #closing: Promise<void> | undefined;
  #failure: Error | undefined;
  readonly #pending = new Map<number, Pending>();
  #next = 0;

  private constructor(private readonly worker: Worker) {}

  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const { fsBundlePath, ...loaded } = await loadArtifacts();
    const from = options.from ? await options.from.arrayBuffer() : undefined;
    const fsBundle = await readFile(fsBundlePath);
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { ...loaded, fsBundle, from, dataDir: options.dataDir, conf: options.conf },
      transferList: [fsBundle.buffer as ArrayBuffer, ...(from ? [from] : [])],
    });
    const thread = new PgliteThread(worker);
    Object.assign(thread.parsers, options.parsers);
    try {
      await thread.#started();
      await thread.#arrayTypes();
    } catch (error) {
      // A database that cannot open (a folder of another version, a damaged one) leaves no thread behind.
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Messages sent and not answered yet. */
  get inFlight(): number {
    return this.#sentAt.length;
  }

  #started() {
    return new Promise<void>((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
      this.worker.on('message', ({ id, error, ...answer }: { id: number; error?: { message: string; stack: string }; bytes?: Uint8Array; file?: ArrayBuffer }) => {
        const pending = this.#pending.get(id);
        this.#pending.delete(id);
        if (id !== 0) this.#sentAt.shift();
        // Idle, the worker does not keep the process alive (as PGlite in the process did not).
        if (this.inFlight === 0) this.worker.unref();
        if (!pending) return;
        if (error) pending.reject(Object.assign(new Error(`PGlite: ${error.message}`), { stack: error.stack }));
        else pending.resolve(answer);
      });
      // A worker that fails or ends takes every statement waiting on it with it, and every later one.
      const lost = (error: Error) => {
        this.#failure ??= error;
        this.#closed = true;
        for (const { reject: fail } of this.#pending.values()) fail(error);
        this.#pending.clear();
        this.#sentAt.length = 0;
      };
      this.worker.on('error', lost);
      // SQLSTATE 08006, connection_failure: as a lost PostgreSQL connection, the contract's 503 (db/availability.ts).
      this.worker.on('exit', (code) => lost(Object.assign(new Error(`PGlite's thread ended (exit code ${code})`), { code: '08006' })));
    });
  }

  /** PGlite's array types (as PGlite.query knows them): their parsers and serializers, from the element's. */
  async #arrayTypes() {
    const [result] = parse.parseResults(
      await this.exec(protocol.serialize.query(`select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`)),
      this.parsers,
    );
    for (const { oid, typarray } of (result?.rows ?? []) as { oid: number; typarray: number }[]) {
      this.serializers[typarray] = (value) => types.arraySerializer(value, this.serializers[oid], typarray);
      this.parsers[typarray] = (value) => types.arrayParser(value, this.parsers[oid]!, typarray);
    }
  }

  #send(op: 'exec' | 'dump' | 'close', bytes?: Uint8Array) {
    // SQLSTATE 08003, connection_does_not_exist.
    if (this.#closed) return Promise.reject(this.#failure ?? Object.assign(new Error('PGlite is closed'), { code: '08003' }));
    const id = (this.#next += 1);
    if (this.inFlight === 0) this.worker.ref();
    this.#sentAt.push(performance.now());
    return new Promise<{ bytes?: Uint8Array; file?: ArrayBuffer }>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, bytes }, bytes ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  /**
   * How many messages have waited more than `ms` behind the one the worker is running. Every
   * statement is sent at once and waits its turn in the worker, so how many are in flight only
   * says how many requests are busy (64 connections keep about 64 in flight, each a fraction of
   * a millisecond of work); a long wait is what says the database is behind.
   */
  waitingLongerThan(ms: number): number {
    return Math.max(0, waitedLongerThan(this.#sentAt, ms) - 1);
  }

  /**
   * Sends protocol messages (ending with a sync) and answers PostgreSQL's messages. Sent at once,
   * in call order: the worker runs them in that order. The first error message is thrown (the
   * rest up to the sync were skipped by PostgreSQL).
   */
  async exec(bytes: Uint8Array): Promise<BackendMessage[]> {
    const answer = await this.#send('exec', bytes);
    const messages: BackendMessage[] = [];
    let failed: BackendMessage | undefined;
    new protocol.Parser().parse(answer.bytes!, (message) => {
      if (message.name === 'error') failed ??= message;
      messages.push(message);
    });
    if (failed) throw failed;
    return messages;
  }

  /** The database as a tarball (a quick copy for tests). */
  async dump(): Promise<Blob> {
    const { file } = await this.#send('dump');
    return new Blob([file!]);
  }

  /** Closes the database (after the statements sent before) and ends the thread; once, however often called. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#closed) return;
      await this.#send('close');
      this.#closed = true;
      await this.worker.terminate();
    })();
    return this.#closing;
  }
}
