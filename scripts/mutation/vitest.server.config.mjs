import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sdkFromSource } from '../../tests/setup/sdk-from-source.mjs';
import { SERVER_TEST_FILES } from './targets.mjs';

// The server's rules under Stryker (scripts/mutation.mjs): only the suites that exercise
// the server's rules, on the seeded PGlite, one file at a time as in the server project.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: sdkFromSource,
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
