import { farEndText } from './dates.js';
import { type DateInput, timestampMs } from './timestamps.js';

// What a copy costs, whether a deal runs and until when are the server's figures
// (`Book.pricing`, `CartBook.pricing`): this module only turns them into text. The price
// rules live once, on the server (issue 28).

/** The parts of a book's server pricing the sale countdown reads (the generated BookPricing fits). */
export type DealTiming = {
  dealRunning: boolean;
  dealStartsAt?: DateInput;
  dealEndsAt?: DateInput;
};

/**
 * Book-card sale state, from the server's pricing at `now`. 'running' shows the sale badge
 * with `text`: the end date ('Ends 31 Dec 2027', `ticking` false) while the end is more than a
 * week away, else the clock (HH:MM:SS, with a day count in front once a day or more is left;
 * `ticking` true), or no text when the server sent no end. 'future' shows its `text` as a
 * plain note. 'none' shows nothing. 'stale' shows nothing either: the moment the server
 * reported has passed (the running deal's end, or the announced deal's start), so the badge
 * is gone and the book should be read again for its new price.
 */
export type SaleCountdown =
  | { state: 'none' }
  | { state: 'future'; text: 'Starts in future' }
  | { state: 'running'; text: string | null; ticking: boolean }
  | { state: 'stale' };

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

/**
 * The sale badge's state and text at `now`, read from the server's pricing: a running deal
 * counts down to `dealEndsAt` (it still runs at that instant, as the server counts it, and is
 * stale one millisecond after); an announced one says 'Starts in future' until `dealStartsAt`.
 */
export function saleCountdown(pricing: DealTiming, now: Date): SaleCountdown {
  const t = now.getTime();
  if (pricing.dealRunning) {
    const end = timestampMs(pricing.dealEndsAt);
    if (Number.isNaN(end)) return { state: 'running', text: null, ticking: false };
    if (t > end) return { state: 'stale' };
    const endDate = farEndText(end, now);
    return endDate
      ? { state: 'running', text: endDate, ticking: false }
      : { state: 'running', text: formatSaleRemaining(end - t), ticking: true };
  }
  const start = timestampMs(pricing.dealStartsAt);
  if (Number.isNaN(start)) return { state: 'none' };
  return t < start ? { state: 'future', text: 'Starts in future' } : { state: 'stale' };
}
