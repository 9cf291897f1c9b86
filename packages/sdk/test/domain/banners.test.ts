import { describe, it, expect } from 'vitest';
import {
  BANNER_COLORS,
  DEFAULT_TEXT_COLOR,
  bannerCountdown,
  bannerStatus,
  defaultNewBanner,
  formatBannerCountdown,
} from '../../src/domain/index.js';

const NOW = new Date('2026-11-21T06:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const DAY = 86_400_000;

describe('bannerCountdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const end = at(2 * DAY + 3 * 3_600_000 + 4 * 60_000 + 5_000);
    const c = bannerCountdown(end, NOW);
    expect(c).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, totalMs: 2 * DAY + 11_045_000 });
    expect(formatBannerCountdown(c!)).toBe('2d 03h 04m 05s');
  });

  it('rounds part-seconds up', () => {
    expect(bannerCountdown(at(1), NOW)).toMatchObject({ days: 0, seconds: 1, totalMs: 1 });
  });

  it('is null at and after the end, and for an invalid end', () => {
    expect(bannerCountdown(at(0), NOW)).toBeNull();
    expect(bannerCountdown(at(-1), NOW)).toBeNull();
    expect(bannerCountdown('whenever', NOW)).toBeNull();
    expect(bannerCountdown(null, NOW)).toBeNull();
  });
});

describe('bannerStatus', () => {
  const pinned = { isPinned: true, startTime: at(-DAY), endTime: at(DAY) };

  it('is Inactive whenever not pinned', () => {
    expect(bannerStatus({ ...pinned, isPinned: false }, NOW)).toBe('Inactive');
    expect(bannerStatus({ ...pinned, isPinned: false, startTime: at(1) }, NOW)).toBe('Inactive');
  });

  it('is Scheduled before the start and Active from the start instant', () => {
    expect(bannerStatus({ ...pinned, startTime: at(1) }, NOW)).toBe('Scheduled');
    expect(bannerStatus({ ...pinned, startTime: at(0) }, NOW)).toBe('Active');
  });

  it('is Active at the end instant and Expired right after', () => {
    expect(bannerStatus({ ...pinned, endTime: at(0) }, NOW)).toBe('Active');
    expect(bannerStatus({ ...pinned, endTime: at(-1) }, NOW)).toBe('Expired');
  });

  it('is Active inside the window', () => {
    expect(bannerStatus(pinned, NOW)).toBe('Active');
  });
});

describe('defaultNewBanner', () => {
  it('is pinned, Blue on white text, from now until 30 days later', () => {
    expect(defaultNewBanner(NOW)).toEqual({
      message: '',
      isPinned: true,
      color: 'Blue',
      textColor: '#ffffff',
      startTime: '2026-11-21T06:00:00.000Z',
      endTime: '2026-12-21T06:00:00.000Z',
    });
    expect(bannerStatus(defaultNewBanner(NOW), NOW)).toBe('Active');
  });
});

// WCAG 2 relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('BANNER_COLORS', () => {
  it('offers Blue, Green, Red, Yellow and Purple', () => {
    expect(BANNER_COLORS.map((c) => c.name)).toEqual(['Blue', 'Green', 'Red', 'Yellow', 'Purple']);
  });

  it.each(BANNER_COLORS.map((c) => [c.name, c] as const))('%s meets WCAG AA text contrast', (_, c) => {
    expect(contrast(c.color, c.textColor)).toBeGreaterThanOrEqual(4.5);
    expect(c.previewStyle).toEqual({ backgroundColor: c.color, color: c.textColor });
  });

  it('gives Yellow dark text and the others the default white', () => {
    for (const c of BANNER_COLORS) {
      if (c.name === 'Yellow') expect(luminance(c.textColor)).toBeLessThan(0.1);
      else expect(c.textColor).toBe(DEFAULT_TEXT_COLOR);
    }
  });
});
