import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SERVER_TEST_FILES } from './targets.mjs';

// The server's rules under Stryker (scripts/mutation.mjs): only the suites that exercise
// packages/server/src/domain, on the seeded PGlite, one file at a time as in the server project.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: SERVER_TEST_FILES,
    environment: 'node',
    globalSetup: ['tests/setup/pglite-seed.ts'],
    isolate: false,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
