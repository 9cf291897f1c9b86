import { describe, it, expect } from 'vitest';
import { formatPercentFromFraction, formatRevenue, formatRupees } from '../../src/domain/index.js';

describe('formatRupees rounding', () => {
  it('shows half a paisa rounded away from zero without binary drift, and never "-Rs. 0.00"', () => {
    expect(formatRupees(-1.005)).toBe('-Rs. 1.01');
    expect(formatRupees(0.1 + 0.2)).toBe('Rs. 0.30');
    expect(formatRupees(-0.001)).toBe('Rs. 0.00');
    expect(formatRupees(Number.NaN)).toBe('Rs. --');
  });
});

describe('formatRupees', () => {
  it.each([
    [0, 'Rs. 0.00'],
    [999, 'Rs. 999.00'],
    [1000, 'Rs. 1,000.00'],
    [1250, 'Rs. 1,250.00'],
    [100000, 'Rs. 1,00,000.00'],
    [1234567.891, 'Rs. 12,34,567.89'],
    [0.5, 'Rs. 0.50'],
  ])('groups %s the South-Asian way', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it('groups in thousands when asked for western grouping', () => {
    expect(formatRupees(1234567.891, { grouping: 'western' })).toBe('Rs. 1,234,567.89');
    expect(formatRupees(999, { grouping: 'western' })).toBe('Rs. 999.00');
  });

  // The half-paisa is where binary floats drift: 1.005 is 1.00499999... as a double, so a plain
  // toFixed(2) would show Rs. 1.00. The shown price rounds half away from zero.
  it.each([
    [1.005, 'Rs. 1.01'],
    [2.675, 'Rs. 2.68'],
    [1.015, 'Rs. 1.02'],
    [10.005, 'Rs. 10.01'],
    [1234.565, 'Rs. 1,234.57'],
    [0.125, 'Rs. 0.13'],
    [1.0049, 'Rs. 1.00'],
    [-1.005, '-Rs. 1.01'],
  ])('shows %s, a half paisa or near it, as %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it('rounds the half paisa the same way in every format', () => {
    expect(formatRupees(1.005, { grouping: 'western', prefix: 'NRS.' })).toBe('NRS. 1.01');
    expect(formatRevenue(8.345)).toBe('Rs.8.35');
  });

  it('takes the NRS. prefix', () => {
    expect(formatRupees(1250, { prefix: 'NRS.' })).toBe('NRS. 1,250.00');
  });

  it('puts the minus before the prefix and drops it when the amount rounds to zero', () => {
    expect(formatRupees(-125000)).toBe('-Rs. 1,25,000.00');
    expect(formatRupees(-0.001)).toBe('Rs. 0.00');
  });

  it("shows '--' for missing or non-finite amounts", () => {
    expect(formatRupees(Number.NaN)).toBe('Rs. --');
    expect(formatRupees(null)).toBe('Rs. --');
    expect(formatRupees(undefined)).toBe('Rs. --');
    expect(formatRupees(Number.POSITIVE_INFINITY)).toBe('Rs. --');
  });
});

describe('formatRevenue', () => {
  it("glues 'Rs.' to two decimals", () => {
    expect(formatRevenue(12345.5)).toBe('Rs.12,345.50');
    expect(formatRevenue(0)).toBe('Rs.0.00');
    expect(formatRevenue(null)).toBe('Rs.--');
  });
});

describe('formatPercentFromFraction', () => {
  it('shows the fraction as a percent without trailing zeros', () => {
    expect(formatPercentFromFraction(0.05)).toBe('5%');
    expect(formatPercentFromFraction(0.125)).toBe('12.5%');
    expect(formatPercentFromFraction(0.07)).toBe('7%');
    expect(formatPercentFromFraction(0.083333)).toBe('8.33%');
    expect(formatPercentFromFraction(0)).toBe('0%');
  });

  it("shows '0%' when the rate is missing", () => {
    expect(formatPercentFromFraction(null)).toBe('0%');
    expect(formatPercentFromFraction(Number.NaN)).toBe('0%');
  });
});
