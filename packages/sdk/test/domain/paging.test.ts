import { describe, it, expect } from 'vitest';
import { clampPage, pagerPages } from '../../src/domain/index.js';

const E = 'ellipsis';

describe('pagerPages', () => {
  it('lists every page when there are 5 or fewer', () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('is empty without pages', () => {
    expect(pagerPages(1, 0)).toEqual([]);
  });

  it('centres 5 numbers on the current page with first, last and gaps', () => {
    expect(pagerPages(5, 10)).toEqual([1, E, 3, 4, 5, 6, 7, E, 10]);
  });

  it('pins the window at the start', () => {
    expect(pagerPages(1, 10)).toEqual([1, 2, 3, 4, 5, E, 10]);
    expect(pagerPages(3, 10)).toEqual([1, 2, 3, 4, 5, E, 10]);
    expect(pagerPages(4, 10)).toEqual([1, 2, 3, 4, 5, 6, E, 10]);
  });

  it('pins the window at the end', () => {
    expect(pagerPages(10, 10)).toEqual([1, E, 6, 7, 8, 9, 10]);
    expect(pagerPages(7, 10)).toEqual([1, E, 5, 6, 7, 8, 9, 10]);
  });

  it('adds the last page without a gap when it is adjacent', () => {
    expect(pagerPages(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('clamps an out-of-range current page', () => {
    expect(pagerPages(99, 10)).toEqual(pagerPages(10, 10));
    expect(pagerPages(-3, 10)).toEqual(pagerPages(1, 10));
  });

  it('takes another window size', () => {
    expect(pagerPages(5, 10, 3)).toEqual([1, E, 4, 5, 6, E, 10]);
  });
});

describe('clampPage', () => {
  it('keeps pages within 1..total', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2.7, 5)).toBe(2);
  });
});
