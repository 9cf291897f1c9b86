// The server's pure rules, without a server: money in paisa and basis points, the sale window,
// a book's and a cart's price (shared/pricing.ts), instants from the wire and banner colours. The suites that start a server (rules, sale-window,
// cart-pricing) show the same rules through the API; these pin their edges, which a request
// reaches only at some cost (a half paisa, the last millisecond, a colour tie).
import { describe, expect, it } from 'vitest';
import { paletteFromContract } from '@pustak/sdk/banner-colors';
import { bannerColor, bannerTextColor } from '../src/modules/announcements/banner-colors.js';
import { parseInstant } from '../src/shared/wire.js';
import { RuleRefusal } from '../src/shared/errors.js';
import {
  basisPointsToPercent,
  formatPercent,
  formatRupees,
  lessBasisPoints,
  MAX_PRICE_RUPEES,
  mulDivHalfUp,
  paisaToRupees,
  percentToBasisPoints,
  rupeesToPaisa,
} from '../src/shared/money.js';
import { bookPricing, dealRunning, nextPriceChange, priceCart } from '../src/shared/pricing.js';
import { testContract } from './helpers.js';

/** The refusal `run` throws: its kind, field and message (what the handler turns into a reply). */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RuleRefusal);
    const { kind, field, message } = error as RuleRefusal;
    return { kind, field, message };
  }
  throw new Error('expected a refusal');
}

describe('money', () => {
  it('turns wire rupees into paisa without float drift', () => {
    expect(rupeesToPaisa(450, 'price')).toBe(45_000);
    expect(rupeesToPaisa(899.5, 'price')).toBe(89_950);
    expect(rupeesToPaisa(1.005, 'price')).toBe(101); // 100.49999... as a double
    expect(rupeesToPaisa(0.29, 'price')).toBe(29); // 28.999999999999996 as a double
    expect(rupeesToPaisa(0, 'price')).toBe(0);
    expect(rupeesToPaisa(MAX_PRICE_RUPEES, 'price')).toBe(MAX_PRICE_RUPEES * 100);
  });

  it.each([-0.01, MAX_PRICE_RUPEES + 0.01, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s rupees as a price, naming the field', (rupees) => {
    expect(refusal(() => rupeesToPaisa(rupees, 'price'))).toEqual({ kind: 'invalid', field: 'price', message: 'price must be between 0 and 10000000' });
  });

  it('turns wire percents into basis points, 0 to 100 inclusive', () => {
    expect(percentToBasisPoints(12.5, 'discount')).toBe(1250);
    expect(percentToBasisPoints(0.29, 'discount')).toBe(29);
    expect(percentToBasisPoints(0, 'discount')).toBe(0);
    expect(percentToBasisPoints(100, 'discount')).toBe(10_000);
    for (const percent of [-0.01, 100.01, Number.NaN]) {
      expect(refusal(() => percentToBasisPoints(percent, 'Discount'))).toEqual({ kind: 'invalid', field: 'Discount', message: 'Discount must be between 0 and 100' });
    }
  });

  it('shows paisa and basis points back on the wire', () => {
    expect(paisaToRupees(213_750)).toBe(2137.5);
    expect(basisPointsToPercent(1250)).toBe(12.5);
  });

  it('takes basis points off an amount, rounding the half paisa up', () => {
    expect(lessBasisPoints(45_000, 2000)).toBe(36_000);
    expect(lessBasisPoints(246_750, 500)).toBe(234_413); // 2344.125 rupees -> 2344.13
    expect(lessBasisPoints(101, 5000)).toBe(51); // 50.5 paisa -> 51
    expect(lessBasisPoints(99, 5000)).toBe(50); // 49.5 paisa -> 50
    expect(lessBasisPoints(45_000, 0)).toBe(45_000);
    expect(lessBasisPoints(45_000, 10_000)).toBe(0);
  });

  it('rounds a x b / d half up exactly, past the doubles\' 2^53 too', () => {
    expect(mulDivHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivHalfUp(2, 1, 3)).toBe(1);
    // 900719925474097 x 443 / 10000 = 39901892698502.4971: a double's product is off by more than the .0029.
    expect(mulDivHalfUp(900_719_925_474_097, 443, 10_000)).toBe(39_901_892_698_502);
    expect(mulDivHalfUp(900_719_925_474_099, 5000, 10_000)).toBe(450_359_962_737_050);
  });

  it('writes the order e-mail amounts', () => {
    expect(formatRupees(123_400)).toBe('Rs. 1234.00');
    expect(formatRupees(5)).toBe('Rs. 0.05');
    expect(formatPercent(500)).toBe('5.00%');
    expect(formatPercent(1250)).toBe('12.50%');
  });
});

