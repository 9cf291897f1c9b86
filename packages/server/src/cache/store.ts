// A small read cache for the public catalog (book pages, one book, best sellers). A write that
// can change which books a list holds, or their order (a book created, edited, deleted, its sale
// changed), clears it. A write that changes only what is shown of some books (a verification
// takes their stock down, a review changes their stars) drops only the entries that show those
// books: each entry is tagged with the books in it. An entry also expires after its time to live
// in server time: 1 s for the lists that depend on the clock (sales running now, the last 30
// days), longer for the rest, which only a write can change; and at the instant its value says
// it stops being true (a deal shown in it starts or ends), whichever comes first. When full, the entry used least
// recently goes: a flood of one-off reads (book pages of a 10,000-book shop) must not push out
// the catalog's first pages, which nearly every visitor asks for. Full is a budget in bytes
// (each entry's size estimated once, from its JSON's length, when its load ends) and, optionally,
// a number of entries: a count alone let 1,000 book pages (2 KB each) push each other out of
// 500 entries, when the whole 10,000-book catalogue fits in a few MB.
// Per process: with several instances (issue 9) the clears travel with the live messages.
import type { Clock } from '../clock.js';

export interface ReadCache {
  /**
   * The cached value of `key`, or `load()`'s. `ttlMs` overrides the default for this entry;
   * `tagsOf` names what the value shows (book ids), for {@link ReadCache.forgetTagged};
   * `validUntil` the first instant (ms) at which a value loaded at `loadedAt` is no longer
   * true, or null when only time to live and writes end it.
   */
  get<T>(
    key: string,
    load: () => Promise<T>,
    ttlMs?: number,
    tagsOf?: (value: T) => Iterable<string>,
    validUntil?: (value: T, loadedAt: number) => number | null,
  ): Promise<T>;
  /**
   * Drops every entry. This one's at once; on several instances (server.ts, `shared`) the
   * returned promise settles once the others have been told (their NOTIFY is committed), so a
   * write awaits it before it answers: whoever hears "done" finds no instance with the old answer
   * still to forget.
   */
  clear(): void | Promise<void>;
  /**
   * Stores values read together ahead of their first reader (a warm-up), each as {@link ReadCache.get}
   * would have stored it: not over a key already held, not when the cache was cleared or one of the
   * value's tags forgotten while `load` ran (it may have read the old data), and not past `maxShare`
   * of the byte budget (nothing is pushed out for it). Answers how many it stored, and `full` when
   * the budget stopped it.
   */
  fill<T>(
    load: () => Promise<Iterable<readonly [string, T]>>,
    options?: { ttlMs?: number; tagsOf?: (value: T) => Iterable<string>; validUntil?: (value: T, loadedAt: number) => number | null; maxShare?: number },
  ): Promise<{ stored: number; full: boolean }>;
  /** Drops one entry (a write that changes only what this key answers). */
  forget(key: string): void | Promise<void>;
  /**
   * Drops every entry tagged `tag` (every cached page that shows a book), and keeps a load that
   * was under way when it was called from being stored: it may have read the old data.
   */
  forgetTagged(tag: string): void | Promise<void>;
}

interface Entry {
  at: number;
  ttl: number;
  generation: number;
  /** When the load started, on the cache's own sequence of events. */
  started: number;
  value: Promise<unknown>;
  tags?: string[];
  /** Served only before this instant (validUntil). */
  until?: number;
  /** Its estimated size in bytes, once loaded (0 while its load runs). */
  bytes: number;
  /** Read since it was stored or last passed over by an eviction (its second chance). */
  used?: boolean;
}

export interface ReadCacheLimits {
  /** The default time to live (ms). */
  ttlMs?: number;
  /** At most this many bytes of values (estimated, see {@link estimatedBytes}): 32 MB. */
  maxBytes?: number;
  /** At most this many entries: no limit but the bytes. */
  maxEntries?: number;
}

export const DEFAULT_READ_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * What an entry costs, roughly: its value's JSON length and its key (the strings it holds are
 * mostly one byte a character in V8), plus a fixed share for the entry and its object headers.
 */
export function estimatedBytes(key: string, value: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  return key.length + (json?.length ?? 0) + 200;
}

