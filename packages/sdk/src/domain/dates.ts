import { type DateInput, parseTimestamp, timestampMs } from './timestamps.js';

export { type DateInput, parseTimestamp, timestampMs } from './timestamps.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Time zone dates are shown in: the store is in Nepal. */
export const DISPLAY_TIME_ZONE = 'Asia/Kathmandu';

// Nepal's clocks have never had daylight saving: UTC+05:45 since 1986, UTC+05:30 from 1920, local
// mean time (+05:41:16) before (the IANA zone Asia/Kathmandu), so its wall clock is arithmetic.
// The browser's first Intl.DateTimeFormat with a time zone loads ICU's zone data, ~13 ms on the
// main thread (~50 ms on a slow phone), in the middle of the storefront's take-over (the banner's
// end date, a book's publication date); the default zone never asks it.
const KATHMANDU_OFFSETS: ReadonlyArray<{ fromMs: number; offsetMs: number }> = [
  { fromMs: Date.UTC(1985, 11, 31, 18, 30), offsetMs: (5 * 3600 + 45 * 60) * 1000 },
  { fromMs: Date.UTC(1919, 11, 31, 18, 18, 44), offsetMs: (5 * 3600 + 30 * 60) * 1000 },
  { fromMs: -Infinity, offsetMs: (5 * 3600 + 41 * 60 + 16) * 1000 },
];

/** The wall clock in Asia/Kathmandu at `date` (its fields read with getUTC*); null for another zone. */
function kathmanduClock(date: Date, timeZone: string): Date | null {
  if (timeZone !== DISPLAY_TIME_ZONE) return null;
  const { offsetMs } = KATHMANDU_OFFSETS.find(({ fromMs }) => date.getTime() >= fromMs)!;
  return new Date(date.getTime() + offsetMs);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function calendarDay(date: Date, timeZone: string): { day: number; month: number; year: number } {
  const wall = kathmanduClock(date, timeZone);
  if (wall) return { day: wall.getUTCDate(), month: wall.getUTCMonth() + 1, year: wall.getUTCFullYear() };
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // Numeric en-US parts are the same everywhere; month names are spelled below, not by ICU.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { day: part('day'), month: part('month'), year: part('year') };
}

/**
 * Formats a date as "21 November 2026" ("21 Nov 2026" with month 'short') in the given time
 * zone (default Asia/Kathmandu); 'N/A' when missing or invalid.
 */
export function formatDate(value: DateInput, options: { timeZone?: string; month?: 'long' | 'short' } = {}): string {
  const date = parseTimestamp(value);
  if (!date) return 'N/A';
  const { day, month, year } = calendarDay(date, options.timeZone ?? DISPLAY_TIME_ZONE);
  const name = MONTHS[month - 1] ?? '';
  return `${day} ${options.month === 'short' ? name.slice(0, 3) : name} ${year}`;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "23 Nov 2026, 15:45" (24-hour clock) in the given time zone (default Asia/Kathmandu): when an
 * order's step happened. 'N/A' when missing or invalid.
 */
export function formatDateTime(value: DateInput, options: { timeZone?: string } = {}): string {
  const date = parseTimestamp(value);
  if (!date) return 'N/A';
  const timeZone = options.timeZone ?? DISPLAY_TIME_ZONE;
  const wall = kathmanduClock(date, timeZone);
  if (wall) {
    const twoDigits = (n: number) => String(n).padStart(2, '0');
    return `${formatDate(date, { timeZone, month: 'short' })}, ${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
  }
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${formatDate(date, { timeZone, month: 'short' })}, ${part('hour')}:${part('minute')}`;
}

/** A countdown shows its ticking clock only in the last 7 days; before that, the end date. */
export const COUNTDOWN_CLOCK_WITHIN_MS = 7 * 86_400_000;

/**
 * "Ends 31 Dec 2027" while the end is more than COUNTDOWN_CLOCK_WITHIN_MS away, else null
 * (the caller shows its ticking clock). A sale months long read as a 26,701-day counter.
 */
export function farEndText(end: DateInput, now: Date): string | null {
  const remaining = timestampMs(end) - now.getTime();
  return remaining > COUNTDOWN_CLOCK_WITHIN_MS ? `Ends ${formatDate(end, { month: 'short' })}` : null;
}

/** Dashboard relative time: '42s ago', '5m ago', '3h ago', '2d ago'; 'just now' for the future, 'N/A' when invalid. */
export function formatRelativeTime(value: DateInput, now: Date): string {
  const date = parseTimestamp(value);
  if (!date) return 'N/A';
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 0) return 'just now';
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ago`;
  return `${Math.floor(seconds / 86400)}d ago`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Value for an <input type="date"> ('yyyy-mm-dd') or type="datetime-local" ('yyyy-mm-ddTHH:MM'),
 * in the browser's local time as those inputs expect; '' when missing or invalid.
 */
export function toDateInputValue(
  value: DateInput,
  kind: 'date' | 'datetime-local' = 'date',
): string {
  const d = parseTimestamp(value);
  if (!d) return '';
  const day = `${String(d.getFullYear()).padStart(4, '0')}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  return kind === 'date' ? day : `${day}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** ISO timestamp (UTC, as the admin forms send) from a date or datetime-local input value read as local time; null when empty or invalid. */
export function fromDateInputValue(value: string | null | undefined): string | null {
  const m = DATE_INPUT.exec((value ?? '').trim());
  if (!m) return null;
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = m
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // Reject rolled-over values such as 2026-02-30.
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.toISOString();
}
