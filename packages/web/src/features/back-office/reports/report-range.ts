// The report's range of days, as the shop counts them: calendar dates (YYYY-MM-DD) in the
// shop's time zone (GET /shop/info), so "today" at 00:30 in Kathmandu is Kathmandu's today
// whatever the browser's own zone.
import type { ReportRange } from '@pustak/sdk';

export type RangePreset = 'today' | 'week' | 'month';

/** The server's limit (GET /report/sales answers 422 past it). */
export const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;

/** The calendar date of `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today; this week from its Sunday (Nepal's week starts on Sunday); this month from its first day; each up to today. */
export function presetRange(preset: RangePreset, today: string): ReportRange {
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'week') return { from: dateOf(dayNumber(today) - new Date(dayNumber(today)).getUTCDay() * DAY_MS), to: today };
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Which preset a range is, or null for a custom one. */
export function presetOf(range: ReportRange, today: string): RangePreset | null {
  for (const preset of ['today', 'week', 'month'] as const) {
    const candidate = presetRange(preset, today);
    if (candidate.from === range.from && candidate.to === range.to) return preset;
  }
  return null;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dateOf(dayNumber(value)) === value;

/** What is wrong with a custom range, in words for the form; null when the server will take it. */
export function rangeProblem(range: ReportRange): { field: 'from' | 'to'; message: string } | null {
  if (!isDate(range.from)) return { field: 'from', message: 'Enter a start date.' };
  if (!isDate(range.to)) return { field: 'to', message: 'Enter an end date.' };
  if (range.from > range.to) return { field: 'to', message: 'The end date must be on or after the start date.' };
  if ((dayNumber(range.to) - dayNumber(range.from)) / DAY_MS + 1 > MAX_REPORT_DAYS) {
    return { field: 'to', message: `A report covers at most ${MAX_REPORT_DAYS} days.` };
  }
  return null;
}

/** "21 Nov 2026", a day as the report's headings show it. */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(dayNumber(date));
}
