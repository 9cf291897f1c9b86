import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export declare const HUB_PATH: '/hubs/notification';
export declare const DEFAULT_MAX_RECORD_BYTES: number;
export declare const DEFAULT_HANDSHAKE_TIMEOUT_MS: number;
export declare const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS: number;

export interface HubLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, ...rest: unknown[]): void;
}

export interface NotificationHub {
  /** HTTP requests under HUB_PATH: negotiate, and a clear refusal of the HTTP transports. */
  handleRequest(req: IncomingMessage, res: ServerResponse, url: URL): void;
  /** Negotiate's answer for this request URL (a POST to `${HUB_PATH}/negotiate`); its token carries `userId` when given. */
  negotiate(url: URL, userId?: string): object;
  /**
   * WebSocket upgrades to HUB_PATH: refused without a negotiated token, from a refused Origin
   * (403) or over the address's connection cap (429).
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  /** Sends ReceiveMessage(sender, text) to every joined client; returns how many. */
  broadcast(sender: string, text: string): number;
  /** Sends ReceiveUserMessage(sender, text) to the joined clients negotiated by this user only; returns how many. */
  sendToUser(userId: string, sender: string, text: string): number;
  /** Cuts every connection without a close message; returns how many. */
  dropAll(): number;
  clientCount(): number;
  /** Sends every client a close record (allowReconnect: true unless told otherwise), then closes. */
  close(options?: { allowReconnect?: boolean; graceMs?: number }): Promise<void>;
}

/** How negotiate's connection tokens are made and checked (default: remembered in this process). */
export interface ConnectionTokens {
  /** A token for one WebSocket, carrying the user who negotiated, if any. */
  issue(userId?: string): string;
  /** false when refused; `{ userId }` names the user it was issued to. */
  accept(token: string): boolean | { userId?: string };
}

export declare function createNotificationHub(options: {
  pingIntervalMs: number;
  log: HubLogger;
  maxRecordBytes?: number;
  connectionTokens?: ConnectionTokens;
  /** A socket that has not sent its handshake by then is closed (1008); default 15 s. */
  handshakeTimeoutMs?: number;
  /** More open sockets from one client address are refused (429); default 50. */
  maxConnectionsPerAddress?: number;
  /** The client address an upgrade counts against; default the peer's. */
  addressOf?: (req: IncomingMessage) => string;
  /** Whether a page on the request's Origin may connect; default any. */
  originAllowed?: (req: IncomingMessage) => boolean;
}): NotificationHub;
