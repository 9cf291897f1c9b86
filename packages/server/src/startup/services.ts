// The services a server's handlers reach (services.ts), wired from its settings: the mailer, the
// hub, the read caches and, on PostgreSQL, the LISTEN/NOTIFY fan-out that carries live messages
// and cache clears to the other instances.
import type { FastifyInstance } from 'fastify';
import { createTokenService } from '../auth/tokens.js';
import { createReadCache, type ReadCache } from '../cache/store.js';
import type { Clock } from '../clock.js';
import type { OpenDatabase } from '../db/database.js';
import { addressKey } from '../http/rate-limit.js';
import { HUB_PATH, createHub, signedConnectionTokens, type Hub } from '../live/hub.js';
import { createPostgresFanout, type PostgresFanout, type SharedCacheName } from '../live/pg-fanout.js';
import type { Broadcaster } from '../live/notifier.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../mail/mailer.js';
import { createMailDelivery, type MailDelivery } from '../mail/outbox.js';
import { hubOriginCheck } from '../plugins/security-headers.js';
import { countedCache, countedHub, databaseGauges } from './instruments.js';
import type { ServerSettings } from './settings.js';
import { createMetrics } from '../shared/metrics.js';
import type { Services } from '../shared/services.js';
import { shopInfo } from '../shared/shop.js';
import { createImageStore } from '../storage/images.js';
import { createS3ImageStore } from '../storage/s3-images.js';

type Log = Services['log'];

export const DEFAULT_PICKUP_HOLD_DAYS = 7;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
type Caches = Record<SharedCacheName, ReadCache>;

export interface WiredServices {
  services: Services;
  hub: Hub;
  fanout: PostgresFanout | undefined;
}

/** The catalogue cache's budget: READ_CACHE_MB in bytes; 0 keeps nothing (every read goes to the database). */
export function readCacheLimits(readCacheMb: number | undefined): { maxBytes?: number } {
  return readCacheMb === undefined ? {} : { maxBytes: readCacheMb * 1024 * 1024 };
}

export async function wireServices(settings: ServerSettings, database: OpenDatabase, clock: Clock, log: Log, uploadsDir: string): Promise<WiredServices> {
  const images = settings.s3 ? await createS3ImageStore(settings.s3) : await createImageStore(uploadsDir);
  const mailer = createMailer(settings, clock, log);
  const mail = createMailDelivery({ db: database.db, mailer, clock, log, ...settings.mail });
  const metrics = createMetrics();
  const hub = countedHub(createServerHub(settings, clock, log), metrics);
  const caches: Caches = {
    catalogue: countedCache(createReadCache(clock, readCacheLimits(settings.readCacheMb)), 'catalogue', metrics),
    callers: countedCache(createReadCache(clock, { ttlMs: settings.callerCacheMs ?? 2000, maxEntries: 10_000 }), 'callers', metrics),
  };
  databaseGauges(database, metrics, settings.mail?.maxAttempts);
  const fanout = database.url ? createFanout(database, hub, caches, log) : undefined;
  const services: Services = {
    db: database.db,
    clock,
    pickupHoldDays: settings.pickupHoldDays ?? DEFAULT_PICKUP_HOLD_DAYS,
    lowStockThreshold: settings.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    tokens: createTokenService(settings.jwtSecret, clock),
    mailer,
    mail,
    broadcaster: withMail(fanout ?? hub, mail),
    shop: shopInfo(settings.shop, settings.pickupHoldDays),
    hub,
    images,
    cache: shared(caches, 'catalogue', fanout),
    callers: shared(caches, 'callers', fanout),
    publicUrl: settings.publicUrl?.replace(/\/$/, ''),
    log,
    metrics,
  };
  return { services, hub, fanout };
}

/** Over SMTP_URL, else the dev outbox (GET /__dev/outbox). */
function createMailer(settings: ServerSettings, clock: Clock, log: Log): Mailer {
  return settings.smtpUrl
    ? createSmtpMailer(settings.smtpUrl, settings.mailFrom ?? 'Pustak <no-reply@pustak.example>')
    : createOutboxMailer(() => clock.now(), log);
}

/** The live channel, which also sends the mails a transaction queued once it commits. */
function withMail(live: Broadcaster, mail: MailDelivery): Broadcaster {
  return {
    broadcast: (sender, text) => live.broadcast(sender, text),
    sendToUser: (userId, sender, text) => live.sendToUser(userId, sender, text),
    ...(live.publishInTransaction ? { publishInTransaction: live.publishInTransaction.bind(live) } : {}),
    deliverMail: (ids) => mail.deliver(ids),
  };
}

function createServerHub(settings: ServerSettings, clock: Clock, log: Log): Hub {
  return createHub({
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
}

/** The hub's WebSocket: upgrades at its path go to it, any other is refused. */
export function routeHubUpgrades(app: FastifyInstance, hub: Hub) {
  app.server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://server');
    if (url.pathname === HUB_PATH) hub.handleUpgrade(req, socket, head, url);
    else socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
}

function createFanout(database: OpenDatabase, hub: Hub, caches: Caches, log: Log): PostgresFanout {
  return createPostgresFanout({
    url: database.url!,
    db: database.db,
    deliver: ({ sender, text, userId }) => (userId ? hub.sendToUser(userId, sender, text) : hub.broadcast(sender, text)),
    clearCache: (name, only) => {
      if (name !== 'all' && only) return 'key' in only ? caches[name].forget(only.key) : caches[name].forgetTagged(only.tag);
      if (name !== 'callers') caches.catalogue.clear();
      if (name !== 'catalogue') caches.callers.clear();
    },
    log,
  });
}

/**
 * A clear on this instance also clears the other instances' caches; a write awaits that before
 * it answers (ReadCache.clear).
 */
function shared(caches: Caches, name: SharedCacheName, fanout: PostgresFanout | undefined): ReadCache {
  const cache = caches[name];
  if (!fanout) return cache;
  return {
    get: (key, load, ttlMs, tagsOf, validUntil) => cache.get(key, load, ttlMs, tagsOf, validUntil),
    fill: (load, options) => cache.fill(load, options),
    clear: () => {
      cache.clear();
      return fanout.clearElsewhere(name);
    },
    forget: (key) => {
      cache.forget(key);
      return fanout.clearElsewhere(name, { key });
    },
    forgetTagged: (tag) => {
      cache.forgetTagged(tag);
      return fanout.clearElsewhere(name, { tag });
    },
  };
}
