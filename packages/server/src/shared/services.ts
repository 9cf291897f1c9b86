import type { TokenService } from '../auth/tokens.js';
import type { ReadCache } from '../read-cache/store.js';
import type { Clock } from '../clock.js';
import type { Db } from './context.js';
import type { Broadcaster } from '../live/notifier.js';
import type { Mailer } from '../mail/mailer.js';
import type { ImageStore } from '../storage/images.js';

/** Everything a handler may reach, created once per server. */
/** The hub's HTTP side (negotiate); its WebSocket side is wired to the server's upgrade event. */
export interface HubEndpoint {
  /** Negotiate's answer for the request URL. */
  negotiate(url: URL): object;
}

export interface Services {
  hub: HubEndpoint;
  db: Db;
  clock: Clock;
  /** Days a Ready order is held for its customer (PICKUP_HOLD_DAYS): then it expires. */
  pickupHoldDays: number;
  tokens: TokenService;
  mailer: Mailer;
  broadcaster: Broadcaster;
  images: ImageStore;
  cache: ReadCache;
  /** Signed-in callers (id, name, e-mail, current role) for 2 s; a role change clears it. */
  callers: ReadCache;
  /** The public origin for absolute URLs (PUBLIC_URL), else taken from each request. */
  publicUrl: string | undefined;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
}
