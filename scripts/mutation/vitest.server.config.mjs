import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sdkFromSource } from '../../tests/setup/sdk-from-source.mjs';
import { SERVER_PURE_TEST_FILES, SERVER_TEST_FILES } from './targets.mjs';

// The server's rules under Stryker (scripts/mutation.mjs): only the suites that exercise
// the server's rules, on the seeded PGlite, one file at a time as in the server project.
// The suites that start a server share their modules between runs (isolate: false, a server's
// modules take seconds to load); the pure rules' suite loads its modules afresh for every run
// (isolate: true), so a mutant in a module-level constant (a regular expression, a message),
// which takes effect only when the module loads, is judged there rather than left surviving.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: sdkFromSource,
  test: {
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'server-rules', include: SERVER_TEST_FILES, globalSetup: ['tests/setup/pglite-seed.ts'], isolate: false } },
      { extends: true, test: { name: 'server-pure-rules', include: SERVER_PURE_TEST_FILES, isolate: true } },
    ],
  },
});