export function createReadCache(clock: Clock, { ttlMs = 1000, maxBytes = DEFAULT_READ_CACHE_BYTES, maxEntries = Infinity }: ReadCacheLimits = {}): ReadCache {
  let generation = 0;
  let sequence = 0;
  let bytes = 0;
  const entries = new Map<string, Entry>();
  /** Tag -> the keys of the entries tagged with it. */
  const tagged = new Map<string, Set<string>>();
  /** Tag -> when it was last forgotten (on `sequence`). */
  const forgotten = new Map<string, number>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    for (const tag of entry.tags ?? []) {
      const keys = tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) tagged.delete(tag);
    }
  };

  /** Whether one of these tags was forgotten after `started`: what was read then may be old. */
  const forgottenSince = (tags: string[], started: number) => tags.some((name) => (forgotten.get(name) ?? 0) > started);

  /** Files a stored entry under its tags, for forgetTagged. */
  const fileUnderTags = (key: string, entry: Entry, tags: string[]) => {
    entry.tags = tags;
    for (const name of tags) {
      if (!tagged.has(name)) tagged.set(name, new Set());
      tagged.get(name)!.add(key);
    }
  };

  /**
   * Lets go of the entry used least recently, roughly ("second chance"): the oldest one not read
   * since it was stored or last passed over; a read one is moved to the back instead, its mark
   * cleared. A read only marks its entry. Moving it to the back of the Map on every read (delete,
   * then set) left V8 a deleted copy of that key to walk past on each later read of it, until
   * the table was rebuilt: 29 µs a read of the first catalogue page with 10,000 book pages kept,
   * against 1 µs. Answers false when there is nothing left to drop.
   */
  const evictOne = (): boolean => {
    for (const [key, entry] of entries) {
      if (!entry.used) {
        drop(key);
        return true;
      }
      entry.used = false;
      entries.delete(key);
      entries.set(key, entry);
    }
    return false;
  };

  return {
    async get<T>(
      key: string,
      load: () => Promise<T>,
      entryTtlMs = ttlMs,
      tagsOf?: (value: T) => Iterable<string>,
      validUntil?: (value: T, loadedAt: number) => number | null,
    ): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now >= hit.at && now - hit.at < hit.ttl && now < (hit.until ?? Infinity)) {
        hit.used = true;
        return hit.value as Promise<T>;
      }
      drop(key);
      const value = load();
      const entry: Entry = { at: now, ttl: entryTtlMs, generation, started: ++sequence, value, bytes: 0 };
      entries.set(key, entry);
      if (entries.size > maxEntries) evictOne();
      value.then(
        (loaded) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = estimatedBytes(key, loaded);
          bytes += entry.bytes;
          // Over the budget: the least recently used go first.
          while (bytes > maxBytes && evictOne());
          if (entries.get(key) !== entry) return;
          entry.until = validUntil?.(loaded, entry.at) ?? undefined;
          if (!tagsOf) return;
          const tags = [...new Set(tagsOf(loaded))];
          // A tag forgotten while this load ran: what it read may be old.
          if (forgottenSince(tags, entry.started)) return drop(key);
          fileUnderTags(key, entry, tags);
        },
        // A failed load is not remembered.
        () => entries.get(key) === entry && drop(key),
      );
      return value;
    },
    async fill(load, { ttlMs: entryTtlMs = ttlMs, tagsOf, validUntil, maxShare = 1 } = {}) {
      const startedGeneration = generation;
      const started = ++sequence;
      const at = clock.now().getTime();
      const values = await load();
      let stored = 0;
      for (const [key, value] of values) {
        if (generation !== startedGeneration) break;
        if (entries.has(key)) continue;
        const tags = tagsOf ? [...new Set(tagsOf(value))] : undefined;
        if (tags && forgottenSince(tags, started)) continue;
        const size = estimatedBytes(key, value);
        if (bytes + size > maxBytes * maxShare || entries.size >= maxEntries) return { stored, full: true };
        const entry: Entry = { at, ttl: entryTtlMs, generation, started, value: Promise.resolve(value), bytes: size, until: validUntil?.(value, at) ?? undefined };
        entries.set(key, entry);
        bytes += size;
        if (tags) fileUnderTags(key, entry, tags);
        stored += 1;
      }
      return { stored, full: false };
    },
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
      tagged.clear();
      forgotten.clear();
    },
    forget(key) {
      drop(key);
    },
    forgetTagged(tag) {
      forgotten.set(tag, ++sequence);
      for (const key of [...(tagged.get(tag) ?? [])]) drop(key);
    },
  };
}
