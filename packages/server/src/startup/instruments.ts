// What the metrics read besides the requests (plugins/metrics.ts counts those): the read caches'
// hits and misses, the hub's connections and messages, the database pool, the mail outbox and
// the orders. Counters are this instance's; the outbox and orders gauges are read from the
// database, so every instance answers the shop's whole figure.
import { sql } from 'kysely';
import type { ReadCache } from '../cache/store.js';
import type { OpenDatabase } from '../db/database.js';
import type { Hub } from '../live/hub.js';
import { MAIL_DEFAULTS } from '../mail/outbox.js';
import type { Metrics } from '../shared/metrics.js';

/** The cache, counting whether each read was served from it or loaded. */
export function countedCache(cache: ReadCache, name: string, metrics: Metrics): ReadCache {
  const reads = metrics.counter(`pustak_cache_${name}_reads_total`, `Reads of the ${name} cache, by result (hit: served from it; miss: loaded).`);
  return {
    ...cache,
    get: async (key, load, ttlMs, tagsOf, validUntil) => {
      let missed = false;
      const value = await cache.get(key, () => ((missed = true), load()), ttlMs, tagsOf, validUntil);
      reads.inc({ result: missed ? 'miss' : 'hit' });
      return value;
    },
  };
}

/** The hub, counting the messages it sends (one per client a message reaches). */
export function countedHub(hub: Hub, metrics: Metrics): Hub {
  const sent = metrics.counter('pustak_hub_messages_sent_total', 'Live messages sent to hub clients, by kind (broadcast, user).');
  metrics.gauge('pustak_hub_connections', 'Open hub connections on this instance.', () => [{ value: hub.clientCount() }]);
  return {
    ...hub,
    broadcast: (sender: string, text: string) => {
      const reached = hub.broadcast(sender, text);
      sent.inc({ kind: 'broadcast' }, reached);
      return reached;
    },
    sendToUser: (userId: string, sender: string, text: string) => {
      const reached = hub.sendToUser(userId, sender, text);
      sent.inc({ kind: 'user' }, reached);
      return reached;
    },
  };
}

export function databaseGauges(database: OpenDatabase, metrics: Metrics, maxMailAttempts = MAIL_DEFAULTS.maxAttempts) {
  metrics.gauge('pustak_db_pool_connections', 'Database connections of this instance, by state (in_use, idle, waiting: requests waiting for one).', () => {
    const { connections, idle, waiting } = database.stats();
    return [
      { labels: { state: 'in_use' }, value: connections - idle },
      { labels: { state: 'idle' }, value: idle },
      { labels: { state: 'waiting' }, value: waiting },
    ];
  });
  metrics.gauge('pustak_db_statement_errors', 'Statements that failed on this instance since it started (a counter, read as a gauge).', () => [
    { value: database.stats().statementErrors },
  ]);
  metrics.gauge('pustak_mail_outbox', 'E-mails in the outbox, by state (queued: to be sent or retried; sent; failed: gave up after the last try).', async () => {
    const row = await database.db
      .selectFrom('mail_outbox')
      .select([
        sql<number>`count(*) filter (where sent_at is null and attempts < ${maxMailAttempts})`.as('queued'),
        sql<number>`count(*) filter (where sent_at is not null)`.as('sent'),
        sql<number>`count(*) filter (where sent_at is null and attempts >= ${maxMailAttempts})`.as('failed'),
      ])
      .executeTakeFirstOrThrow();
    return (['queued', 'sent', 'failed'] as const).map((state) => ({ labels: { state }, value: Number(row[state]) }));
  });
  metrics.gauge('pustak_orders', 'Orders in the shop, by status.', async () => {
    const rows = await database.db.selectFrom('orders').select(['status', sql<number>`count(*)`.as('count')]).groupBy('status').execute();
    return rows.map((row) => ({ labels: { status: row.status }, value: Number(row.count) }));
  });
}
