// The domain rules at their edges, where `npm run mutation` found bugs no other test noticed: a
// stepper's cap of 1, a rating of 1, a price of 0, an announced sale, a padded query string, a
// rolled-over date, an offset-less server timestamp read away from UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_DISCOUNTS, firstError, fromDateInputValue, hasErrors, isEmailShaped, parseBooksQuery, parseTimestamp, SORT_OPTIONS, stepQuantity, toBannerColorName, toDateInputValue, toListBooksParams, upcomingSales, validateReview } from '../../src/domain/index.js';

describe('the quantity stepper', () => {
  it('stops at a cap of 1 and ignores a cap under 1 or none', () => {
    expect(stepQuantity(3, 5, 1)).toBe(1);
    expect(stepQuantity(3, 5, 0)).toBe(8);
    expect(stepQuantity(3, 1)).toBe(4);
    expect(stepQuantity(3, 5, 6)).toBe(6);
  });
});

describe('the review form', () => {
  it.each([null, undefined, 0, 0.5])('asks for a rating when it is %s', (stars) => {
    expect(validateReview({ stars, comment: 'Lovely' })).toEqual({ stars: 'Please select a rating' });
  });

  it('takes 1 to 5 stars', () => {
    expect(validateReview({ stars: 1, comment: 'Lovely' })).toEqual({});
    expect(validateReview({ stars: 5, comment: 'Lovely' })).toEqual({});
  });
});

describe('form checks', () => {
  it('count a field left undefined as valid', () => {
    expect(hasErrors({ title: undefined })).toBe(false);
    expect(firstError({ title: undefined, price: 'Price is required' })).toBe('Price is required');
  });

  it('want the whole input e-mail-shaped', () => {
    expect(isEmailShaped(' sita@example.com ')).toBe(true);
    expect(isEmailShaped('sita@example.com x')).toBe(false);
  });
});

describe('upcoming sales', () => {
  it("are the books whose pricing announces a start, soonest first, whatever the clock says", () => {
    const book = (bookId: string, dealStartsAt: string | null) => ({ bookId, pricing: { dealRunning: false, dealStartsAt } });
    const later = book('later', '2031-05-01T06:15:00.001Z');
    const sooner = book('sooner', '2031-05-01T06:15:00.000Z');
    expect(upcomingSales([later, book('none', null), sooner]).map((b) => b.bookId)).toEqual(['sooner', 'later']);
  });
});

describe('the /books query', () => {
  it('reads padded genre and sort values', () => {
    expect(parseBooksQuery('genre=%20fiction%20&sortBy=%20PRICE%20&page=2')).toMatchObject({ genre: 'Fiction', sortBy: 'price', page: 2 });
  });

  it('asks for the newest first when the sort is Recommended', () => {
    expect(toListBooksParams({ page: 1, genre: '', sortBy: '', search: '' })).toMatchObject({ sortBy: 'createdat', sortDesc: true });
  });
});

describe('date inputs', () => {
  it.each(['2026-02-30', '2026-13-01T10:00', '2026-04-31'])('refuses the rolled-over date %s', (value) => {
    expect(fromDateInputValue(value)).toBeNull();
  });

  it.each(['x2026-12-01', '2026-12-01T09:00x'])('refuses %s, with text around the date', (value) => {
    expect(fromDateInputValue(value)).toBeNull();
  });

  it('reads a padded input and writes the date part', () => {
    expect(fromDateInputValue(' 2026-12-01T09:00 ')).toBe(new Date(2026, 11, 1, 9, 0).toISOString());
    expect(toDateInputValue(new Date(2026, 11, 1, 9, 5), 'date')).toBe('2026-12-01');
    expect(toDateInputValue(new Date(2026, 11, 1, 9, 5), 'datetime-local')).toBe('2026-12-01T09:05');
  });
});

describe('sort options', () => {
  it('sort price and title ascending and every other choice newest or most first', () => {
    expect(Object.fromEntries(SORT_OPTIONS.map((o) => [o.value, o.sortDesc]))).toEqual({
      '': true,
      price: false,
      title: false,
      createdat: true,
      newestarrivals: true,
      newrelease: true,
      dealsanddiscount: true,
      awardwinner: true,
    });
  });
});

describe('the cart discount list', () => {
  it("names the spec's five discounts", () => {
    expect(CART_DISCOUNTS.map((d) => d.label)).toEqual(['+5 Books Member', '10 successful orders', 'Special Offers', 'First-time buyer', 'Seasonal']);
  });
});

describe('banner colour inputs', () => {
  it('take a hex colour only as the whole input', () => {
    expect(toBannerColorName('#2563eb')).toBe('Blue');
    expect(toBannerColorName('x#2563eb')).toBeNull();
    expect(toBannerColorName('#2563eb ')).toBeNull();
  });

  it('give a tie to the colour listed first', () => {
    // #2c01eb is exactly as far from Blue (#2563eb) as from Purple (#7c3aed).
    expect(toBannerColorName('#2c01eb')).toBe('Blue');
  });
});

// The server's offset-less timestamps are UTC wherever the reader is: in Kathmandu (+05:45) a
// date-time read as local time would be 5 h 45 min off.
describe('server timestamps, read in Kathmandu', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Kathmandu';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    ['2026-11-21T10:00:00', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T10:00', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T10:00:00.5', '2026-11-21T10:00:00.500Z'],
    ['2026-11-21T10:00:00.1234567', '2026-11-21T10:00:00.123Z'],
    [' 2026-11-21T10:00:00 ', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T10:00:00+05:45', '2026-11-21T04:15:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(new Date(2026, 10, 21, 10).toISOString()).toBe('2026-11-21T04:15:00.000Z'); // the zone took
    expect(parseTimestamp(text)?.toISOString()).toBe(iso);
  });

  it.each(['x2026-11-21T10:00:00', '2026-11-21T10:00:00junk', '2026-11-21T1:00:00', ''])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeNull();
  });
});
