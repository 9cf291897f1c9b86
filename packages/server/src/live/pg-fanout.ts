// The hub across instances: PostgreSQL LISTEN/NOTIFY. A rule's live messages are sent with
// NOTIFY inside its transaction (see `transact`), so PostgreSQL delivers them at commit to every
// instance listening, this one included, and a rolled-back transaction announces nothing. Each
// instance keeps one dedicated connection that LISTENs and hands what it hears to its own hub
// clients; when that connection is lost it reconnects (backing off up to 5 s) and listens again.
// Cache clears travel the same way, so a write on one instance is not hidden by another's cache.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { Broadcaster, LiveMessage } from './notifier.js';

const LIVE = 'pustak_live';
const CACHE = 'pustak_cache';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_TEXT = 3_000;

export type SharedCacheName = 'catalogue' | 'callers';
/** Part of a cache: one key, or every entry with a tag (a book shown in it). */
export type CacheScope = { key: string } | { tag: string };

export interface PostgresFanout extends Broadcaster {
  readonly instanceId: string;
  /** Settles when the listener first listens. */
  readonly ready: Promise<void>;
  /** Whether the listening connection is up now. */
  listening(): boolean;
  /**
   * Tells the other instances to drop this cache: all of it, one key, or the entries with one
   * tag. Settles once the NOTIFY is committed (PostgreSQL then delivers it to every listener);
   * never rejects (a failed NOTIFY is logged).
   */
  clearElsewhere(cache: SharedCacheName, only?: CacheScope): Promise<void>;
  close(): Promise<void>;
}

export interface FanoutOptions {
  url: string;
  db: Kysely<any>;
  /** Delivers a message to this instance's hub clients (the user's only, when it names one). */
  deliver(message: LiveMessage): void;
  /** Drops this instance's cache, or part of it (a clear from another instance, or all after a reconnect). */
  clearCache(cache: SharedCacheName | 'all', only?: CacheScope): void;
  log: { info(message: string): void; warn(message: string): void };
}

const payloadOf = ({ sender, text, userId }: LiveMessage) =>
  JSON.stringify({ sender: sender.slice(0, MAX_TEXT), text: text.slice(0, MAX_TEXT), ...(userId ? { userId } : {}) });

export function createPostgresFanout({ url, db, deliver, clearCache, log }: FanoutOptions): PostgresFanout {
  const instanceId = randomUUID();
  let current: pg.Client | undefined;
  let closed = false;
  let everConnected = false;
  let retryMs = 250;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((done) => (markReady = done));
  const lostClients = new WeakSet<pg.Client>();

  function onNotification({ channel, payload }: pg.Notification) {
    try {
      const message = JSON.parse(payload ?? '{}');
      if (channel === LIVE && typeof message.sender === 'string' && typeof message.text === 'string') {
        deliver({ sender: message.sender, text: message.text, ...(typeof message.userId === 'string' ? { userId: message.userId } : {}) });
      }
      else if (channel === CACHE && message.from !== instanceId && (message.cache === 'catalogue' || message.cache === 'callers')) {
        const only = typeof message.key === 'string' ? { key: message.key } : typeof message.tag === 'string' ? { tag: message.tag } : undefined;
        clearCache(message.cache, only);
      }
    } catch {
      log.warn(`live: ignored a malformed ${channel} notification`);
    }
  }

  function lost(client: pg.Client, why: string) {
    if (lostClients.has(client)) return;
    lostClients.add(client);
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (current === client) current = undefined;
    if (closed) return;
    log.warn(`live: the LISTEN connection is down (${why}); reconnecting in ${retryMs} ms`);
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 5_000);
  }

  async function connect() {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client.on('error', (error) => lost(client, error.message));
    client.on('end', () => lost(client, 'connection ended'));
    client.on('notification', onNotification);
    try {
      await client.connect();
      await client.query(`listen ${LIVE}`);
      await client.query(`listen ${CACHE}`);
    } catch (error) {
      lost(client, error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed) {
      lostClients.add(client);
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryMs = 250;
    // Clears sent while this instance was not listening were missed: start the caches over.
    if (everConnected) {
      clearCache('all');
      log.info('live: listening again');
    }
    everConnected = true;
    markReady();
  }
  void connect();

  const notify = (channel: string, payload: string) =>
    sql`select pg_notify(${channel}, ${payload})`.execute(db).then(
      () => undefined,
      (error: Error) => log.warn(`live: NOTIFY ${channel} failed: ${error.message}`),
    );

  return {
    instanceId,
    ready,
    listening: () => current !== undefined,
    async publishInTransaction(tx: Transaction<any>, messages: LiveMessage[]) {
      await sql`select pg_notify(${LIVE}, payload) from unnest(${messages.map(payloadOf)}::text[]) with ordinality as m(payload, n) order by n`.execute(tx);
    },
    broadcast(sender, text) {
      void notify(LIVE, payloadOf({ sender, text }));
      return 0;
    },
    sendToUser(userId, sender, text) {
      void notify(LIVE, payloadOf({ sender, text, userId }));
      return 0;
    },
    clearElsewhere(cache, only) {
      // A key or tag too long to send whole is sent as a clear of the whole cache.
      const fits = !only || ('key' in only ? only.key : only.tag).length <= MAX_TEXT;
      return notify(CACHE, JSON.stringify({ from: instanceId, cache, ...(fits ? only : {}) }));
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      if (client) {
        lostClients.add(client);
        await client.end().catch(() => {});
      }
    },
  };
}
