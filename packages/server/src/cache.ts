// A small read cache for the public catalogue (book pages, one book, best sellers). Every
// catalogue write (and every order and verification) clears it. An entry also expires after
// its time to live in server time: 1 s for the lists that depend on the clock (sales running
// now, the last 30 days), longer for the rest, which only a write can change.
// Per process: with several instances (issue 9) the clear must travel with the live messages.
import type { Clock } from './clock.js';

export interface ReadCache {
  /** `ttlMs` overrides the default for this entry (longer for reads that depend on nothing but the data). */
  get<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T>;
  clear(): void;
  /** Drops one entry (a write that changes only what this key answers). */
  forget(key: string): void;
}

export function createReadCache(clock: Clock, { ttlMs = 1000, maxEntries = 500 } = {}): ReadCache {
  let generation = 0;
  const entries = new Map<string, { at: number; ttl: number; generation: number; value: Promise<unknown> }>();
  return {
    async get<T>(key: string, load: () => Promise<T>, entryTtlMs = ttlMs): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now >= hit.at && now - hit.at < hit.ttl) return hit.value as Promise<T>;
      const value = load();
      const entry = { at: now, ttl: entryTtlMs, generation, value };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // A failed load is not remembered.
      value.catch(() => entries.get(key) === entry && entries.delete(key));
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
