// Test servers: the real Pustak server in this process, on an in-memory PGlite that starts from
// a migrated and seeded copy (made once per run, then loaded in under a second), with a
// clock the test controls. Every server binds a free loopback port and is closed by its test.
// In the `server-pg` project (a PostgreSQL cluster provided by postgres-global.ts) each server
// gets a fresh PostgreSQL database instead, copied from a seeded template, dropped at close.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { manualClock, type ManualClock } from '../src/clock.js';
import { openDatabase, type OpenDatabase } from '../src/db/database.js';
import { seedExampleData } from '../src/demo/seed.js';
import type { Db } from '../src/shared/context.js';
import { loadContract, type Contract } from '../src/http/contract.js';
import type { RateLimits } from '../src/http/rate-limit.js';
import { memoryRateLimitStore, type RateLimitStore } from '../src/http/rate-limit-stores.js';
import { createPustakServer, ephemeralSecret, type PustakServer, type ServerSettings } from '../src/server.js';
import { keepSalesDaysIn } from '../src/modules/reports/index.js';
import { NOW, buildSeededDump, keepSeedCopy, restoreSeedCopy, seedLayout } from './seeded-dump.js';

// fastify-openapi-glue checks the contract against the OpenAPI schema at every server start with
// a new @seriousme/openapi-schema-validator, which compiles that schema afresh each time: a
// quarter of a test server's start (about 0.25 of 0.85 CPU-s, and a run starts some 140). The
// compiled check is a pure function of the OpenAPI version, so the test process compiles it once.
// (Only the compiling is shared: every server still checks the contract. If the library renames
// the method, this does nothing.)
{
  const validator = Validator.prototype as unknown as { getAjvValidator?: (version: string) => unknown };
  const compile = validator.getAjvValidator;
  if (typeof compile === 'function') {
    const compiled = new Map<string, unknown>();
    validator.getAjvValidator = function (version: string) {
      if (!compiled.has(version)) compiled.set(version, compile.call(this, version));
      return compiled.get(version);
    };
  }
}

// What the global setups provide: declared here, where they are read, so that every project
// whose tests start servers through these helpers sees them (the e2e's too).
declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, seeded PGlite data directory (tests/setup/pglite-seed.ts). */
    pgliteSeed?: string;
    /** The `server-pg` project's PostgreSQL cluster (postgres-global.ts); undefined elsewhere. */
    postgres: { adminUrl: string; port: number } | undefined;
  }
}

export { NOW };
// The policy the server sends with the web app's pages, for the browser tests outside this package
// that load those pages (tests/e2e/csp.test.ts).
export { webAppCsp } from '../src/plugins/security-headers.js';

export const IDS = {
  sita: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a03',
  ram: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a04',
  admin: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a01',
  staff: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a02',
  munaMadan: '0f0e0000-0000-4000-8000-000000000003',
  karnaliBlues: '0f0e0000-0000-4000-8000-000000000001',
  hillHouse: '0f0e0000-0000-4000-8000-000000000022', // stock 2
  sapiens: '0f0e0000-0000-4000-8000-000000000015', // on sale, window ended in 2024
  hobbit: '0f0e0000-0000-4000-8000-000000000002', // 20 % off, running
  sitaPendingOrder: '0dde0000-0000-4000-8000-000000000001',
  sitaCancelledOrder: '0dde0000-0000-4000-8000-000000000003',
  ramReadyOrder: '0dde0000-0000-4000-8000-000000000004', // Dracula x 1, ready
  hariPendingOrder: '0dde0000-0000-4000-8000-000000000006', // Cosmos x 1
  banner: 'ba770000-0000-4000-8000-000000000001',
};
export const PASSWORD = 'pustak123';

let contract: Promise<Contract> | undefined;
let template: Promise<Blob> | undefined;

export const testContract = () => (contract ??= loadContract());

/**
 * A migrated, seeded database as a tarball (seeded as of NOW): the one the run's global setup
 * wrote (tests/setup/pglite-seed.ts), else built here, once per test file.
 */
function seededTemplate(): Promise<Blob> {
  const file = inject('pgliteSeed');
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : buildSeededDump();
  return template;
}

