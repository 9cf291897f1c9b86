// What `npm run mutation` mutates and which tests judge the mutants (scripts/mutation.mjs and the
// two Vitest configs beside this file). Stryker runs, for each mutant, only the tests that reached
// it, but a server suite starts its test server (seconds on a busy machine) every time one of its
// tests runs, so the server's list holds the suites written for the rules: the pure rules without
// a server, the rules, the cart's prices and the sale window. The contract and HTTP suites
// (conformance, http) reach the rules too, mostly to check shapes, and would double the run.
export const SERVER_TEST_FILES = [
  'packages/server/test/rules.test.ts',
  'packages/server/test/cart-pricing.test.ts',
  'packages/server/test/sale-window.test.ts',
];

/** The server's pure rules (money, the sale window, banner colours), tested without a server. */
export const SERVER_PURE_TEST_FILES = ['packages/server/test/domain-rules.test.ts'];

// The server's mutants are the rules that decide money, stock and an order's status: placing,
// listing and cancelling orders, the cart, the wishlist, the staff's verification at pickup, the
// prices of a book and a cart (shared/pricing.ts: the sale window, the cart discounts), money and
// banner colours (the server's refusals and the mapping it shares with the SDK). The other modules' rules (accounts,
// reviews, the catalogue's admin, the dashboard) have their tests in the same suites but are
// left out of the run, which on two cores would otherwise take over an hour.
const SERVER_MUTATE = [
  'packages/server/src/modules/orders/rules.ts',
  'packages/server/src/modules/cart/rules.ts',
  'packages/server/src/modules/wishlist/rules.ts',
  'packages/server/src/modules/staff/rules.ts',
  'packages/server/src/shared/pricing.ts',
  'packages/server/src/shared/money.ts',
  'packages/server/src/modules/announcements/banner-colors.ts',
  // The banner colours' one copy, shared with the SDK (@pustak/sdk/banner-colors): the pure
  // rules' suite reaches every branch of it (custom palettes, text colours, the contract reader).
  'packages/sdk/banner-colors.js',
];

export const SDK_TEST_FILES = ['packages/sdk/test/domain/**/*.test.ts'];

export const TARGETS = [
  { name: 'server', mutate: SERVER_MUTATE, vitestConfig: 'scripts/mutation/vitest.server.config.mjs' },
  { name: 'sdk', mutate: ['packages/sdk/src/domain/**/*.ts'], vitestConfig: 'scripts/mutation/vitest.sdk.config.mjs' },
];
