// What `npm run mutation` mutates and which tests judge the mutants (scripts/mutation.mjs and the
// two Vitest configs beside this file). The test lists are kept to the suites that exercise the
// mutated code: Stryker runs, for each mutant, only the tests that reached it, but every run of a
// server suite starts its test server, so a suite that never reaches the rules only costs time.

export const SERVER_TEST_FILES = [
  'tests/server/domain-rules.test.ts',
  'tests/server/rules.test.ts',
  'tests/server/cart-pricing.test.ts',
  'tests/server/sale-window.test.ts',
  'tests/server/http.test.ts',
  'tests/server/conformance.test.ts',
];

export const SDK_TEST_FILES = ['packages/sdk/test/domain/**/*.test.ts'];

export const TARGETS = [
  { name: 'server', mutate: ['packages/server/src/domain/**/*.ts'], vitestConfig: 'scripts/mutation/vitest.server.config.mjs' },
  { name: 'sdk', mutate: ['packages/sdk/src/domain/**/*.ts'], vitestConfig: 'scripts/mutation/vitest.sdk.config.mjs' },
];
