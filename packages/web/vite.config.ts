import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
// vitest/config's defineConfig is Vite's plus the `test` block (the root vitest config extends this file).
import { createLogger } from 'vite';
import { defineConfig } from 'vitest/config';
import { prerenderPlugin } from './build/prerender.ts';
import { treeShakeRouterPlugin } from './build/tree-shake-router.ts';
import { precompressPlugin } from './build/precompress.ts';
import { bootEntryPlugin } from './build/boot-entry.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The web app consumes the SDK from source so it never needs a separate SDK build step.
const sdkEntry = here('../sdk/src/index.ts');
const sdkDomainEntry = here('../sdk/src/domain/index.ts');
const sdkLiveEntry = here('../sdk/src/notifications.ts');
// The client's factory alone: the app loads it after its first script (lib/api-client.ts).
const sdkClientEntry = here('../sdk/src/client.ts');
// React Router's package points every import condition at its development build (dev-time
// warnings and checks); a production build takes the production build it ships beside it.
const routerProduction = fileURLToPath(import.meta.resolve('react-router')).replace(/([/\\])development\1/, '$1production$1');

// PUSTAK_API_URL: the Pustak server (`npm start`); else the mock (`npm run start:mock`, tests).
const mockTarget = process.env.PUSTAK_API_URL ?? process.env.PUSTAK_MOCK_URL ?? 'http://127.0.0.1:4010';

// Same-origin in the browser: the app calls /api, /hubs and /__mock and Vite forwards them
// to the mock or the server (uploaded covers and the dev outbox are the server's).
const proxy = {
  '/api': { target: mockTarget, changeOrigin: true },
  '/__mock': { target: mockTarget, changeOrigin: true },
  '/__dev': { target: mockTarget, changeOrigin: true },
  '/uploads': { target: mockTarget, changeOrigin: true },
  // The server's Prometheus metrics (open in development; the mock has none).
  '/metrics': { target: mockTarget, changeOrigin: true },
  // The server takes the hub's WebSocket from its own origin and the ones it is told of; to it,
  // the page is on the origin the proxy forwards to (the mock takes any).
  '/hubs': { target: mockTarget, changeOrigin: true, ws: true, rewriteWsOrigin: true },
};

// A browser tab that closes or reloads resets its live-notification socket; the WebSocket
// proxy reports each reset as an error. That is normal traffic, not a fault worth a stack trace.
const logger = createLogger();
const logError = logger.error.bind(logger);
logger.error = (message, options) => {
  if (/ws proxy (socket )?error/.test(message) && /ECONNRESET|EPIPE/.test(String(options?.error ?? message))) return;
  logError(message, options);
};

export default defineConfig(({ command, mode }) => ({
  root: here('.'),
  // A production build must ship React's production code even when the building process
  // runs with another NODE_ENV (e.g. a test runner building the app for browser tests).
  define:
    command === 'build' && mode === 'production'
      ? { 'process.env.NODE_ENV': JSON.stringify('production') }
      : undefined,
  customLogger: logger,
  // The prerendered home page, and the banner's state in the pages served (build/prerender.ts).
  plugins: [react(), treeShakeRouterPlugin(), bootEntryPlugin({ html: here('index.html'), entry: here('src/main.tsx'), lazyStyled: [here('src/app/layouts/footer.tsx')] }), prerenderPlugin({ apiOrigin: mockTarget, configFile: here('vite.config.ts') }), precompressPlugin()],
  resolve: {
    // Order matters: the more specific subpath must win over the package root.
    alias: [
      { find: /^@pustak\/sdk\/domain$/, replacement: sdkDomainEntry },
      { find: /^@pustak\/sdk\/live$/, replacement: sdkLiveEntry },
      { find: /^@pustak\/sdk\/swr$/, replacement: here('../sdk/src/swr/index.ts') },
      { find: /^@pustak\/sdk\/client$/, replacement: sdkClientEntry },
      { find: /^@pustak\/sdk$/, replacement: sdkEntry },
      ...(command === 'build' && mode === 'production'
        ? [
            { find: /^react-router$/, replacement: routerProduction },
            { find: /^use-sync-external-store\/shim$/, replacement: here('build/use-sync-external-store.ts') },
          ]
        : []),
    ],
  },
  server: { port: 5173, strictPort: true, host: 'localhost', proxy },
  preview: { port: 5173, strictPort: true, host: 'localhost', proxy },
  build: {
    outDir: 'dist',
    // No source maps: dist/ is the folder production serves, and a map there publishes the
    // app's source. (`vite build --sourcemap` writes them for a local look at a build.)
    sourcemap: false,
    // Every browser the storefront supports preloads modules natively: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The boot script's and the app entry's chunks: build/boot-entry.ts.
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 20_000,
  },
}));
