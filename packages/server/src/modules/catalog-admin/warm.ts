// The book pages read into the read cache after start (read-cache/policy.ts warmBooks), so the
// first visitor of each book after a start or a deploy is not the one who waits for it.
import { warmBooks } from '../../read-cache/policy.js';
import type { Services } from '../../shared/services.js';
import { booksAfter } from './rules.js';

const PAGE = 500;

/**
 * Reads the books, newest first, a page of 500 at a time (each its own statement: PGlite's one
 * connection is never held for long), until every book is in or the warm-up's share of the
 * cache is spent. A book changed meanwhile is not kept from a page read before (the cache's tags).
 * `stop` ends it after the page being read.
 */
export function warmBookPages(services: Pick<Services, 'db' | 'cache'>): { done: Promise<void>; stop(): void } {
  let stopped = false;
  const done = (async () => {
    let after: { created_at: Date; id: string } | null = null;
    while (!stopped) {
      let last: { created_at: Date; id: string } | null = null;
      const room = await warmBooks(services, async () => {
        const page = await booksAfter(services.db, after, PAGE);
        last = page.at(-1)?.book ?? null;
        return page;
      });
      if (!room || !last) return;
      after = last;
    }
  })();
  return { done, stop: () => void (stopped = true) };
}
