import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sdkFromSource } from './tests/setup/sdk-from-source.mjs';

// One Prism mock per Vitest process, for the projects that call the API from the contract's
// examples (tests/setup/mock-global.ts).
const sharedMock = fileURLToPath(new URL('./tests/setup/mock-global.ts', import.meta.url));


// One run, five layers (shared/guides/architecture.md): contract, SDK, mock, web pages and
// browser end-to-end.
export default defineConfig({
  test: {
    // Two cores: a couple of workers pays; more only fights Prism and Chromium for CPU.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          isolate: false, // one module graph for the project's files (node, no shared state)
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sdk',
          isolate: false, // one module graph for the project's files (node, no shared state)
          include: ['packages/sdk/test/**/*.test.ts'],
          globalSetup: [sharedMock],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: sdkFromSource,
        test: {
          name: 'mock',
          isolate: false, // one module graph for the project's files (node, no shared state)
          include: ['packages/mock/test/**/*.test.ts'],
          globalSetup: [sharedMock],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: sdkFromSource,
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          // PostgreSQL-only suites (several instances, faults) run in server-pg.
          exclude: ['packages/server/test/pg-*.test.ts'],
          environment: 'node',
          // The seeded PGlite database every test server starts from, made once for the run.
          globalSetup: ['tests/setup/pglite-seed.ts'],
          // One module graph for all its files (Fastify, Kysely, PGlite's WebAssembly): imported
          // once, not once per file. The files share no state but these modules' caches.
          isolate: false,
          // A project whose files run one at a time is its own group, after the parallel ones
          // (Vitest asks for it once projects differ in isolation and workers).
          sequence: { groupOrder: 1 },
          // Each file starts its own servers (PGlite in memory, Prism, Chromium): one file at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The same server suites on PostgreSQL, and the PostgreSQL-only ones (several instances,
        // oversell, faults): one throwaway cluster for the project (packages/server/test/postgres-global.ts),
        // a fresh database per test server.
        resolve: sdkFromSource,
        test: {
          name: 'server-pg',
          include: ['packages/server/test/{conformance,authorization,rules,order-lifecycle,activity-log,reports,accounts,http,security,sale-window,cart-pricing,pricing-property,mail-smtp,metrics,backup,s3-covers,order-idempotency,order-placing,shop-totals,sales-days,page-marks,search-counts,book-pages-warm}.test.ts', 'packages/server/test/pg-*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/server/test/postgres-global.ts'],
          isolate: false, // as in server
          sequence: { groupOrder: 2 },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: './packages/web/vite.config.ts',
        test: {
          name: 'web',
          root: './packages/web',
          globalSetup: [sharedMock],
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // One module graph and one jsdom for all its files: React, the router, SWR and the
          // pages are imported once per worker, not once per file (114 to 43 CPU-seconds). The
          // setup file resets what a test leaves (DOM, storage, session); each render has its own
          // SWR cache (test/render.tsx).
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        resolve: sdkFromSource,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts', 'tests/setup/pglite-seed.ts'],
          // One worker imports Playwright, the harness and the server's modules once for every
          // file, not once per file (the worker's CPU over the run: 38 to 23 CPU-s). Each file
          // still opens and closes its own browser and servers.
          isolate: false,
          // After the web project (one-at-a-time files are a group of their own, as in server).
          sequence: { groupOrder: 1 },
          // One Chromium at a time: the browser alone can use both cores.
          fileParallelism: false,
          // Browser state is read by polling until it holds (web-first), never once right
          // after an action. This is the deadline for a failure, not a wait: a poll returns
          // as soon as the page shows the state.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