describe('the sale window', () => {
  const start = new Date('2031-05-01T06:15:00.000Z');
  const end = new Date('2031-05-31T18:45:30.000Z');
  const book = { is_on_sale: true, start_time: start, end_time: end };
  const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

  it('runs from its first to its last instant, both included', () => {
    expect(dealRunning(book, ms(start, -1))).toBe(false);
    expect(dealRunning(book, start)).toBe(true);
    expect(dealRunning(book, ms(start, 86_400_000))).toBe(true);
    expect(dealRunning(book, end)).toBe(true);
    expect(dealRunning(book, ms(end, 1))).toBe(false);
  });

  it('never runs for a book not on sale or without both ends', () => {
    expect(dealRunning({ ...book, is_on_sale: false }, start)).toBe(false);
    expect(dealRunning({ ...book, start_time: null }, start)).toBe(false);
    expect(dealRunning({ ...book, end_time: null }, start)).toBe(false);
  });
});

describe("a book's price now", () => {
  const start = new Date('2031-05-01T06:15:00.000Z');
  const end = new Date('2031-05-31T18:45:30.000Z');
  const book = { price_paisa: 89_950, discount_bp: 1250, is_on_sale: true, start_time: start, end_time: end };
  const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

  it('announces a deal before it starts, runs it to its last instant, and forgets it after', () => {
    expect(bookPricing(book, ms(start, -1))).toEqual({ listPaisa: 89_950, unitPaisa: 89_950, dealRunning: false, dealBp: 0, dealStartsAt: start, dealEndsAt: null });
    // 899.50 less 12.5 % = 787.0625 -> 787.06.
    expect(bookPricing(book, start)).toEqual({ listPaisa: 89_950, unitPaisa: 78_706, dealRunning: true, dealBp: 1250, dealStartsAt: null, dealEndsAt: end });
    expect(bookPricing(book, end)).toMatchObject({ unitPaisa: 78_706, dealRunning: true });
    expect(bookPricing(book, ms(end, 1))).toEqual({ listPaisa: 89_950, unitPaisa: 89_950, dealRunning: false, dealBp: 0, dealStartsAt: null, dealEndsAt: null });
  });

  it('announces nothing for a book not on sale, or a window that ends before it starts', () => {
    expect(bookPricing({ ...book, is_on_sale: false }, ms(start, -1)).dealStartsAt).toBeNull();
    expect(bookPricing({ ...book, end_time: ms(start, -1) }, ms(start, -2)).dealStartsAt).toBeNull();
    expect(bookPricing({ ...book, end_time: null }, ms(start, -1)).dealStartsAt).toBeNull();
  });

  it('names the next instant the price changes: the start, then the millisecond after the end', () => {
    expect(nextPriceChange(book, ms(start, -1))).toEqual(start);
    expect(nextPriceChange(book, start)).toEqual(ms(end, 1));
    expect(nextPriceChange(book, end)).toEqual(ms(end, 1));
    expect(nextPriceChange(book, ms(end, 1))).toBeNull();
    expect(nextPriceChange({ ...book, is_on_sale: false }, ms(start, -1))).toBeNull();
  });
});

describe("a cart's price", () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const line = (price_paisa: number, quantity: number) => ({ price_paisa, quantity, discount_bp: 0, is_on_sale: false, start_time: null, end_time: null });

  it('gives an empty cart no discount, whatever the customer has ordered', () => {
    expect(priceCart([], 12, now)).toMatchObject({ copies: 0, subtotalPaisa: 0, discounts: [], discountBp: 0, totalPaisa: 0 });
  });

  it('takes both discounts off once, and splits what they take: bulk its share rounded half up, loyalty the rest', () => {
    // 5 x 0.07 = 0.35; less 15 % = 0.2975 -> 0.30; discounts 0.05: bulk 1/3 of it -> 0.02, loyalty 0.03.
    const cart = priceCart([line(7, 5)], 10, now);
    expect(cart.totalPaisa).toBe(30);
    expect(cart.discounts.map((d) => [d.offer.code, d.amountPaisa])).toEqual([['bulk', 2], ['loyalty', 3]]);
  });

  it('never lets a discount amount go below zero or the amounts miss the discount total', () => {
    for (let paisa = 0; paisa <= 400; paisa += 1) {
      for (const completed of [0, 10]) {
        const cart = priceCart([line(paisa, 5)], completed, now);
        expect(cart.discounts.every((d) => d.amountPaisa >= 0)).toBe(true);
        expect(cart.discounts.reduce((sum, d) => sum + d.amountPaisa, 0)).toBe(cart.subtotalPaisa - cart.totalPaisa);
      }
    }
  });
});

describe('instants from the wire', () => {
  it('reads ISO date-times', () => {
    expect(parseInstant('2031-05-01T06:15:00Z', 'StartTime').toISOString()).toBe('2031-05-01T06:15:00.000Z');
    expect(parseInstant('0001-01-01T00:00:00Z', 'StartTime').getUTCFullYear()).toBe(1);
    expect(parseInstant('9999-12-31T23:59:59Z', 'StartTime').getUTCFullYear()).toBe(9999);
  });

  it.each(['not a date', '0000-12-31T00:00:00Z', '+010000-01-01T00:00:00Z'])('refuses %s', (value) => {
    expect(refusal(() => parseInstant(value, 'EndTime'))).toEqual({ kind: 'invalid', field: 'EndTime', message: 'EndTime is not a valid date-time' });
  });
});

