import { describe, it, expect } from 'vitest';
import {
  BOOK_FORMATS,
  BOOKS_PAGE_SIZE,
  CART_DISCOUNTS,
  GENRES,
  HOME_LIMITS,
  RECONNECT_DELAYS_MS,
  SORT_OPTIONS,
} from '../../src/domain/index.js';

describe('spec constants', () => {
  it('lists the nine genres and eight formats in spec order', () => {
    expect(GENRES).toHaveLength(9);
    expect(GENRES[0]).toBe('Fiction');
    expect(GENRES[8]).toBe('Horror');
    expect(BOOK_FORMATS).toHaveLength(8);
    expect(BOOK_FORMATS).toContain("Collector's Edition");
  });

  it('offers the spec sort values, Recommended first, each with a label', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([
      '', 'price', 'title', 'createdat', 'newestarrivals', 'newrelease', 'dealsanddiscount', 'awardwinner',
    ]);
    expect(SORT_OPTIONS[0]?.label).toBe('Recommended');
    expect(SORT_OPTIONS.every((o) => o.label.length > 0)).toBe(true);
  });

  it('keeps the spec limits and delays', () => {
    expect(BOOKS_PAGE_SIZE).toBe(8);
    expect(HOME_LIMITS).toEqual({ genres: 6, newArrivals: 5, comingSoon: 5, bestSelling: 3, deals: 3 });
    expect(RECONNECT_DELAYS_MS).toEqual([0, 2000, 10000, 30000]);
    expect(CART_DISCOUNTS.map((d) => d.percent)).toEqual([5, 10, 20, 5, 8]);
  });
});
