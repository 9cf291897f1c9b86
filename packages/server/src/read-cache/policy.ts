// What the server keeps in its read cache, under which keys and tags, and what each write
// forgets: the one place a newcomer reads to see why an answer may be up to a second old, or
// why a write is seen at once. Handlers load through these and forget through these; the cache
// itself (store.ts) knows nothing of books or banners.
import { nextPriceChange, type PricedBook } from '../shared/pricing.js';
import type { ReadCache } from '../cache/store.js';

/** What the policy needs of the server's services: the cache (handlers pass their services). */
type Services = { cache: ReadCache };

/** Reads that depend only on the stored data: any write clears them. */
const STABLE_TTL_MS = 30_000;
/** The book lists that depend on the clock (sales running now, the last 30 or 90 days). */
const TIME_DEPENDENT_TTL_MS = 1000;
const TIME_DEPENDENT_SORTS = new Set(['newestarrivals', 'newrelease', 'dealsanddiscount']);
/**
 * One book's page. Everything that changes what it shows drops it by its tag, on every instance
 * (a clear travels with NOTIFY, and an instance that lost its LISTEN connection clears all when it
 * listens again); its deal by its validUntil. The time only bounds what a write made outside the
 * server (psql) leaves: long, so that a shop's whole catalogue stays in memory (the bench's 10,000
 * books take under 10 MB), instead of each page being read again every 30 s.
 */
const BOOK_TTL_MS = 10 * 60_000;
/** A warm-up fills at most this share of the cache's budget, leaving the rest to what visitors ask for. */
const WARM_SHARE = 0.5;

/** The best sellers' cache entry: a placed order changes it (and nothing else of the catalog). */
const BEST_SELLERS_KEY = 'best-sellers';
/** The cache entry of the books per genre (the home page's Shop by genre). */
const GENRE_COUNTS_KEY = 'genre-counts';
/** The cache entry of the active banner that every page of the web app carries; an announcement's write drops it. */
const ACTIVE_ANNOUNCEMENT_KEY = 'announcement:active';

/** The cache tag of the entries that show a book: a write that changes only that book drops them. */
const bookTag = (bookId: string) => `book:${bookId}`;

type Shows = { book: { id: string } & Pick<PricedBook, 'is_on_sale' | 'start_time' | 'end_time'> };

/**
 * An entry showing books is tagged with them, and is not served once a deal of one of them
 * starts or ends: which books a list holds (the deals list) changes then. The prices themselves
 * are worked out after the cache, at each request's instant (modules/books/views.ts).
 */
const showing = <T>(books: (value: T) => Iterable<Shows>) => ({
  tagsOf: (value: T) => [...books(value)].map((shown) => bookTag(shown.book.id)),
  validUntil: (value: T, loadedAt: number) => {
    const changes = [...books(value)].flatMap(({ book }) => nextPriceChange(book, new Date(loadedAt))?.getTime() ?? []);
    return changes.length > 0 ? changes.reduce((first, next) => Math.min(first, next)) : null;
  },
});

const cached = <T>(services: Services, key: string, load: () => Promise<T>, ttlMs: number, books: (value: T) => Iterable<Shows>) => {
  const { tagsOf, validUntil } = showing(books);
  return services.cache.get(key, load, ttlMs, tagsOf, validUntil);
};

/** One page of the storefront's list; the query (page, sort, filters) is the key. */
export const cachedBookPage = <T extends { rows: Shows[] }>(services: Services, query: { sortBy: string }, load: () => Promise<T>) =>
  cached(services, `books:${JSON.stringify(query)}`, load, TIME_DEPENDENT_SORTS.has(query.sortBy) ? TIME_DEPENDENT_TTL_MS : STABLE_TTL_MS, (page) => page.rows);

export const cachedBestSellers = <T extends { entry: Shows }>(services: Services, load: () => Promise<T[]>) =>
  cached(services, BEST_SELLERS_KEY, load, STABLE_TTL_MS, (list) => list.map(({ entry }) => entry));

export const cachedAllBooks = <T extends Shows>(services: Services, load: () => Promise<T[]>) =>
  cached(services, 'all-books', load, STABLE_TTL_MS, (rows) => rows);

/**
 * Books per genre: no deal and no stock changes them, only a book created, edited or deleted,
 * whose forgetCatalog drops the entry with every other one.
 */
export const cachedGenreCounts = <T>(services: Services, load: () => Promise<T>) => services.cache.get(GENRE_COUNTS_KEY, load, STABLE_TTL_MS);

const bookKey = (id: string) => `book:${id}`;

export const cachedBook = <T extends Shows>(services: Services, id: string, load: () => Promise<T>) =>
  cached(services, bookKey(id), load, BOOK_TTL_MS, (found) => [found]);

/**
 * Keeps book pages read ahead of their first visitor (a warm-up after start), each as
 * {@link cachedBook} would keep it; answers false once the warm-up's share of the budget is spent.
 */
export const warmBooks = async <T extends Shows>(services: Services, load: () => Promise<T[]>): Promise<boolean> => {
  const { full } = await services.cache.fill(async () => (await load()).map((found) => [bookKey(found.book.id), found] as const), {
    ttlMs: BOOK_TTL_MS,
    ...showing((found: T) => [found]),
    maxShare: WARM_SHARE,
  });
  return !full;
};

/** The active banner for a page of the web app: cached (1 s, the clock decides what is active), dropped by a write. */
export const cachedActiveAnnouncement = <T>(services: Services, load: () => Promise<T>) => services.cache.get(ACTIVE_ANNOUNCEMENT_KEY, load);

/**
 * A write that can change which books a list holds, or their order (a book created, edited,
 * deleted, its sale changed): every cached read goes.
 */
export const forgetCatalog = (services: Services) => services.cache.clear();

/** Drops the cached pages that show these books (their stock, stars or reviews changed), on every instance. */
export const forgetBooks = async (services: Services, bookIds: Iterable<string>): Promise<void> => {
  await Promise.all([...new Set(bookIds)].map((id) => services.cache.forgetTagged(bookTag(id))));
};

/** A placed order: best sellers count order lines; stock and the rest of the catalog change only at verification. */
export const forgetBestSellers = (services: Services) => services.cache.forget(BEST_SELLERS_KEY);

export const forgetActiveAnnouncement = (services: Services) => services.cache.forget(ACTIVE_ANNOUNCEMENT_KEY);
