import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export declare const HUB_PATH: '/hubs/notification';
export declare const DEFAULT_MAX_RECORD_BYTES: number;

export interface HubLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, ...rest: unknown[]): void;
}

export interface NotificationHub {
  /** HTTP requests under HUB_PATH: negotiate, and a clear refusal of the HTTP transports. */
  handleRequest(req: IncomingMessage, res: ServerResponse, url: URL): void;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  /** Sends ReceiveMessage(sender, text) to every joined client; returns how many. */
  broadcast(sender: string, text: string): number;
  /** Cuts every connection without a close message; returns how many. */
  dropAll(): number;
  clientCount(): number;
  /** Sends every client a close record (allowReconnect: true unless told otherwise), then closes. */
  close(options?: { allowReconnect?: boolean; graceMs?: number }): Promise<void>;
}

/** How negotiate's connection tokens are made and checked (default: remembered in this process). */
export interface ConnectionTokens {
  issue(): string;
  accept(token: string): boolean;
}

export declare function createNotificationHub(options: {
  pingIntervalMs: number;
  log: HubLogger;
  maxRecordBytes?: number;
  connectionTokens?: ConnectionTokens;
}): NotificationHub;
