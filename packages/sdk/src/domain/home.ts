import { GENRES, HOME_LIMITS, type GenreName } from './constants.js';
import { type DateInput, timestampMs } from './timestamps.js';
import { isDealRunning, type SaleWindow } from './pricing.js';

/** The parts of a book the Home rules read (the generated Book fits). */
export type HomeBook = SaleWindow & {
  isOnSale?: boolean | null;
  createdAt?: DateInput;
  genre?: string | null;
};

/** Books newest first by createdAt (undated last; ties keep their given order). */
export function newestFirst<T extends HomeBook>(books: readonly T[]): T[] {
  const created = (b: T) => {
    const ms = timestampMs(b.createdAt);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...books].sort((a, b) => created(b) - created(a) || 0);
}

/** Splits books by isOnSale: on-sale books newest first by createdAt (undated last), the rest in their given order. */
export function splitBySale<T extends HomeBook>(books: readonly T[]): { onSale: T[]; others: T[] } {
  return { onSale: newestFirst(books.filter((b) => b.isOnSale === true)), others: books.filter((b) => b.isOnSale !== true) };
}

/** A Shop By Genre tile. */
export type GenreCount = { genre: GenreName; count: number };

/** The first `limit` genres in GENRES order (zero counts included) with how many books match each, case-insensitively. */
export function genreCounts(books: readonly HomeBook[], limit: number = HOME_LIMITS.genres): GenreCount[] {
  return GENRES.slice(0, limit).map((genre) => ({
    genre,
    count: books.filter((b) => b.genre?.trim().toLowerCase() === genre.toLowerCase()).length,
  }));
}

/** What each Home section shows. */
export type HomeSections<T, B> = {
  genres: GenreCount[];
  newArrivals: T[];
  comingSoon: T[];
  bestSelling: B[];
  deals: T[];
};

/** Books whose sale is announced but not open yet (on sale, start after `now`), soonest start first. */
export function upcomingSales<T extends HomeBook>(books: readonly T[], now: Date): T[] {
  const t = now.getTime();
  return books
    .filter((b) => b.isOnSale === true && timestampMs(b.startTime) > t)
    .sort((a, b) => timestampMs(a.startTime) - timestampMs(b.startTime));
}

/**
 * Home page slices: genre tiles; New Arrivals, the newest 5 books not on sale (createdAt
 * descending); Coming Soon, the first 5 books whose sale starts in the future, soonest first
 * (the spec filled both with the same five books); the first 3 best sellers; the first 3
 * on-sale books whose deal runs at `now`.
 */
export function homeSections<T extends HomeBook, B>(
  books: readonly T[],
  bestSellers: readonly B[],
  now: Date,
): HomeSections<T, B> {
  const { onSale, others } = splitBySale(books);
  return {
    genres: genreCounts(books),
    newArrivals: newestFirst(others).slice(0, HOME_LIMITS.newArrivals),
    comingSoon: upcomingSales(books, now).slice(0, HOME_LIMITS.comingSoon),
    bestSelling: bestSellers.slice(0, HOME_LIMITS.bestSelling),
    deals: onSale.filter((b) => isDealRunning(b, now)).slice(0, HOME_LIMITS.deals),
  };
}
