// Puts a server together: database, services, hub and HTTP app, each wired by a piece of
// startup/. `main.ts` calls it with the settings of the environment; tests call it with an
// in-memory database and their own clock.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { openDatabase, type OpenDatabase } from './db/database.js';
import { loadContract, type Contract } from './http/contract.js';
import { DEFAULT_RATE_LIMITS } from './http/rate-limit.js';
import { rateLimitStoreFor } from './http/rate-limit-stores.js';
import type { PostgresFanout } from './live/pg-fanout.js';
import type { Services } from './shared/services.js';
import { maintainTables, startTableMaintenance } from './ops/pglite-maintenance.js';
import { closeGracefully, listen, release, uploadsFolder } from './startup/lifecycle.js';
import { warmBookPages } from './modules/catalog-admin/index.js';
import { startExpirySweep } from './modules/orders/index.js';
import { keepSalesDaysIn, warmSalesBooks } from './modules/reports/index.js';
import { seeder } from './startup/seeding.js';
import { routeHubUpgrades, wireServices } from './startup/services.js';
import type { ServerSettings } from './startup/settings.js';

export type { ServerSettings };

export interface PustakServer {
  app: FastifyInstance;
  services: Services;
  database: OpenDatabase;
  contract: Contract;
  /** On PostgreSQL: the LISTEN/NOTIFY fan-out that carries live messages and cache clears. */
  fanout: PostgresFanout | undefined;
  /** Settles when the warm-ups after start (the sales report's books, the book pages) are done or stopped. */
  warmedUp: Promise<void>;
  /** Starts listening; answers the origin, e.g. http://127.0.0.1:4321. */
  listen(port: number, host?: string): Promise<string>;
  /**
   * Graceful: stops taking requests (new ones get 503), tells hub clients to reconnect
   * elsewhere (allowReconnect), finishes the requests in flight, then closes the database.
   */
  close(): Promise<void>;
}

const quietLog = { info() {}, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

export async function createPustakServer(settings: ServerSettings): Promise<PustakServer> {
  const clock = settings.clock ?? systemClock;
  const log = settings.log ?? quietLog;
  const contract = settings.contract ?? (await loadContract(settings.contractPath));
  const database = await openDatabase(settings.database);
  const uploads = await uploadsFolder(settings.uploadsDir);
  let fanout: PostgresFanout | undefined;
  let mail: Services['mail'] | undefined;
  try {
    const wired = await wireServices(settings, database, clock, log, uploads.dir);
    const { services, hub } = wired;
    fanout = wired.fanout;
    mail = services.mail;
    const seed = seeder(settings.seed ?? false, database, contract, clock);
    await seed();
    // The report's kept figures in this start's time zone (counted again when it changed).
    await keepSalesDaysIn(database.db, services.shop.timeZone);
    // PGlite has no autovacuum: the server does its work (ops/pglite-maintenance.ts), and
    // brings a shop that a bulk load left unvacuumed up to date before it serves.
    if (database.kind === 'pglite') await maintainTables(database.db, true);

    let shuttingDown = false;
    const app = await buildApp({
      contract,
      services,
      webDist: settings.webDist,
      trustProxy: settings.trustProxy,
      logger: settings.logger,
      metrics: { token: settings.metricsToken, open: !settings.production && !settings.metricsToken },
      loadShedding: settings.loadShedding ? { limits: settings.loadShedding, dbWaiting: () => database.stats().waiting } : undefined,
      security: { corsOrigins: settings.corsOrigins, publicUrl: settings.publicUrl },
      rateLimits: settings.rateLimits === false ? false : { limits: settings.rateLimits ?? DEFAULT_RATE_LIMITS, store: rateLimitStoreFor(settings.rateLimitStore, database) },
      health: {
        shuttingDown: () => shuttingDown,
        databaseOk: () => database.ping(2_000),
        live: () => (fanout && !fanout.listening() ? 'reconnecting' : 'ok'),
      },
      devRoutes: settings.production ? undefined : { resettable: settings.resettable ?? false, seed },
    });
    await fanout?.ready;
    routeHubUpgrades(app, hub);
    // Mails a failed send or a dead instance left behind go out from here (mail/outbox.ts).
    services.mail.start();
    const expirySweep = startExpirySweep(services);
    const maintenance = database.kind === 'pglite' ? startTableMaintenance(database.db, log) : undefined;
    const warming = settings.warmSalesReport ? warmSalesBooks(database.db, services.shop.timeZone, clock.now()) : undefined;
    warming?.done.catch((error: unknown) => log.warn(`the sales report's books were not read into memory: ${error instanceof Error ? error.message : String(error)}`));
    // PGlite is one session: the report's reads (about a second each at a million orders) would
    // hold up every request's statements behind them, so they are done before it serves (on
    // PostgreSQL they take one connection of the pool, beside the requests).
    if (database.kind === 'pglite') await warming?.done.catch(() => {});
    const bookPages = settings.warmBookPages ? warmBookPages(services) : undefined;
    bookPages?.done.catch((error: unknown) => log.warn(`the book pages were not read into the cache: ${error instanceof Error ? error.message : String(error)}`));

    const warmUps = Promise.all([warming?.done, bookPages?.done].map((done) => done?.catch(() => {}))).then(() => {});
    let closing: Promise<void> | undefined;
    const held = { fanout, mail, database, uploads };
    return {
      app,
      services,
      database,
      contract,
      fanout,
      warmedUp: warmUps,
      listen: (port, host = '127.0.0.1') => listen(app, port, host),
      close() {
        shuttingDown = true;
        expirySweep.stop();
        maintenance?.stop();
        warming?.stop();
        bookPages?.stop();
        closing ??= warmUps.then(() => closeGracefully(app, hub, settings.shutdownGraceMs ?? 10_000, held)).finally(() => services.images.close?.());
        return closing;
      },
    };
  } catch (error) {
    await release({ fanout, mail, database, uploads });
    throw error;
  }
}

/** A random secret for a server whose tokens need not outlive it (tests, the sandbox). */
export const ephemeralSecret = () => randomBytes(32).toString('base64url');