/** The PostgreSQL cluster of the `server-pg` project, or undefined (PGlite). */
export const postgres = inject('postgres');
export const DATABASE_KIND: 'postgres' | 'pglite' = postgres ? 'postgres' : 'pglite';
const TEMPLATE = 'pustak_seeded_template';
let pgTemplate: Promise<void> | undefined;

async function adminQuery(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgres!.adminUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** Creates the seeded template database once per cluster (under an advisory lock: workers race). */
function seededPostgresTemplate(): Promise<void> {
  pgTemplate ??= (async () => {
    const client = new pg.Client({ connectionString: postgres!.adminUrl });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(7301)');
      const exists = await client.query('select 1 from pg_database where datname = $1', [TEMPLATE]);
      if (exists.rowCount === 0) {
        const building = `${TEMPLATE}_building`;
        await client.query(`drop database if exists ${building} with (force)`);
        await client.query(`create database ${building}`);
        const db = await openDatabase({ kind: 'postgres', url: postgres!.adminUrl.replace(/\/postgres$/, `/${building}`), poolSize: 2 });
        try {
          await seedExampleData(db.db, await testContract(), new Date(NOW));
          await keepSeedCopy(db.db);
        } finally {
          await db.close();
        }
        await client.query(`alter database ${building} rename to ${TEMPLATE}`);
      }
    } finally {
      await client.query('select pg_advisory_unlock(7301)').catch(() => {});
      await client.end();
    }
  })();
  return pgTemplate;
}

/** A fresh PostgreSQL database (a seeded copy unless `empty`); answers its URL and how to drop it. */
export async function freshPostgresDatabase(empty: boolean): Promise<{ url: string; drop(): Promise<void> }> {
  if (!empty) await seededPostgresTemplate();
  const name = `pustak_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${empty ? '' : ` template ${TEMPLATE}`}`);
  return {
    url: postgres!.adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: async () => void (await adminQuery(`drop database if exists ${name} with (force)`)),
  };
}

export interface TestServer {
  server: PustakServer;
  clock: ManualClock;
  url: string;
  /** app.inject with JSON conveniences. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(username: string, password?: string): Promise<string>;
  /**
   * Back to the state the server started in, for the next test of a file that keeps one server:
   * the tables refilled from the seeded copy (emptied on an `empty` server), the caches, the dev
   * outbox and the attempt counters emptied, the clock back at `now`. Uploaded covers stay (each
   * has a new name). Several times cheaper than a new server.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  empty?: boolean;
  listen?: boolean;
  now?: string;
  /**
   * Attempt limits: none by default (the suites sign in and register many times from one
   * address); 'server-default' leaves the server's own default; or these limits.
   */
  rateLimits?: RateLimits | false | 'server-default';
  settings?: Partial<ServerSettings>;
}

