// What a server is made of (createPustakServer's settings): main.ts fills them from the
// environment, tests in their own way; the startup pieces read what concerns them.
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { S3Settings } from '../storage/s3-images.js';
import type { PressureLimits } from '../plugins/load-shedding.js';
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
  /** Covers in an S3-compatible bucket instead of uploadsDir (S3_URL, S3_BUCKET, S3_REGION, S3_PREFIX). */
  s3?: S3Settings | undefined;
  jwtSecret: string;
  production?: boolean;
  /** Seed the example catalogue and demo accounts into an empty database. */
  seed?: boolean;
  /** Offer POST /__dev/reset (the in-memory sandbox). */
  resettable?: boolean;
  /** Read the last year's sales report books into memory after start (modules/reports/sales-books.ts), off the request path. */
  warmSalesReport?: boolean;
  /** Read the book pages into the read cache after start (modules/catalog-admin/warm.ts), off the request path. */
  warmBookPages?: boolean;
  smtpUrl?: string | undefined;
  mailFrom?: string;
  /** The outbox's retries and sweep (mail/outbox.ts MAIL_DEFAULTS unless given). */
  mail?: Pick<MailDeliveryOptions, 'leaseMs' | 'retryDelayMs' | 'maxRetryDelayMs' | 'maxAttempts' | 'sweepEveryMs'>;
  /** The shop's name, address, opening hours, phone, e-mail, time zone and PAN/VAT number (SHOP_*); the contact page's values by default (no PAN). */
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
  /** Memory for the catalogue's read cache (READ_CACHE_MB): 32 MB. */
  readCacheMb?: number;
  /** How long a signed-in caller's account (and role) is reused before it is read again: 2 s. */
  callerCacheMs?: number;
  /** How long a graceful close waits for requests in flight before cutting them. */
  shutdownGraceMs?: number;
  /** GET /metrics on the server's port needs this bearer token (METRICS_TOKEN); without it, it is open in development only. */
  metricsToken?: string | undefined;
  /**
   * When to shed load (plugins/load-shedding.ts); never when omitted. `npm run server` gives
   * DEFAULT_PRESSURE_LIMITS or MAX_EVENT_LOOP_DELAY_MS and MAX_DB_WAITING; tests, whose servers share
   * the test runner's event loop, leave it off but in its own test.
   */
  loadShedding?: PressureLimits | false;
  /** The request log (startup/logging.ts createLogger); none when omitted. */
  logger?: Logger;
  log?: Services['log'];
}
