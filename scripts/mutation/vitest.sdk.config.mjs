import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SDK_TEST_FILES } from './targets.mjs';

// The SDK's domain under Stryker (scripts/mutation.mjs): its pure unit tests, which need no mock.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: SDK_TEST_FILES,
    environment: 'node',
  },
});
