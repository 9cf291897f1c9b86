// The sale badge's text, from the server's pricing (dealRunning, dealStartsAt, dealEndsAt): only
// presentation. Whether a deal runs and what a copy costs is the server's answer.
import { describe, it, expect } from 'vitest';
import { formatHms, saleCountdown } from '../../src/domain/index.js';

const NOW = new Date('2026-11-21T06:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const HOUR = 3_600_000;
const running = (dealEndsAt: string | null) => ({ dealRunning: true, dealStartsAt: null, dealEndsAt });
const announced = (dealStartsAt: string | null) => ({ dealRunning: false, dealStartsAt, dealEndsAt: null });

describe('saleCountdown', () => {
  it('shows HH:MM:SS while the deal runs and ends within a day', () => {
    expect(saleCountdown(running(at(2 * HOUR + 3 * 60_000 + 4_000)), NOW)).toEqual({
      state: 'running',
      text: '02:03:04',
      ticking: true,
    });
  });

  it('counts days in front of the clock once a day or more is left', () => {
    expect(saleCountdown(running(at(50 * HOUR + 5_000)), NOW)).toMatchObject({ state: 'running', text: '2d 02:00:05' });
    expect(saleCountdown(running(at(24 * HOUR)), NOW)).toMatchObject({ text: '1d 00:00:00' });
    expect(saleCountdown(running(at(24 * HOUR - 1_000)), NOW)).toMatchObject({ text: '23:59:59' });
  });

  it('shows the end date, not a counter, while the end is more than a week away', () => {
    expect(saleCountdown(running('2027-12-31T10:00:00Z'), NOW)).toEqual({ state: 'running', text: 'Ends 31 Dec 2027', ticking: false });
    expect(saleCountdown(running(at(7 * 24 * HOUR + 1)), NOW)).toMatchObject({ ticking: false });
    expect(saleCountdown(running(at(7 * 24 * HOUR)), NOW)).toMatchObject({ text: '7d 00:00:00', ticking: true });
  });

  it('rounds up part-seconds so zero shows only at the end instant, which still runs', () => {
    expect(saleCountdown(running(at(1)), NOW)).toMatchObject({ text: '00:00:01' });
    expect(saleCountdown(running(at(0)), NOW)).toEqual({ state: 'running', text: '00:00:00', ticking: true });
  });

  it("is stale one millisecond after the server's end: the badge goes and the book is read again", () => {
    expect(saleCountdown(running(at(-1)), NOW)).toEqual({ state: 'stale' });
  });

  it('shows the badge without a clock when the server sends no end', () => {
    expect(saleCountdown(running(null), NOW)).toEqual({ state: 'running', text: null, ticking: false });
  });

  it("says 'Starts in future' for an announced deal until its start, then is stale", () => {
    expect(saleCountdown(announced(at(1)), NOW)).toEqual({ state: 'future', text: 'Starts in future' });
    expect(saleCountdown(announced(at(0)), NOW)).toEqual({ state: 'stale' });
  });

  it('shows nothing without a running or announced deal, whatever the clock', () => {
    expect(saleCountdown(announced(null), NOW)).toEqual({ state: 'none' });
    expect(saleCountdown({ dealRunning: false }, new Date('1990-01-01T00:00:00Z'))).toEqual({ state: 'none' });
  });
});

describe('formatHms', () => {
  it('zero-pads and never goes negative', () => {
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(-5_000)).toBe('00:00:00');
    expect(formatHms(100 * HOUR + 59_000)).toBe('100:00:59');
  });
});
