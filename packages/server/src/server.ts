// Puts a server together: database, services, hub and HTTP app. `main.ts` calls it with the
// settings of the environment; tests call it with an in-memory database and their own clock.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { createTokenService } from './auth/tokens.js';
import { createReadCache } from './cache.js';
import { systemClock, type Clock } from './clock.js';
import { openDatabase, type DatabaseTarget, type OpenDatabase } from './db/database.js';
import { isEmpty, seedExampleData, wipe } from './db/seed.js';
import { loadContract, type Contract } from './http/contract.js';
import { DEFAULT_RATE_LIMITS, databaseRateLimitStore, memoryRateLimitStore, type RateLimits, type RateLimitStore } from './http/rate-limit.js';
import { HUB_PATH, createHub } from './live/hub.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import type { Services } from './services.js';
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
  /** Attempt limits on sign-in, code and registration: DEFAULT_RATE_LIMITS unless given; false: none. */
  rateLimits?: RateLimits | false;
  /** Where the attempt counters live: the database on PostgreSQL (shared by every instance), else this process. */
  rateLimitStore?: RateLimitStore | 'memory' | 'database';
  clock?: Clock;
  contract?: Contract;
  contractPath?: string;
  hubPingIntervalMs?: number;
  /** Request log (pino options) and server messages. */
  logger?: boolean | object;
  log?: Services['log'];
}

export interface PustakServer {
  app: FastifyInstance;
  services: Services;
  database: OpenDatabase;
  contract: Contract;
  /** Starts listening; answers the origin, e.g. http://127.0.0.1:4321. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

const quietLog = { info() {}, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

export async function createPustakServer(settings: ServerSettings): Promise<PustakServer> {
  const clock = settings.clock ?? systemClock;
  const log = settings.log ?? quietLog;
  const contract = settings.contract ?? (await loadContract(settings.contractPath));
  const database = await openDatabase(settings.database);
  const ownUploads = settings.uploadsDir ? undefined : await mkdtemp(join(tmpdir(), 'pustak-uploads-'));
  try {
    const images = await createImageStore(settings.uploadsDir ?? ownUploads!);
    const mailer: Mailer = settings.smtpUrl
      ? createSmtpMailer(settings.smtpUrl, settings.mailFrom ?? 'Pustak <no-reply@pustak.example>', log)
      : createOutboxMailer(() => clock.now(), log);
    const hub = createHub({ pingIntervalMs: settings.hubPingIntervalMs, log });
    const services: Services = {
      db: database.db,
      clock,
      tokens: createTokenService(settings.jwtSecret, clock),
      mailer,
      broadcaster: hub,
      hub,
      images,
      cache: createReadCache(clock),
      callers: createReadCache(clock, { ttlMs: 2000, maxEntries: 10_000 }),
      publicUrl: settings.publicUrl?.replace(/\/$/, ''),
      log,
    };
    const seed = async () => {
      if (settings.seed && (await isEmpty(database.db))) await seedExampleData(database.db, contract, clock.now());
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
                services.cache.clear();
                mailer.outbox?.splice(0);
                await seed();
                return { status: 'success', message: 'The sandbox is back to its demo data.' };
              });
            }
          },
    });
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
      async listen(port, host = '127.0.0.1') {
        await app.listen({ port, host });
        const address = app.server.address();
        const bound = typeof address === 'object' && address ? address.port : port;
        return `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${bound}`;
      },
      close() {
        closing ??= (async () => {
          await hub.close();
          await app.close();
          await database.close();
          if (ownUploads) await rm(ownUploads, { recursive: true, force: true });
        })();
        return closing;
      },
    };
  } catch (error) {
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
