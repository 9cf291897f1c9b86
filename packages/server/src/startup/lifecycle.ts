// A server's life after it is put together: listening, and the graceful close that stops taking
// requests (plugins/health.ts answers new ones 503), lets hub clients reconnect elsewhere and
// the requests in flight finish, then lets go of what the server holds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OpenDatabase } from '../db/database.js';
import type { Hub } from '../live/hub.js';
import type { PostgresFanout } from '../live/pg-fanout.js';
import type { MailDelivery } from '../mail/outbox.js';

/** Where uploaded covers are kept: `dir`, else a temporary folder removed at close. */
export async function uploadsFolder(dir: string | undefined): Promise<{ dir: string; remove(): Promise<void> }> {
  if (dir) return { dir, remove: async () => {} };
  const own = await mkdtemp(join(tmpdir(), 'pustak-uploads-'));
  return { dir: own, remove: () => rm(own, { recursive: true, force: true }) };
}

/** Starts listening; answers the origin, e.g. http://127.0.0.1:4321. */
export async function listen(app: FastifyInstance, port: number, host: string): Promise<string> {
  await app.listen({ port, host });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${bound}`;
}

export interface Held {
  fanout: PostgresFanout | undefined;
  /** The outbox's sweep and the sends under way, stopped before the database closes. */
  mail?: MailDelivery | undefined;
  database: OpenDatabase;
  uploads: { remove(): Promise<void> };
}

/** Lets go of the fan-out, the database and a temporary uploads folder (at close, or a failed start). */
export async function release({ fanout, mail, database, uploads }: Held) {
  await mail?.stop();
  await fanout?.close();
  await database.close();
  await uploads.remove();
}

/** Stops listening and waits for the requests in flight (cut after `graceMs`), then releases. */
export async function closeGracefully(app: FastifyInstance, hub: Hub, graceMs: number, held: Held) {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  const appClosed = app.close();
  await hub.close({ allowReconnect: true });
  await appClosed;
  clearTimeout(cut);
  await release(held);
}
