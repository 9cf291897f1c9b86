import { describe, it, expect } from 'vitest';
import { genreCounts, homeSections, splitBySale } from '../../src/domain/index.js';

const NOW = new Date('2026-11-21T06:00:00.000Z');
const running = { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-22T00:00:00Z' };
const over = { startTime: '2026-11-01T00:00:00Z', endTime: '2026-11-02T00:00:00Z' };

type TestBook = {
  bookId: string;
  genre: string;
  isOnSale: boolean;
  createdAt: string | null;
  startTime: string | null;
  endTime: string | null;
};
const book = (bookId: string, patch: Partial<TestBook> = {}): TestBook => ({
  bookId,
  genre: 'Fiction',
  isOnSale: false,
  createdAt: '2026-01-01T00:00:00Z',
  startTime: null,
  endTime: null,
  ...patch,
});
const ids = (books: { bookId: string }[]) => books.map((b) => b.bookId);

describe('splitBySale', () => {
  it('puts on-sale books newest first (undated last) and keeps the rest in order', () => {
    const books = [
      book('a'),
      book('s-old', { isOnSale: true, createdAt: '2026-01-01T00:00:00Z' }),
      book('b'),
      book('s-undated', { isOnSale: true, createdAt: null }),
      book('s-new', { isOnSale: true, createdAt: '2026-06-01T00:00:00Z' }),
    ];
    const { onSale, others } = splitBySale(books);
    expect(ids(onSale)).toEqual(['s-new', 's-old', 's-undated']);
    expect(ids(others)).toEqual(['a', 'b']);
  });
});

describe('genreCounts', () => {
  it('lists the first 6 genres in catalogue order with counts, zeros included', () => {
    const books = [
      book('1', { genre: 'Fiction' }),
      book('2', { genre: 'fiction' }),
      book('3', { genre: 'History' }),
      book('4', { genre: 'Horror' }),
    ];
    expect(genreCounts(books)).toEqual([
      { genre: 'Fiction', count: 2 },
      { genre: 'Non-Fiction', count: 0 },
      { genre: 'Science', count: 0 },
      { genre: 'History', count: 1 },
      { genre: 'Biography', count: 0 },
      { genre: 'Fantasy', count: 0 },
    ]);
  });

  it('takes another limit', () => {
    expect(genreCounts([], 2).map((g) => g.genre)).toEqual(['Fiction', 'Non-Fiction']);
  });
});

describe('homeSections', () => {
  // p6 is the newest plain book, p0 the oldest.
  const plain = Array.from({ length: 7 }, (_, i) => book(`p${i}`, { createdAt: `2026-0${i + 1}-01T00:00:00Z` }));
  const later = (start: string) => ({ startTime: start, endTime: '2027-12-31T00:00:00Z' });
  const deals = [
    book('soon-2', { isOnSale: true, ...later('2026-12-15T00:00:00Z') }),
    book('soon-1', { isOnSale: true, ...later('2026-11-25T00:00:00Z') }),
    book('d-ended', { isOnSale: true, createdAt: '2026-11-10T00:00:00Z', ...over }),
    book('d1', { isOnSale: true, createdAt: '2026-11-09T00:00:00Z', ...running }),
    book('d2', { isOnSale: true, createdAt: '2026-11-08T00:00:00Z', ...running }),
    book('d3', { isOnSale: true, createdAt: '2026-11-07T00:00:00Z', ...running }),
    book('d4', { isOnSale: true, createdAt: '2026-11-06T00:00:00Z', ...running }),
  ];
  const sections = homeSections([...deals, ...plain], ['x', 'y', 'z', 'w'], NOW);

  it('shows the newest 5 books not on sale as New Arrivals', () => {
    expect(ids(sections.newArrivals)).toEqual(['p6', 'p5', 'p4', 'p3', 'p2']);
  });

  it('shows books whose sale starts later as Coming Soon, soonest first, never a New Arrival', () => {
    expect(ids(sections.comingSoon)).toEqual(['soon-1', 'soon-2']);
    expect(ids(sections.newArrivals).filter((id) => ids(sections.comingSoon).includes(id))).toEqual([]);
  });

  it('shows 3 best sellers and the 3 newest deals running now', () => {
    expect(sections.bestSelling).toEqual(['x', 'y', 'z']);
    expect(ids(sections.deals)).toEqual(['d1', 'd2', 'd3']);
  });

  it('counts genres over every book', () => {
    expect(sections.genres[0]).toEqual({ genre: 'Fiction', count: 14 });
    expect(sections.genres).toHaveLength(6);
  });

  it('copes with no books at all', () => {
    const empty = homeSections([], [], NOW);
    expect([empty.newArrivals, empty.comingSoon, empty.bestSelling, empty.deals]).toEqual([[], [], [], []]);
  });
});
