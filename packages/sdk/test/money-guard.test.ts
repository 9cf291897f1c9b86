// The lint rule that keeps the price rules on the server (scripts/lib/money-guard.mjs, run by
// `npm run lint` over packages/sdk/src and packages/web/src): what it refuses and what it lets by.
import { moneyGuard } from '@pustak/dev-tools/money-guard';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser as Linter.Parser },
    rules: { 'no-restricted-syntax': ['error', ...moneyGuard] } as Linter.RulesRecord,
  },
];
const problems = (code: string) => linter.verify(code, config, 'snippet.ts').map((m) => m.message);

describe('the money guard', () => {
  it.each([
    ['a sale price worked out', 'const p = book.price - (book.price * book.discount) / 100;'],
    ['a sale window read', 'const running = book.isOnSale === true;'],
    ['a sale window compared on the clock', 'const started = timestampMs(book.startTime) <= now.getTime();'],
    ['an end compared', 'if (now > book.endTime) show();'],
    ['a clamped discount', 'const d = Math.min(book.discount, 100);'],
    ['a cart summed', 'const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);'],
    ['a line priced', 'const lineTotal = line.quantity * line.unitPrice;'],
    ['a discount taken off', 'const total = totals.subtotal - totals.discountTotal;'],
    ['a total rounded', 'const total = Math.round(order.finalTotal * 100) / 100;'],
    ['a total added to', 'sum += line.totalPrice;'],
    ['a total negated', 'const shown = -totals.dealSavings;'],
  ])('refuses %s', (_what, code) => {
    expect(problems(code).length).toBeGreaterThan(0);
  });

  it.each([
    ['a server figure shown', 'const text = formatRupees(book.pricing.unitPrice);'],
    ['a deal flag read', 'const badge = book.pricing.dealRunning ? "Sale" : null;'],
    ['a zero row hidden', 'const show = totals.dealSavings > 0;'],
    ['a form prefilled', "const price = book.price === undefined || book.price === null ? '' : String(book.price);"],
    ['a missing discount defaulted', "const discount = String(book.discount ?? 0);"],
    ['a countdown to the server end', 'const left = timestampMs(pricing.dealEndsAt) - now.getTime();'],
    ['an admin input checked', "const empty = values.discount.trim() === '';"],
  ])('lets by %s', (_what, code) => {
    expect(problems(code)).toEqual([]);
  });
});
