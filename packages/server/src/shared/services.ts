import type { TokenService } from '../auth/tokens.js';
import type { ReadCache } from '../cache/store.js';
import type { Clock } from '../clock.js';
import type { Db } from './context.js';
import type { Broadcaster } from '../live/notifier.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailDelivery } from '../mail/outbox.js';
import type { Metrics } from './metrics.js';
import type { ShopInfo } from './shop.js';
import type { ImageStore } from '../storage/images.js';

/** Everything a handler may reach, created once per server. */
/** The hub's HTTP side (negotiate); its WebSocket side is wired to the server's upgrade event. */
export interface HubEndpoint {
  /** Negotiate's answer for the request URL; the connection carries `userId` when given. */
  negotiate(url: URL, userId?: string): object;
}

export interface Services {
  hub: HubEndpoint;
  db: Db;
  clock: Clock;
  /** Days a Ready order is held for its customer (PICKUP_HOLD_DAYS): then it expires. */
  pickupHoldDays: number;
  /** A book with this many copies or fewer is running low (LOW_STOCK_THRESHOLD); the dashboard lists it. */
  lowStockThreshold: number;
  tokens: TokenService;
  /** The transport (the dev outbox or SMTP); requests queue mail through mail/outbox.ts instead. */
  mailer: Mailer;
  /** Sends the outbox's mails after their commit, and retries (mail/outbox.ts). */
  mail: MailDelivery;
  /** Live messages after the commit, and the mails a transaction queued (see transact). */
  broadcaster: Broadcaster;
  /** The shop's pickup information (GET /shop/info, every order e-mail). */
  shop: ShopInfo;
  images: ImageStore;
  cache: ReadCache;
  /** Signed-in callers (id, name, e-mail, current role) for 2 s; a role change clears it. */
  callers: ReadCache;
  /** The public origin for absolute URLs (PUBLIC_URL), else taken from each request. */
  publicUrl: string | undefined;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  /** What GET /metrics shows (plugins/metrics.ts, startup/instruments.ts). */
  metrics: Metrics;
}
