import { afterEach, describe, it, expect, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatRelativeTime,
  fromDateInputValue,
  parseTimestamp,
  toDateInputValue,
} from '../../src/domain/index.js';

const NOW = new Date('2026-11-21T06:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('parseTimestamp', () => {
  it('reads ISO strings, Dates and epoch numbers', () => {
    expect(parseTimestamp('2026-11-21T06:00:00Z')?.toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(parseTimestamp(NOW)).toBe(NOW);
    expect(parseTimestamp(NOW.getTime())?.getTime()).toBe(NOW.getTime());
  });

  it('reads offset-less server date-times as UTC and trims long fractions', () => {
    expect(parseTimestamp('2026-11-21T06:00:00')?.toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(parseTimestamp('2026-11-21T06:00:00.1234567')?.toISOString()).toBe('2026-11-21T06:00:00.123Z');
    expect(parseTimestamp('2026-11-21T06:00:00.1234567+05:45')?.toISOString()).toBe(
      '2026-11-21T00:15:00.123Z',
    );
  });

  it('is null for missing or invalid values', () => {
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp(undefined)).toBeNull();
    expect(parseTimestamp('')).toBeNull();
    expect(parseTimestamp('nope')).toBeNull();
    expect(parseTimestamp(new Date(Number.NaN))).toBeNull();
    expect(parseTimestamp(Number.NaN)).toBeNull();
  });
});

describe('formatDate', () => {
  it('shows day, long month and year in Kathmandu time by default', () => {
    expect(formatDate('2026-11-21T06:00:00Z')).toBe('21 November 2026');
    // 20:00 UTC is already the next morning in Kathmandu (UTC+05:45).
    expect(formatDate('2026-11-20T20:00:00Z')).toBe('21 November 2026');
    expect(formatDate('2026-01-05')).toBe('5 January 2026');
    expect(formatDate('2027-12-31T10:00:00Z', { month: 'short' })).toBe('31 Dec 2027');
  });

  it('takes another time zone', () => {
    expect(formatDate('2026-11-20T20:00:00Z', { timeZone: 'UTC' })).toBe('20 November 2026');
  });

  it("shows 'N/A' when missing or invalid", () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('32/13/2026')).toBe('N/A');
  });
});

describe('dates in Kathmandu time without Intl', () => {
  afterEach(() => vi.restoreAllMocks());
  const icu = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kathmandu',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const reference = (date: Date) => {
    const parts = icu.formatToParts(date);
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    return `${Number(part('day'))} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
  };

  it('shows the day and clock ICU shows, across the changes of 1920 (+05:41:16 to +05:30) and 1986 (to +05:45)', () => {
    const moments: number[] = [];
    for (const change of [Date.UTC(1919, 11, 31, 18, 18, 44), Date.UTC(1985, 11, 31, 18, 30)]) {
      for (let t = change - 3_600_000; t <= change + 3_600_000; t += 60_000) moments.push(t);
    }
    // Every 7 h 13 min from 1900 to 2031: every hour of the day and both sides of midnight, leap days included.
    for (let t = Date.UTC(1900, 0, 1); t < Date.UTC(2031, 0, 1); t += (7 * 60 + 13) * 60_000) moments.push(t);
    const mismatches = moments.map((t) => new Date(t)).filter((date) => formatDateTime(date) !== reference(date));
    expect(mismatches.map((date) => `${date.toISOString()}: ${formatDateTime(date)} vs ${reference(date)}`)).toEqual([]);
    expect(formatDate('2024-02-28T18:15:00Z')).toBe('29 February 2024');
  });

  it("formats Kathmandu's dates without asking Intl (its first zone loads ICU's data: ~50 ms of a slow phone's main thread)", () => {
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(formatDate('2026-11-20T20:00:00Z')).toBe('21 November 2026');
    expect(formatDateTime('2026-11-20T20:00:00Z')).toBe('21 Nov 2026, 01:45');
    // A book's publication date (Muna Madan's, in the demo data).
    expect(formatDate('1936-01-01')).toBe('1 January 1936');
    expect(formatToParts).not.toHaveBeenCalled();
  });
});

describe('formatRelativeTime', () => {
  it.each([
    [0, '0s ago'],
    [42 * S, '42s ago'],
    [59 * S + 999, '59s ago'],
    [60 * S, '1m ago'],
    [59 * M, '59m ago'],
    [60 * M, '1h ago'],
    [23 * H, '23h ago'],
    [24 * H - 1, '23h ago'],
    [24 * H, '1d ago'],
    [49 * H, '2d ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), NOW)).toBe(text);
  });

  it("reads 'just now' for the future and 'N/A' when invalid", () => {
    expect(formatRelativeTime(ago(-5 * S), NOW)).toBe('just now');
    expect(formatRelativeTime('garbage', NOW)).toBe('N/A');
    expect(formatRelativeTime(null, NOW)).toBe('N/A');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime('2026-11-21T05:55:00Z', NOW)).toBe('5m ago');
  });
});

describe('date input values', () => {
  // Local-time constructors keep these independent of the machine's time zone.
  const local = new Date(2026, 10, 21, 9, 5, 30);

  it('formats local dates for date and datetime-local inputs', () => {
    expect(toDateInputValue(local)).toBe('2026-11-21');
    expect(toDateInputValue(local, 'datetime-local')).toBe('2026-11-21T09:05');
    expect(toDateInputValue(new Date(2026, 0, 2, 3, 4), 'datetime-local')).toBe('2026-01-02T03:04');
    expect(toDateInputValue(null)).toBe('');
    expect(toDateInputValue('bad')).toBe('');
  });

  it('turns input values (local time) into ISO timestamps', () => {
    expect(fromDateInputValue('2026-11-21')).toBe(new Date(2026, 10, 21).toISOString());
    expect(fromDateInputValue('2026-11-21T09:05')).toBe(new Date(2026, 10, 21, 9, 5).toISOString());
    expect(fromDateInputValue('2026-11-21T09:05:30')).toBe(local.toISOString());
  });

  it('round-trips a datetime-local value', () => {
    expect(toDateInputValue(fromDateInputValue('2026-03-09T23:59'), 'datetime-local')).toBe('2026-03-09T23:59');
  });

  it('is null for empty or impossible values', () => {
    expect(fromDateInputValue('')).toBeNull();
    expect(fromDateInputValue(undefined)).toBeNull();
    expect(fromDateInputValue('2026-02-30')).toBeNull();
    expect(fromDateInputValue('21/11/2026')).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('shows the day and the 24-hour time in Kathmandu (UTC+5:45), or N/A', () => {
    expect(formatDateTime('2026-11-23T10:00:00Z')).toBe('23 Nov 2026, 15:45');
    expect(formatDateTime('2026-11-23T18:20:00Z')).toBe('24 Nov 2026, 00:05');
    expect(formatDateTime('2026-11-23T10:00:00Z', { timeZone: 'UTC' })).toBe('23 Nov 2026, 10:00');
    expect(formatDateTime(null)).toBe('N/A');
  });
});
