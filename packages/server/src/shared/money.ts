// Money is integer paisa (1 Rs. = 100 paisa); percentages are basis points (1 % = 100). Only the
// wire speaks rupees and percent as JSON numbers.
import { invalid } from './errors.js';

/** The largest price a book may have (Rs. 1 crore); keeps every sum an exact integer. */
export const MAX_PRICE_RUPEES = 10_000_000;

/** Rupees from the wire (450, 899.5) to paisa, refusing what cannot be a price. */
export function rupeesToPaisa(rupees: number, field: string): number {
  if (!Number.isFinite(rupees) || rupees < 0 || rupees > MAX_PRICE_RUPEES) {
    throw invalid(field, `${field} must be between 0 and ${MAX_PRICE_RUPEES}`);
  }
  return Math.round(Number.parseFloat((rupees * 100).toPrecision(15)));
}

export const paisaToRupees = (paisa: number): number => paisa / 100;

/** A percent from the wire (12.5) to basis points (1250). */
export function percentToBasisPoints(percent: number, field: string): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw invalid(field, `${field} must be between 0 and 100`);
  return Math.round(Number.parseFloat((percent * 100).toPrecision(15)));
}

export const basisPointsToPercent = (bp: number): number => bp / 100;

/**
 * a x b / d for non-negative integers, rounded half up: the one rounding rule of money here.
 * Worked in BigInt, so a product past 2^53 (a large cart times basis points) is still exact.
 */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const [x, y, z] = [BigInt(a), BigInt(b), BigInt(d)];
  return Number((2n * x * y + z) / (2n * z));
}

/** `amount` less `bp` basis points of it, rounded half up to the paisa. */
export const lessBasisPoints = (amountPaisa: number, bp: number): number => mulDivHalfUp(amountPaisa, 10_000 - bp, 10_000);

/** "Rs. 1234.00", as the order e-mail shows totals. */
export const formatRupees = (paisa: number): string => `Rs. ${(paisa / 100).toFixed(2)}`;

/** "5.00%" from 500 basis points. */
export const formatPercent = (bp: number): string => `${(bp / 100).toFixed(2)}%`;
