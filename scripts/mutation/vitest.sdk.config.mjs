import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SDK_TEST_FILES } from './targets.mjs';

// The SDK's domain under Stryker (scripts/mutation.mjs): its pure unit tests, which need no mock.
// Stryker's Vitest runner uses worker threads, where a test cannot move the time zone (only the
// main thread's process.env.TZ does): the timestamps read "in Kathmandu" get it from here.
process.env.TZ = 'Asia/Kathmandu';
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: SDK_TEST_FILES,
    environment: 'node',
  },
});
