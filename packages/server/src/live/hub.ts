// The SignalR-protocol hub at /hubs/notification: the same module the mock serves.
// @ts-expect-error plain ESM module without type declarations (moves to a workspace package)
import { HUB_PATH, createNotificationHub } from '../../../../scripts/mock/hub.mjs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export { HUB_PATH };

export interface Hub {
  handleRequest(req: IncomingMessage, res: ServerResponse, url: URL): void;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  broadcast(sender: string, text: string): number;
  clientCount(): number;
  close(): Promise<void>;
}

export function createHub(options: { pingIntervalMs?: number; log: { info(m: string): void; warn(m: string): void; error(m: string): void } }): Hub {
  return createNotificationHub({ pingIntervalMs: options.pingIntervalMs ?? 15_000, log: options.log }) as Hub;
}
