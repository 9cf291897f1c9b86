// What a server is made of (createPustakServer's settings): main.ts fills them from the
// environment, tests in their own way; the startup pieces read what concerns them.
import type { Clock } from '../clock.js';
import type { DatabaseTarget } from '../db/database.js';
import type { Contract } from '../http/contract.js';
import type { RateLimits } from '../http/rate-limit.js';
import type { RateLimitStore } from '../http/rate-limit-stores.js';
import type { MailDeliveryOptions } from '../mail/outbox.js';
import type { Services } from '../shared/services.js';
import type { ShopInfo } from '../shared/shop.js';

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
  /** The outbox's retries and sweep (mail/outbox.ts MAIL_DEFAULTS unless given). */
  mail?: Pick<MailDeliveryOptions, 'leaseMs' | 'retryDelayMs' | 'maxRetryDelayMs' | 'maxAttempts' | 'sweepEveryMs'>;
  /** The shop's name, address, opening hours, phone and e-mail (SHOP_*); the contact page's values by default. */
  shop?: Partial<Omit<ShopInfo, 'pickupHoldDays'>>;
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
  /** Days a Ready order is held for pickup before it expires (PICKUP_HOLD_DAYS): 7. */
  pickupHoldDays?: number;
  /** The dashboard lists books with this many copies or fewer in stock (LOW_STOCK_THRESHOLD): 5. */
  lowStockThreshold?: number;
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
