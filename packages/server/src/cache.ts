// A small read cache for the public catalogue (book pages, one book, best sellers). Every
// catalogue write clears it, and an entry also expires after `ttlMs` of server time, so the
// time-dependent lists (sales running now, the last 30 days) are never more than that stale.
// Per process: with several instances (issue 9) the clear must travel with the live messages.
import type { Clock } from './clock.js';

export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createReadCache(clock: Clock, { ttlMs = 1000, maxEntries = 500 } = {}): ReadCache {
  let generation = 0;
  const entries = new Map<string, { at: number; generation: number; value: Promise<unknown> }>();
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now >= hit.at && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      const entry = { at: now, generation, value };
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
  };
}
