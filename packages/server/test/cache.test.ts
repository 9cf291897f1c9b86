// The catalogue's read cache: entries expire, a clear drops all, and a write that changes only
// some books drops only the entries tagged with them, including a load that was under way.
import { describe, expect, it } from 'vitest';
import { createReadCache, estimatedBytes } from '../src/cache/store.js';
import { manualClock } from '../src/clock.js';
import { readCacheLimits } from '../src/startup/services.js';

function counter(values: Record<string, string[]>) {
  const loads: string[] = [];
  const load = (key: string) => async () => {
    loads.push(key);
    return values[key]!;
  };
  return { loads, load };
}

describe('the read cache', () => {
  it('answers from memory until the time to live has passed in server time', async () => {
    const clock = manualClock('2026-11-23T10:00:00Z');
    const cache = createReadCache(clock);
    const { loads, load } = counter({ a: ['x'] });
    await cache.get('a', load('a'), 30_000);
    await cache.get('a', load('a'), 30_000);
    clock.advance(29_999);
    await cache.get('a', load('a'), 30_000);
    expect(loads).toEqual(['a']);
    clock.advance(1);
    await cache.get('a', load('a'), 30_000);
    expect(loads).toEqual(['a', 'a']);
  });

  it('when full, lets go of the entry used least recently, not the first one stored', async () => {
    const cache = createReadCache(manualClock('2026-11-23T10:00:00Z'), { maxEntries: 3 });
    const { loads, load } = counter({ home: ['x'], a: ['x'], b: ['x'], c: ['x'] });
    await cache.get('home', load('home'), 30_000);
    await cache.get('a', load('a'), 30_000);
    await cache.get('b', load('b'), 30_000);
    await cache.get('home', load('home'), 30_000); // the first page: asked for again and again
    await cache.get('c', load('c'), 30_000); // full: 'a' goes, the least recently used
    await cache.get('home', load('home'), 30_000);
    await cache.get('b', load('b'), 30_000);
    expect(loads).toEqual(['home', 'a', 'b', 'c']);
    await cache.get('a', load('a'), 30_000);
    expect(loads.at(-1)).toBe('a');
  });

  it('when over its budget in bytes, lets go of the entries used least recently', async () => {
    const kilobyte = (key: string) => async () => ({ key, text: 'x'.repeat(1000) });
    // Room for three such entries (each a little over 1 KB), not four.
    const cache = createReadCache(manualClock('2026-11-23T10:00:00Z'), { maxBytes: 3 * (estimatedBytes('a', await kilobyte('a')()) + 10) });
    const loads: string[] = [];
    const get = (key: string) => cache.get(key, () => (loads.push(key), kilobyte(key)()), 30_000);
    await get('home');
    await get('a');
    await get('b');
    await get('home');
    await get('c'); // over the budget: 'a' goes, the least recently used
    await get('home');
    await get('b');
    await get('c');
    expect(loads).toEqual(['home', 'a', 'b', 'c']);
    await get('a');
    expect(loads).toEqual(['home', 'a', 'b', 'c', 'a']);
  });

  it('keeps nothing with READ_CACHE_MB=0: every read loads (what the scale bench measures)', async () => {
    const cache = createReadCache(manualClock('2026-11-23T10:00:00Z'), readCacheLimits(0));
    let loads = 0;
    const get = () => cache.get('books:page-1', async () => ((loads += 1), { rows: [] }), 30_000);
    await get();
    await get();
    expect(loads).toBe(2);
  });

  it('keeps 1,000 book pages (a festival mix cycling through them) within its default budget', async () => {
    const cache = createReadCache(manualClock('2026-11-23T10:00:00Z'));
    let loads = 0;
    // A book page's row as the catalogue caches it: the book and a few reviews, about 2 KB.
    const bookPage = (id: number) => async () => {
      loads += 1;
      return {
        book: { id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, title: `Book ${id}`, description: 'd'.repeat(1200), author: 'A. Writer', isbn: '9780000000000' },
        reviews: Array.from({ length: 3 }, (_, n) => ({ id: `review-${id}-${n}`, username: 'reader', stars: 4, comment: 'c'.repeat(120) })),
      };
    };
    for (let round = 0; round < 3; round += 1) {
      for (let id = 0; id < 1000; id += 1) await cache.get(`book:${id}`, bookPage(id), 30_000);
    }
    expect(loads).toBe(1000);
  });

  it('drops only the entries tagged with a forgotten tag', async () => {
    const cache = createReadCache(manualClock('2026-11-23T10:00:00Z'));
    const { loads, load } = counter({ page1: ['book:1', 'book:2'], page2: ['book:3'], one: ['book:1'] });
    for (const key of ['page1', 'page2', 'one']) await cache.get(key, load(key), 30_000, (tags) => tags);
    cache.forgetTagged('book:1');
    for (const key of ['page1', 'page2', 'one']) await cache.get(key, load(key), 30_000, (tags) => tags);
    expect(loads).toEqual(['page1', 'page2', 'one', 'page1', 'one']);
    cache.clear();
    await cache.get('page2', load('page2'), 30_000, (tags) => tags);
    expect(loads.at(-1)).toBe('page2');
  });

  it('does not keep a load that was under way when one of its tags was forgotten', async () => {
    const cache = createReadCache(manualClock('2026-11-23T10:00:00Z'));
    let finish!: (tags: string[]) => void;
    let loads = 0;
    const slow = () => {
      loads += 1;
      return new Promise<string[]>((done) => (finish = done));
    };
    const first = cache.get('page', slow, 30_000, (tags) => tags);
    cache.forgetTagged('book:1'); // the stock changed while the page was being read
    finish(['book:1']);
    await first;
    // Read again: the first answer may show the old stock.
    const second = cache.get('page', slow, 30_000, (tags) => tags);
    expect(loads).toBe(2);
    finish(['book:1']);
    await second;
    // A load that started after the forget is kept.
    await cache.get('page', slow, 30_000, (tags) => tags);
    expect(loads).toBe(2);
  });

  it('does not remember a failed load', async () => {
    const cache = createReadCache(manualClock('2026-11-23T10:00:00Z'));
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('database down');
    };
    await expect(cache.get('a', failing)).rejects.toThrow('database down');
    await expect(cache.get('a', failing)).rejects.toThrow('database down');
    expect(calls).toBe(2);
  });

  describe('filled ahead of its readers (the book pages after start)', () => {
    const clock = () => manualClock('2026-11-23T10:00:00Z');
    const page = (...ids: string[]) => async () => ids.map((id) => [`book:${id}`, { id, stock: 5 }] as const);
    const tagsOf = (value: { id: string }) => [`book:${value.id}`];

    it('serves what it was filled with, without loading, until its time to live', async () => {
      const time = clock();
      const cache = createReadCache(time);
      expect(await cache.fill(page('1', '2'), { ttlMs: 60_000, tagsOf })).toEqual({ stored: 2, full: false });
      const loads: string[] = [];
      const get = (id: string) => cache.get(`book:${id}`, async () => (loads.push(id), { id, stock: 0 }), 60_000, tagsOf);
      expect(await get('1')).toEqual({ id: '1', stock: 5 });
      expect(await get('2')).toEqual({ id: '2', stock: 5 });
      expect(loads).toEqual([]);
      time.advance(60_000);
      expect(await get('1')).toEqual({ id: '1', stock: 0 });
      expect(loads).toEqual(['1']);
    });

    it('keeps neither a value whose tag was forgotten while it was read, nor anything after a clear', async () => {
      const cache = createReadCache(clock());
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      const filling = cache.fill(async () => {
        await held;
        return page('1', '2')();
      }, { tagsOf });
      cache.forgetTagged('book:1'); // its stock changed while the page of books was being read
      release();
      expect(await filling).toEqual({ stored: 1, full: false });
      expect(await cache.get('book:1', async () => ({ id: '1', stock: 4 }), 1000, tagsOf)).toEqual({ id: '1', stock: 4 });

      let releaseAgain!: () => void;
      const heldAgain = new Promise<void>((done) => (releaseAgain = done));
      const again = cache.fill(async () => {
        await heldAgain;
        return page('3')();
      }, { tagsOf });
      cache.clear(); // a book was edited: every entry goes, and so does what was being read
      releaseAgain();
      expect(await again).toEqual({ stored: 0, full: false });
      expect(await cache.get('book:3', async () => ({ id: '3', stock: 1 }), 1000, tagsOf)).toEqual({ id: '3', stock: 1 });
    });

    it('does not replace what a reader loaded meanwhile, and stops at its share of the budget without pushing anything out', async () => {
      const one = estimatedBytes('book:1', { id: '1', stock: 5 });
      const cache = createReadCache(clock(), { maxBytes: 10 * one });
      expect(await cache.get('home', async () => 'first page')).toBe('first page');
      await cache.get('book:1', async () => ({ id: '1', stock: 3 }), 60_000, tagsOf);
      const result = await cache.fill(page('1', '2', '3', '4', '5', '6', '7', '8'), { tagsOf, maxShare: 0.5 });
      expect(result.full).toBe(true);
      expect(result.stored).toBeLessThan(5);
      expect(await cache.get('book:1', async () => ({ id: '1', stock: 0 }), 60_000, tagsOf)).toEqual({ id: '1', stock: 3 });
      expect(await cache.get('home', async () => 'loaded again')).toBe('first page');
    });
  });
});