export async function startTestServer({ empty = false, listen = false, now = NOW, rateLimits = false, settings = {} }: TestServerOptions = {}): Promise<TestServer> {
  const clock = manualClock(now);
  const pgDatabase = postgres ? await freshPostgresDatabase(empty) : undefined;
  // Counters kept in this process live in a store reset() can renew (on PostgreSQL they are a
  // table by default, which reset() empties with the others).
  const inMemory = settings.rateLimitStore === 'memory' || (settings.rateLimitStore === undefined && !postgres);
  let counters = memoryRateLimitStore();
  const renewableCounters: RateLimitStore = { peek: (...args) => counters.peek(...args), hit: (...args) => counters.hit(...args), giveBack: (...args) => counters.giveBack(...args), reset: (key) => counters.reset(key) };
  const server = await createPustakServer({
    database: pgDatabase
      ? { kind: 'postgres', url: pgDatabase.url, poolSize: 4 }
      : empty ? { kind: 'pglite' } : { kind: 'pglite', from: await seededTemplate() },
    jwtSecret: ephemeralSecret(),
    clock,
    contract: await testContract(),
    hubPingIntervalMs: 15_000,
    log: { info() {}, warn() {}, error: (m) => console.error(m) },
    ...(rateLimits === 'server-default' ? {} : { rateLimits }),
    ...settings,
    ...(inMemory ? { rateLimitStore: renewableCounters } : {}),
  }).catch(async (error: unknown) => {
    await pgDatabase?.drop();
    throw error;
  });
  if (server.database.kind !== DATABASE_KIND) throw new Error(`the test server runs on ${server.database.kind}, not ${DATABASE_KIND}`);
  const url = listen ? await server.listen(0) : 'http://localhost:80';
  const call: TestServer['call'] = ({ token, headers, ...options }) =>
    server.app.inject({ ...options, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  let layout: ReturnType<typeof seedLayout> | undefined;
  return {
    server,
    clock,
    url,
    call,
    async login(username, password = PASSWORD) {
      const reply = await call({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      if (reply.statusCode !== 200) throw new Error(`login ${username}: ${reply.statusCode} ${reply.body}`);
      return reply.json().token as string;
    },
    async reset() {
      layout ??= seedLayout(server.database.db);
      await restoreSeedCopy(server.database.db, await layout);
      // The copy's figures are in the default zone: a server given another counts them again.
      await keepSalesDaysIn(server.database.db, server.services.shop.timeZone);
      await Promise.all([server.services.cache.clear(), server.services.callers.clear()]);
      server.services.mailer.outbox?.splice(0);
      counters = memoryRateLimitStore();
      clock.set(now);
    },
    async close() {
      await server.close();
      await pgDatabase?.drop();
    },
  };
}

/**
 * One test server for the calling file, back at the seeded state, NOW and fresh caches before
 * each of its tests (registers the file's hooks); call the answer inside a test for the server.
 */
export function sharedTestServer(options?: TestServerOptions): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  beforeEach(async () => {
    await server!.reset();
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => server!;
}

/** Registers, reads the code from the dev outbox, verifies; answers the new user's id and token. */
export async function newCustomer(t: TestServer, username: string): Promise<{ id: string; token: string }> {
  const email = `${username}@example.com`;
  const registered = await t.call({
    method: 'POST',
    url: '/api/Auth/register',
    payload: { email, username, password: PASSWORD, confirmPassword: PASSWORD },
  });
  if (registered.statusCode !== 200) throw new Error(`register ${username}: ${registered.body}`);
  const id = registered.json().user.id as string;
  const code = lastCode(t, email);
  const verified = await t.call({ method: 'PUT', url: '/api/auth/verify', payload: { Id: id, VerificationCode: code } });
  if (verified.statusCode !== 200) throw new Error(`verify ${username}: ${verified.body}`);
  return { id, token: await t.login(username) };
}

export function lastCode(t: TestServer, email: string): string {
  const mail = [...(t.server.services.mailer.outbox ?? [])].reverse().find((m) => m.to === email && /Your OTP is/.test(m.text));
  const code = mail && /Your OTP is (\d{5})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no one-time code was mailed to ${email}`);
  return code;
}

/** A multipart/form-data body of text parts and an optional `image` file, for app.inject. */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----pustak-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const chunks: Uint8Array[] = [Buffer.from(parts.join(''))];
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

/**
 * `db` with every statement it runs (by any builder or `sql` template) shown to `seen` first: a
 * test's view of the SQL a rule sends.
 */
export function watchingStatements(db: Db, seen: (query: CompiledQuery) => void): Db {
  const executor = db.getExecutor();
  const watched = new Proxy(executor, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key !== 'executeQuery') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: Parameters<typeof executor.executeQuery>) => {
        seen(args[0]);
        return target.executeQuery(...args);
      };
    },
  });
  return new Proxy(db, {
    get(target, key) {
      if (key === 'getExecutor') return () => watched;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A bare PGlite database for the files that test the dialect itself, open for the file, with a
 * table `shelf (id int primary key, title text)` made afresh before each test.
 */
export function shelfDatabase(): () => OpenDatabase {
  let database: OpenDatabase | undefined;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await sql`drop table if exists shelf`.execute(database!.db);
    await sql`create table shelf (id int primary key, title text not null)`.execute(database!.db);
  });
  return () => database!;
}
