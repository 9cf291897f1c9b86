import { describe, it, expect } from 'vitest';
import { effectivePrice, formatHms, isDealRunning, saleCountdown, salePrice } from '../../src/domain/index.js';

const NOW = new Date('2026-11-21T06:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const HOUR = 3_600_000;

describe('salePrice', () => {
  it('takes the discount percent off the price, rounded to 2 decimals', () => {
    expect(salePrice(500, 10)).toBe(450);
    expect(salePrice(999.99, 15)).toBe(849.99);
    expect(salePrice(10, 33.3333)).toBe(6.67);
  });

  it('treats missing, NaN and negative discounts as none and caps at 100', () => {
    expect(salePrice(500, null)).toBe(500);
    expect(salePrice(500, undefined)).toBe(500);
    expect(salePrice(500, Number.NaN)).toBe(500);
    expect(salePrice(500, -20)).toBe(500);
    expect(salePrice(500, 150)).toBe(0);
  });

  it('treats a non-finite or negative price as 0', () => {
    expect(salePrice(Number.NaN, 10)).toBe(0);
    expect(salePrice(-5, 10)).toBe(0);
  });
});

describe('isDealRunning', () => {
  const window = { isOnSale: true, startTime: at(-HOUR), endTime: at(HOUR) };

  it('is true strictly inside the window and at both ends', () => {
    expect(isDealRunning(window, NOW)).toBe(true);
    expect(isDealRunning({ ...window, startTime: NOW.toISOString() }, NOW)).toBe(true);
    expect(isDealRunning({ ...window, endTime: NOW.toISOString() }, NOW)).toBe(true);
  });

  it('is false one millisecond outside the window', () => {
    expect(isDealRunning({ ...window, endTime: at(-1) }, NOW)).toBe(false);
    expect(isDealRunning({ ...window, startTime: at(1) }, NOW)).toBe(false);
  });

  it('is false when isOnSale is false, and decided by the window when the flag is absent', () => {
    expect(isDealRunning({ ...window, isOnSale: false }, NOW)).toBe(false);
    expect(isDealRunning({ startTime: window.startTime, endTime: window.endTime }, NOW)).toBe(true);
  });

  it('is false when a date is missing or invalid', () => {
    expect(isDealRunning({ ...window, startTime: null }, NOW)).toBe(false);
    expect(isDealRunning({ ...window, endTime: 'soon' }, NOW)).toBe(false);
  });
});

describe('effectivePrice', () => {
  const book = { price: 800, discount: 25, isOnSale: true, startTime: at(-HOUR), endTime: at(HOUR) };

  it('is the sale price while the deal runs', () => {
    expect(effectivePrice(book, NOW)).toBe(600);
  });

  it('is the list price before, after, or without a running deal', () => {
    expect(effectivePrice(book, new Date(NOW.getTime() + HOUR + 1))).toBe(800);
    expect(effectivePrice({ ...book, isOnSale: false }, NOW)).toBe(800);
  });
});

describe('saleCountdown', () => {
  const window = { startTime: at(-HOUR), endTime: at(2 * HOUR + 3 * 60_000 + 4_000) };

  it('shows HH:MM:SS while running', () => {
    expect(saleCountdown(window, NOW)).toEqual({
      state: 'running',
      remainingMs: 2 * HOUR + 184_000,
      text: '02:03:04',
      ticking: true,
    });
  });

  it('counts days in front of the clock once a day or more is left', () => {
    const c = saleCountdown({ startTime: at(0), endTime: at(50 * HOUR + 5_000) }, NOW);
    expect(c).toMatchObject({ state: 'running', text: '2d 02:00:05' });
    expect(saleCountdown({ startTime: at(0), endTime: at(24 * HOUR) }, NOW)).toMatchObject({ text: '1d 00:00:00' });
    expect(saleCountdown({ startTime: at(0), endTime: at(24 * HOUR - 1_000) }, NOW)).toMatchObject({ text: '23:59:59' });
  });

  it('shows the end date, not a counter, while the end is more than a week away', () => {
    const far = saleCountdown({ startTime: at(0), endTime: '2027-12-31T10:00:00Z' }, NOW);
    expect(far).toMatchObject({ state: 'running', text: 'Ends 31 Dec 2027', ticking: false });
    expect(saleCountdown({ startTime: at(0), endTime: at(7 * 24 * HOUR + 1) }, NOW)).toMatchObject({ ticking: false });
    expect(saleCountdown({ startTime: at(0), endTime: at(7 * 24 * HOUR) }, NOW)).toMatchObject({ text: '7d 00:00:00', ticking: true });
  });

  it('rounds up part-seconds so zero shows only at the end instant', () => {
    expect(saleCountdown({ startTime: at(-1), endTime: at(1) }, NOW)).toMatchObject({ text: '00:00:01' });
    expect(saleCountdown({ startTime: at(-1), endTime: at(0) }, NOW)).toEqual({
      state: 'running',
      remainingMs: 0,
      text: '00:00:00',
      ticking: true,
    });
  });

  it('counts start == now as running and is ended one millisecond after the end', () => {
    expect(saleCountdown({ ...window, startTime: at(0) }, NOW).state).toBe('running');
    expect(saleCountdown({ ...window, endTime: at(-1) }, NOW)).toEqual({ state: 'ended' });
  });

  it("says 'Starts in future' before the start", () => {
    expect(saleCountdown({ ...window, startTime: at(1) }, NOW)).toEqual({
      state: 'future',
      text: 'Starts in future',
    });
  });

  it("says 'Invalid start date' when either date is missing or invalid", () => {
    const invalid = { state: 'invalid', text: 'Invalid start date' };
    expect(saleCountdown({ ...window, startTime: 'not a date' }, NOW)).toEqual(invalid);
    expect(saleCountdown({ ...window, startTime: undefined }, NOW)).toEqual(invalid);
    expect(saleCountdown({ ...window, endTime: null }, NOW)).toEqual(invalid);
  });
});

describe('formatHms', () => {
  it('zero-pads and never goes negative', () => {
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(-5_000)).toBe('00:00:00');
    expect(formatHms(100 * HOUR + 59_000)).toBe('100:00:59');
  });
});
