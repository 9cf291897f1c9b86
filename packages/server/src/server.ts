// Puts a server together: database, services, hub and HTTP app. `main.ts` calls it with the
// settings of the environment; tests call it with an in-memory database and their own clock.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app.js';
import { createTokenService } from './auth/tokens.js';
import { createReadCache, type ReadCache } from './read-cache/store.js';
import { systemClock, type Clock } from './clock.js';
import { openDatabase, type DatabaseTarget, type OpenDatabase } from './db/database.js';
import { isEmpty, seedExampleData, wipe } from './demo/seed.js';
import { loadContract, type Contract } from './http/contract.js';
import { hubOriginCheck } from './http/security.js';
import { DEFAULT_RATE_LIMITS, addressKey, databaseRateLimitStore, memoryRateLimitStore, type RateLimits, type RateLimitStore } from './http/rate-limit.js';
import { HUB_PATH, createHub, signedConnectionTokens } from './live/hub.js';
import { createPostgresFanout, type PostgresFanout, type SharedCacheName } from './live/pg-fanout.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import type { Services } from './shared/services.js';
import { createImageStore } from './storage/images.js';

export interface ServerSettings {
  database: DatabaseTarget;
  /** Where uploaded covers are kept; a temporary folder (removed at close) when omitted. */
  uploadsDir?: string;
  jwtSecret: string;
  production?: boolean;
  /** Seed the example catalogue and demo accounts into an empty database. */
  seed?: boolean;
  /** Offer POST /__dev/reset (the in-memory sandbox). */
  resettable?: boolean;
  smtpUrl?: string | undefined;
  mailFrom?: string;
  publicUrl?: string | undefined;
  webDist?: string | undefined;
  trustProxy?: boolean;
  /** Origins whose pages may call the API cross-origin (CORS_ORIGINS); none by default. */
  corsOrigins?: string[];
  /** Attempt limits on sign-in, code, registration and claim codes: DEFAULT_RATE_LIMITS unless given; false: none. */
  rateLimits?: RateLimits | false;
  /** Where the attempt counters live: the database on PostgreSQL (shared by every instance), else this process. */
  rateLimitStore?: RateLimitStore | 'memory' | 'database';
  clock?: Clock;
  contract?: Contract;
  contractPath?: string;
  hubPingIntervalMs?: number;
  /** A hub WebSocket that has not sent its handshake by then is closed: 15 s (as ASP.NET Core). */
  hubHandshakeTimeoutMs?: number;
  /** Open hub WebSockets one client address may hold (HUB_CONNECTIONS_PER_ADDRESS): 50. */
  hubConnectionsPerAddress?: number;
  /** How long a signed-in caller's account (and role) is reused before it is read again: 2 s. */
  callerCacheMs?: number;
  /** How long a graceful close waits for requests in flight before cutting them. */
  shutdownGraceMs?: number;
  /** Request log (pino options) and server messages. */
  logger?: boolean | object;
  log?: Services['log'];
}

export interface PustakServer {
  app: FastifyInstance;
  services: Services;
  database: OpenDatabase;
  contract: Contract;
  /** On PostgreSQL: the LISTEN/NOTIFY fan-out that carries live messages and cache clears. */
  fanout: PostgresFanout | undefined;
  /** Starts listening; answers the origin, e.g. http://127.0.0.1:4321. */
  listen(port: number, host?: string): Promise<string>;
  /**
   * Graceful: stops taking requests (new ones get 503), tells hub clients to reconnect
   * elsewhere (allowReconnect), finishes the requests in flight, then closes the database.
   */
  close(): Promise<void>;
}

/** The contract's 503 body while an instance shuts down (a load balancer sends the retry elsewhere). */
const SHUTTING_DOWN = { status: 'error', statusCode: 503, message: 'Service Unavailable: this server is shutting down. Try again.' };

/** Advisory lock key taken while seeding an empty PostgreSQL database. */
const SEED_LOCK = 7_301_001;

