import { HOME_LIMITS } from './constants.js';
import { type DateInput, parseTimestamp, timestampMs } from './timestamps.js';

/**
 * The parts of a book the Home rules read (the generated Book fits): whether a deal runs or is
 * announced is the server's `pricing`, read as sent.
 */
export type HomeBook = {
  pricing: { dealRunning: boolean; dealStartsAt?: DateInput };
  createdAt?: DateInput;
};

/** Books newest first by createdAt (undated last; ties keep their given order). */
export function newestFirst<T extends HomeBook>(books: readonly T[]): T[] {
  const created = (b: T) => {
    const ms = timestampMs(b.createdAt);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...books].sort((a, b) => created(b) - created(a) || 0);
}

/** A deal runs or is announced for the book, as the server's pricing says. */
const hasDeal = (b: HomeBook) => b.pricing.dealRunning || parseTimestamp(b.pricing.dealStartsAt) !== null;

/**
 * Splits books by their deal (running or announced, as the server's pricing says): those newest
 * first by createdAt (undated last), the rest in their given order.
 */
export function splitBySale<T extends HomeBook>(books: readonly T[]): { onSale: T[]; others: T[] } {
  return { onSale: newestFirst(books.filter(hasDeal)), others: books.filter((b) => !hasDeal(b)) };
}

/**
 * What each Home section shows of the books and best sellers it is given. Shop By Genre is not
 * one of them: the server counts the whole catalogue (`books.genreCounts()`), never a page.
 */
export type HomeSections<T, B> = {
  newArrivals: T[];
  comingSoon: T[];
  bestSelling: B[];
  deals: T[];
};

/** Books whose deal the server announces (`pricing.dealStartsAt`), soonest start first. */
export function upcomingSales<T extends HomeBook>(books: readonly T[]): T[] {
  const starts = (b: T) => timestampMs(b.pricing.dealStartsAt);
  return books.filter((b) => !Number.isNaN(starts(b))).sort((a, b) => starts(a) - starts(b));
}

/**
 * Home page slices: New Arrivals, the newest 5 books not on sale (createdAt
 * descending); Coming Soon, the first 5 books whose deal the server announces, soonest first
 * (the spec filled both with the same five books); the first 3 best sellers; the first 3
 * books whose deal runs, as the server's pricing says.
 */
export function homeSections<T extends HomeBook, B>(books: readonly T[], bestSellers: readonly B[]): HomeSections<T, B> {
  const { onSale, others } = splitBySale(books);
  return {
    newArrivals: newestFirst(others).slice(0, HOME_LIMITS.newArrivals),
    comingSoon: upcomingSales(books).slice(0, HOME_LIMITS.comingSoon),
    bestSelling: bestSellers.slice(0, HOME_LIMITS.bestSelling),
    deals: onSale.filter((b) => b.pricing.dealRunning).slice(0, HOME_LIMITS.deals),
  };
}
