// Where the attempt counters of http/rate-limit.ts live: in memory for one instance (PGlite), in
// the database (table rate_limits) on PostgreSQL, where several instances must count together or
// each one lets an attacker through N times the limit.
import { sql } from 'kysely';
import type { OpenDatabase } from '../db/database.js';
import type { Db } from '../shared/context.js';

export interface RateLimitCount {
  /** Attempts in the key's current window. */
  count: number;
  /** When that window ends (ms). */
  resetAt: number;
}

/** Where the counters live. Every call is atomic per key in any implementation. */
export interface RateLimitStore {
  /** Each key's count in its running window, without counting an attempt; undefined where none runs. */
  peek(keys: readonly string[], now: number): Promise<(RateLimitCount | undefined)[]>;
  /**
   * Counts one attempt; answers the attempts in the key's current window and when it ends. A
   * store with no room for a new key answers `count: Infinity` (over every limit) and the time
   * room frees as `resetAt`: it refuses rather than forget a running count.
   */
  hit(key: string, windowMs: number, now: number): Promise<RateLimitCount>;
  /** Takes one attempt back from the key's running window, if one runs (a verified order). */
  giveBack(key: string, now: number): Promise<void>;
  /** Forgets the key's attempts (a successful sign-in). */
  reset(key: string): Promise<void>;
  /**
   * `peek`, then, only while no key is at its `max`, `hit` of each in turn, at once (a store whose
   * every call is a round trip to the database): answers the counts over their max, none when
   * the attempt was counted. Without it the caller peeks and hits itself.
   */
  attempt?(counters: readonly { key: string; windowMs: number; max: number }[], now: number): Promise<RateLimitCount[]>;
}

/**
 * Counters in this process, at most `maxKeys` of them. A count is never forgotten before its
 * window ends, or a flood of new keys would give an attacker fresh tries: when full, ended
 * windows make room, and with none ended a new key is refused until the first one ends. The
 * windows of one length are kept in the order they end (a window is put last when it starts),
 * so the ended ones are found at the front without a scan.
 */
export function memoryRateLimitStore({ maxKeys = 100_000 } = {}): RateLimitStore {
  const byLength = new Map<number, Map<string, RateLimitCount>>();
  let size = 0;
  const running = (key: string, now: number) => {
    for (const windows of byLength.values()) {
      const entry = windows.get(key);
      if (entry && entry.resetAt > now) return entry;
    }
    return undefined;
  };
  const dropEnded = (now: number) => {
    for (const windows of byLength.values()) {
      for (const [key, entry] of windows) {
        if (entry.resetAt > now) break;
        windows.delete(key);
        size -= 1;
      }
    }
  };
  const firstEnd = () => Math.min(...[...byLength.values()].map((windows) => windows.values().next().value?.resetAt ?? Infinity));
  return {
    async peek(keys, now) {
      return keys.map((key) => {
        const entry = running(key, now);
        return entry && { ...entry };
      });
    },
    async hit(key, windowMs, now) {
      let windows = byLength.get(windowMs);
      if (!windows) byLength.set(windowMs, (windows = new Map()));
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        if (entry) {
          windows.delete(key);
          size -= 1;
        }
        if (size >= maxKeys) dropEnded(now);
        if (size >= maxKeys) return { count: Infinity, resetAt: firstEnd() };
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
        size += 1;
      }
      entry.count += 1;
      return { ...entry };
    },
    async giveBack(key, now) {
      const entry = running(key, now);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    },
    async reset(key) {
      for (const windows of byLength.values()) if (windows.delete(key)) size -= 1;
    },
  };
}

/**
 * Counters in the database (table rate_limits): every instance on one PostgreSQL database counts
 * together. One upsert per attempt, atomic under the row's lock; expired windows are deleted now
 * and then, running ones never (the table has no bound but the disk).
 */
export function databaseRateLimitStore(db: Db, { sweepEvery = 500 } = {}): RateLimitStore {
  let hits = 0;
  return {
    async peek(keys, now) {
      if (keys.length === 0) return [];
      const rows = await db.selectFrom('rate_limits').select(['key', 'count', 'reset_at'])
        .where('key', 'in', keys).where('reset_at', '>', new Date(now)).execute();
      return keys.map((key) => {
        const row = rows.find((r) => r.key === key);
        return row && { count: Number(row.count), resetAt: new Date(row.reset_at).getTime() };
      });
    },
    async hit(key, windowMs, now) {
      const at = new Date(now);
      if (++hits % sweepEvery === 0) await db.deleteFrom('rate_limits').where('reset_at', '<=', at).execute();
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: new Date(now + windowMs) })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<Date>`case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return countOf(row);
    },
    async attempt(counters, now) {
      if (counters.length === 0) return [];
      const at = new Date(now);
      if ((hits += counters.length) % sweepEvery < counters.length) await db.deleteFrom('rate_limits').where('reset_at', '<=', at).execute();
      const wanted = sql.join(counters.map(({ key, windowMs, max }, n) => sql`(${n}::int, ${key}::text, ${new Date(now + windowMs)}::timestamptz, ${max}::int)`));
      // The keys are counted in the order given, as hit() after hit() would (two requests of one operation lock them alike).
      const { rows } = await sql<{ key: string; count: number; reset_at: Date; over: boolean }>`
        with wanted (n, key, reset_at, max) as (values ${wanted}),
        running as (
          select r.key, r.count, r.reset_at from rate_limits r join wanted w on w.key = r.key where r.reset_at > ${at} and r.count >= w.max
        ), counted as (
          insert into rate_limits as r (key, count, reset_at)
          select key, 1, reset_at from wanted where not exists (select from running) order by n
          on conflict (key) do update set
            count = case when r.reset_at <= ${at} then 1 else r.count + 1 end,
            reset_at = case when r.reset_at <= ${at} then excluded.reset_at else r.reset_at end
          returning r.key, r.count, r.reset_at
        )
        select key, count, reset_at, true as over from running
        union all
        select c.key, c.count, c.reset_at, c.count > w.max from counted c join wanted w on w.key = c.key`.execute(db);
      return rows.filter((row) => row.over).map(countOf);
    },
    async giveBack(key, now) {
      await db.updateTable('rate_limits').set({ count: sql<number>`greatest(count - 1, 0)` })
        .where('key', '=', key).where('reset_at', '>', new Date(now)).execute();
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

const countOf = (row: { count: number | string; reset_at: Date | string }): RateLimitCount => ({ count: Number(row.count), resetAt: new Date(row.reset_at).getTime() });

/** The store a server counts in: the one given, else the database on PostgreSQL (every instance counts together), else memory. */
export function rateLimitStoreFor(choice: RateLimitStore | 'memory' | 'database' | undefined, database: OpenDatabase): RateLimitStore {
  if (typeof choice === 'object') return choice;
  return (choice ?? (database.kind === 'postgres' ? 'database' : 'memory')) === 'database' ? databaseRateLimitStore(database.db) : memoryRateLimitStore();
}