const quietLog = { info() {}, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

export async function createPustakServer(settings: ServerSettings): Promise<PustakServer> {
  const clock = settings.clock ?? systemClock;
  const log = settings.log ?? quietLog;
  const contract = settings.contract ?? (await loadContract(settings.contractPath));
  const database = await openDatabase(settings.database);
  const ownUploads = settings.uploadsDir ? undefined : await mkdtemp(join(tmpdir(), 'pustak-uploads-'));
  let fanout: PostgresFanout | undefined;
  try {
    const images = await createImageStore(settings.uploadsDir ?? ownUploads!);
    const mailer: Mailer = settings.smtpUrl
      ? createSmtpMailer(settings.smtpUrl, settings.mailFrom ?? 'Pustak <no-reply@pustak.example>', log)
      : createOutboxMailer(() => clock.now(), log);
    const hub = createHub({
      pingIntervalMs: settings.hubPingIntervalMs,
      handshakeTimeoutMs: settings.hubHandshakeTimeoutMs,
      maxConnectionsPerAddress: settings.hubConnectionsPerAddress,
      log,
      connectionTokens: signedConnectionTokens(settings.jwtSecret, clock),
      // The address Fastify's request.ip gives the attempt limits: the first X-Forwarded-For
      // entry behind a trusted proxy (else every client would share the proxy's cap).
      addressOf: (req) => addressKey((settings.trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0]!.trim() : '') || (req.socket.remoteAddress ?? '')),
      originAllowed: hubOriginCheck({ corsOrigins: settings.corsOrigins, publicUrl: settings.publicUrl, trustProxy: settings.trustProxy }),
    });
    const caches = {
      catalogue: createReadCache(clock),
      callers: createReadCache(clock, { ttlMs: settings.callerCacheMs ?? 2000, maxEntries: 10_000 }),
    };
    fanout = database.url
      ? createPostgresFanout({
          url: database.url,
          db: database.db,
          deliver: ({ sender, text }) => hub.broadcast(sender, text),
          clearCache: (name, only) => {
            if (name !== 'all' && only) return 'key' in only ? caches[name].forget(only.key) : caches[name].forgetTagged(only.tag);
            if (name !== 'callers') caches.catalogue.clear();
            if (name !== 'catalogue') caches.callers.clear();
          },
          log,
        })
      : undefined;
    // A clear on this instance also clears the other instances' caches; a write awaits that
    // before it answers (ReadCache.clear).
    const shared = (name: SharedCacheName): ReadCache =>
      fanout
        ? {
            get: (key, load, ttlMs, tagsOf) => caches[name].get(key, load, ttlMs, tagsOf),
            clear: () => {
              caches[name].clear();
              return fanout!.clearElsewhere(name);
            },
            forget: (key) => {
              caches[name].forget(key);
              return fanout!.clearElsewhere(name, { key });
            },
            forgetTagged: (tag) => {
              caches[name].forgetTagged(tag);
              return fanout!.clearElsewhere(name, { tag });
            },
          }
        : caches[name];
    const services: Services = {
      db: database.db,
      clock,
      tokens: createTokenService(settings.jwtSecret, clock),
      mailer,
      broadcaster: fanout ?? hub,
      hub,
      images,
      cache: shared('catalogue'),
      callers: shared('callers'),
      publicUrl: settings.publicUrl?.replace(/\/$/, ''),
      log,
    };
    const seed = async () => {
      if (!settings.seed) return;
      if (database.kind !== 'postgres') {
        if (await isEmpty(database.db)) await seedExampleData(database.db, contract, clock.now());
        return;
      }
      // Several instances starting together on an empty database: one seeds, under a lock.
      await database.db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(connection);
        try {
          if (await isEmpty(connection)) await seedExampleData(connection, contract, clock.now());
        } finally {
          await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection);
        }
      });
    };
    await seed();

    const app = await buildApp({
      contract,
      services,
      webDist: settings.webDist,
      trustProxy: settings.trustProxy,
      logger: settings.logger as never,
      security: { corsOrigins: settings.corsOrigins, publicUrl: settings.publicUrl },
      rateLimits: settings.rateLimits === false ? false : { limits: settings.rateLimits ?? DEFAULT_RATE_LIMITS, store: rateLimitStore(settings.rateLimitStore, database) },
      devRoutes: settings.production
        ? undefined
        : (instance) => {
            instance.get('/__dev/outbox', async (request) => {
              const to = (request.query as { to?: string }).to;
              const mails = mailer.outbox ?? [];
              return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails;
            });
            if (settings.resettable) {
              instance.post('/__dev/reset', async () => {
                await wipe(database.db);
                await services.cache.clear();
                mailer.outbox?.splice(0);
                await seed();
                return { status: 'success', message: 'The sandbox is back to its demo data.' };
              });
            }
          },
    });
    // ---------- operations: health and readiness for a load balancer, graceful shutdown ----------
    let shuttingDown = false;
    app.addHook('onRequest', async (request, reply) => {
      if (!shuttingDown) return;
      return reply.code(503).header('connection', 'close').header('retry-after', '1').type('application/json').send(SHUTTING_DOWN);
    });
    app.addHook('onSend', async (_request, reply) => {
      if (shuttingDown) reply.header('connection', 'close');
    });
    // Alive: the process answers. Ready: it can reach its database (and, on PostgreSQL, listens).
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      const database = (await databaseOk()) ? 'ok' : 'unreachable';
      const live = fanout ? (fanout.listening() ? 'ok' : 'reconnecting') : 'ok';
      const ready = database === 'ok' && live === 'ok';
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, live });
    });
    const databaseOk = () => database.ping(2_000);
    await fanout?.ready;

    app.server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://server');
      if (url.pathname === HUB_PATH) hub.handleUpgrade(req, socket, head, url);
      else socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });

    let closing: Promise<void> | undefined;
    return {
      app,
      services,
      database,
      contract,
      fanout,
      async listen(port, host = '127.0.0.1') {
        await app.listen({ port, host });
        const address = app.server.address();
        const bound = typeof address === 'object' && address ? address.port : port;
        return `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${bound}`;
      },
      close() {
        closing ??= (async () => {
          shuttingDown = true;
          // Stop listening and wait for the requests in flight (cut after the grace period).
          const cut = setTimeout(() => app.server.closeAllConnections(), settings.shutdownGraceMs ?? 10_000);
          const appClosed = app.close();
          await hub.close({ allowReconnect: true });
          await appClosed;
          clearTimeout(cut);
          await fanout?.close();
          await database.close();
          if (ownUploads) await rm(ownUploads, { recursive: true, force: true });
        })();
        return closing;
      },
    };
  } catch (error) {
    await fanout?.close();
    await database.close();
    if (ownUploads) await rm(ownUploads, { recursive: true, force: true });
    throw error;
  }
}

function rateLimitStore(choice: ServerSettings['rateLimitStore'], database: OpenDatabase): RateLimitStore {
  if (typeof choice === 'object') return choice;
  return (choice ?? (database.kind === 'postgres' ? 'database' : 'memory')) === 'database' ? databaseRateLimitStore(database.db) : memoryRateLimitStore();
}

/** A random secret for a server whose tokens need not outlive it (tests, the sandbox). */
export const ephemeralSecret = () => randomBytes(32).toString('base64url');