describe('banner colours', async () => {
  const palette = paletteFromContract((await testContract()).document);

  it("reads the palette from the contract's BannerColor", () => {
    expect(palette.colors).toEqual([
      { name: 'Blue', hex: '#2563eb', text: '#ffffff' },
      { name: 'Green', hex: '#15803d', text: '#ffffff' },
      { name: 'Red', hex: '#dc2626', text: '#ffffff' },
      { name: 'Yellow', hex: '#facc15', text: '#1f2937' },
      { name: 'Purple', hex: '#7c3aed', text: '#ffffff' },
    ]);
  });

  it('falls back to black swatches and white text where the contract says nothing', () => {
    const document = { components: { schemas: { BannerColor: { enum: ['Blue'], 'x-default-text-color': { Blue: '#ABCDEF' } } } } };
    expect(paletteFromContract(document).colors).toEqual([{ name: 'Blue', hex: '#000000', text: '#abcdef' }]);
    expect(paletteFromContract({ components: { schemas: { BannerColor: { enum: ['Red'] } } } }).colors).toEqual([{ name: 'Red', hex: '#000000', text: '#ffffff' }]);
    expect(paletteFromContract({}).colors).toEqual([]);
    expect(paletteFromContract({ components: {} }).colors).toEqual([]);
  });

  it('refuses every colour when the palette is empty', () => {
    expect(refusal(() => bannerColor({ colors: [] }, '#2563eb'))).toMatchObject({ kind: 'invalid', field: 'Color' });
  });

  it.each([
    ['Purple', 'Purple'],
    ['bg-green-500', 'Green'],
    ['bg-red-50', 'Red'],
    ['bg-yellow-950', 'Yellow'],
    ['#2563eb', 'Blue'],
    ['#1D4ED8', 'Blue'],
    ['#16a34a', 'Green'],
    ['#9333ea', 'Purple'],
    ['#f00', 'Red'],
    ['#ff0', 'Yellow'],
  ])('stores %s as %s', (input, stored) => {
    expect(bannerColor(palette, input)).toBe(stored);
  });

  it('gives a tie to the colour listed first', () => {
    const twins = { colors: [{ name: 'First', hex: '#000000', text: '#ffffff' }, { name: 'Second', hex: '#000000', text: '#ffffff' }] };
    expect(bannerColor(twins, '#010101')).toBe('First');
  });

  it.each(['blue', 'bg-orange-500', 'bg-blue-550', 'bg-blue-500 ', 'xbg-blue-500', 'url(x)', '#12345', '#ggg', '2563eb', 'x#2563eb', 'bg-[url(x)]', 'bg-[#12345]', 'bg-[red]', 'bg-[#2563eb] '])('refuses %s', (input) => {
    expect(refusal(() => bannerColor(palette, input))).toEqual({
      kind: 'invalid',
      field: 'Color',
      message: 'Color must be Blue, Green, Red, Yellow or Purple (or a legacy bg-{colour}-{shade} token, a hex colour or bg-[#hex])',
    });
  });

  it("takes the colour picker's bg-[#hex] and text-[#hex] as those exact colours, and nothing around them", () => {
    expect(bannerColor(palette, 'bg-[#14532D]')).toBe('bg-[#14532d]');
    expect(bannerColor(palette, 'bg-[#AbC]')).toBe('bg-[#aabbcc]');
    expect(bannerTextColor(palette, 'text-[#FE0]', 'Blue')).toBe('#ffee00');
    for (const input of ['xbg-[#fff]', 'bg-[#fff]x', 'bg-[#ggg]']) expect(refusal(() => bannerColor(palette, input)).field, input).toBe('Color');
    for (const input of ['xtext-[#fff]', 'text-[#fff]x']) expect(refusal(() => bannerTextColor(palette, input, 'Blue')).field, input).toBe('TextColor');
  });

  it('normalises the text colour to lower-case #rrggbb', () => {
    expect(bannerTextColor(palette, '#ABC', 'Blue')).toBe('#aabbcc');
    expect(bannerTextColor(palette, '#1F2937', 'Blue')).toBe('#1f2937');
    expect(bannerTextColor(palette, 'text-white', 'Yellow')).toBe('#ffffff');
    expect(bannerTextColor(palette, 'text-black', 'Blue')).toBe('#000000');
  });

  it("takes a legacy text-{colour} token as the banner colour's default text colour", () => {
    expect(bannerTextColor(palette, 'text-gray-800', 'Yellow')).toBe('#1f2937');
    expect(bannerTextColor(palette, 'text-blue-50', 'Blue')).toBe('#ffffff');
    expect(bannerTextColor(palette, 'text-white-950', 'Nothing')).toBe('#ffffff');
  });

  it.each(['white', 'text-gray', 'text-gray-850', 'xtext-gray-800', 'text-gray-800 ', 'rgb(0,0,0)', '#12', 'text-[red]', 'text-[#12]'])('refuses the text colour %s', (input) => {
    expect(refusal(() => bannerTextColor(palette, input, 'Blue'))).toEqual({
      kind: 'invalid',
      field: 'TextColor',
      message: 'TextColor must be a hex colour (#rrggbb), text-[#hex] or a legacy text-{colour} token',
    });
  });
});
