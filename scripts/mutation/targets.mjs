// What `npm run mutation` mutates and which tests judge the mutants (scripts/mutation.mjs and the
// two Vitest configs beside this file). Stryker runs, for each mutant, only the tests that reached
// it, but a server suite starts its test server (seconds on a busy machine) every time one of its
// tests runs, so the server's list holds the suites written for the rules: the pure rules without
// a server, the rules, the cart's prices and the sale window. The contract and HTTP suites
// (conformance, http) reach the rules too, mostly to check shapes, and would double the run.
export const SERVER_TEST_FILES = [
  'packages/server/test/domain-rules.test.ts',
  'packages/server/test/rules.test.ts',
  'packages/server/test/cart-pricing.test.ts',
  'packages/server/test/sale-window.test.ts',
];

export const SDK_TEST_FILES = ['packages/sdk/test/domain/**/*.test.ts'];

export const TARGETS = [
  { name: 'server', mutate: ['packages/server/src/modules/*/rules.ts', 'packages/server/src/modules/announcements/banner-colors.ts', 'packages/server/src/shared/money.ts'], vitestConfig: 'scripts/mutation/vitest.server.config.mjs' },
  { name: 'sdk', mutate: ['packages/sdk/src/domain/**/*.ts'], vitestConfig: 'scripts/mutation/vitest.sdk.config.mjs' },
];
