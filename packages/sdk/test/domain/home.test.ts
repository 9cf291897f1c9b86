import { describe, it, expect } from 'vitest';
import { homeSections, splitBySale } from '../../src/domain/index.js';

// Whether a deal runs or is announced is the server's pricing; the sale window a book also
// carries (isOnSale, startTime, endTime) is never read here, so these books carry none.
type Deal = { dealRunning: boolean; dealStartsAt: string | null };
const running: Deal = { dealRunning: true, dealStartsAt: null };
const none: Deal = { dealRunning: false, dealStartsAt: null };
const startsAt = (dealStartsAt: string): Deal => ({ dealRunning: false, dealStartsAt });

type TestBook = { bookId: string; createdAt: string | null; pricing: Deal };
const book = (bookId: string, patch: Partial<TestBook> = {}): TestBook => ({
  bookId,
  createdAt: '2026-01-01T00:00:00Z',
  pricing: none,
  ...patch,
});
const ids = (books: { bookId: string }[]) => books.map((b) => b.bookId);

describe('splitBySale', () => {
  it('puts books with a running or announced deal newest first (undated last) and keeps the rest in order', () => {
    const books = [
      book('a'),
      book('s-old', { pricing: running, createdAt: '2026-01-01T00:00:00Z' }),
      book('b'),
      book('s-undated', { pricing: startsAt('2027-01-01T00:00:00Z'), createdAt: null }),
      book('s-new', { pricing: running, createdAt: '2026-06-01T00:00:00Z' }),
    ];
    const { onSale, others } = splitBySale(books);
    expect(ids(onSale)).toEqual(['s-new', 's-old', 's-undated']);
    expect(ids(others)).toEqual(['a', 'b']);
  });
});

describe('homeSections', () => {
  // p6 is the newest plain book, p0 the oldest.
  const plain = Array.from({ length: 7 }, (_, i) => book(`p${i}`, { createdAt: `2026-0${i + 1}-01T00:00:00Z` }));
  const deals = [
    book('soon-2', { pricing: startsAt('2026-12-15T00:00:00Z') }),
    book('soon-1', { pricing: startsAt('2026-11-25T00:00:00Z') }),
    // A deal that ended: the server's pricing says no deal, so it is a plain book now.
    book('d-ended', { createdAt: '2026-11-10T00:00:00Z', pricing: none }),
    book('d1', { createdAt: '2026-11-09T00:00:00Z', pricing: running }),
    book('d2', { createdAt: '2026-11-08T00:00:00Z', pricing: running }),
    book('d3', { createdAt: '2026-11-07T00:00:00Z', pricing: running }),
    book('d4', { createdAt: '2026-11-06T00:00:00Z', pricing: running }),
  ];
  const sections = homeSections([...deals, ...plain], ['x', 'y', 'z', 'w']);

  it('shows the newest 5 books without a deal as New Arrivals', () => {
    expect(ids(sections.newArrivals)).toEqual(['d-ended', 'p6', 'p5', 'p4', 'p3']);
  });

  it('shows books whose deal the server announces as Coming Soon, soonest first, never a New Arrival', () => {
    expect(ids(sections.comingSoon)).toEqual(['soon-1', 'soon-2']);
    expect(ids(sections.newArrivals).filter((id) => ids(sections.comingSoon).includes(id))).toEqual([]);
  });

  it('shows 3 best sellers and the 3 newest books whose deal runs', () => {
    expect(sections.bestSelling).toEqual(['x', 'y', 'z']);
    expect(ids(sections.deals)).toEqual(['d1', 'd2', 'd3']);
  });

  it('copes with no books at all', () => {
    const empty = homeSections([], []);
    expect([empty.newArrivals, empty.comingSoon, empty.bestSelling, empty.deals]).toEqual([[], [], [], []]);
  });
});
