// Timestamps as the API sends them, read into Dates: the part of dates.ts every reader of a
// timestamp needs (the storefront's first script among them), apart from the formatting.

/** Anything the API or a form may hand over as a point in time. */
export type DateInput = Date | string | number | null | undefined;

// ASP.NET may send "2026-11-21T10:00:00.1234567" with no offset and seven fraction digits.
// Browsers read offset-less date-times as local time and some reject >3 fraction digits, so
// the server's UTC clock is made explicit here.
const OFFSETLESS_DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(\.\d+)?$/;
const LONG_FRACTION = /^(.*T\d{2}:\d{2}:\d{2}\.\d{3})\d+(.*)$/;

/** Parses an API timestamp to a Date (offset-less date-times are UTC), or null when missing or invalid. */
export function parseTimestamp(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  let text = value.trim();
  const offsetless = OFFSETLESS_DATE_TIME.exec(text);
  if (offsetless) text = `${offsetless[1]}${(offsetless[2] ?? '').slice(0, 4)}Z`;
  else text = text.replace(LONG_FRACTION, '$1$2');
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Milliseconds since the epoch of a timestamp, or NaN when missing or invalid. */
export function timestampMs(value: DateInput): number {
  return parseTimestamp(value)?.getTime() ?? Number.NaN;
}
