#!/usr/bin/env node
// `npm run start:mock`: the mock (Prism behind the gateway, with the SignalR hub) and the web app's
// dev server on one origin, http://localhost:5173. /api, /hubs and /__mock are proxied to the
// mock, so the browser never sees a second origin. Ctrl-C stops both.
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock } from '@pustak/mock';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = resolve(root, 'packages/web');
const mockPort = Number(process.env.MOCK_PORT ?? 4010);
const webPort = Number(process.env.PORT ?? 5173);
const broadcastEverySeconds = Number(process.env.MOCK_BROADCAST_EVERY ?? 20);

const started = performance.now();
let mock;
try {
  // The mock's port comes from MOCK_PORT here (PORT is the web app's), so errors name MOCK_PORT.
  mock = await startMock({ port: mockPort, broadcastEverySeconds, portVariable: 'MOCK_PORT' });
} catch (error) {
  console.error(`\nCould not start the mock: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

process.env.PUSTAK_MOCK_URL = mock.url;
const { createServer } = await import('vite');
let server;
try {
  server = await createServer({
    root: webRoot,
    configFile: resolve(webRoot, 'vite.config.ts'),
    server: { port: webPort, strictPort: true },
  });
  await server.listen();
} catch (error) {
  console.error(`\nCould not start the web app on port ${webPort} (set PORT=<another port>): ${error instanceof Error ? error.message : error}`);
  await mock.close();
  process.exit(1);
}

console.log(`
  Pustak is running (ready in ${Math.round(performance.now() - started)} ms)

  Web app   http://localhost:${webPort}
  Mock API  ${mock.url}/api   (Prism on openapi/openapi.yaml)
  Live hub  ${mock.url}/hubs/notification   (sample notification every ${broadcastEverySeconds || 'never'} s)

  Sign in as admin or staff; any other name signs in as the example customer "sita".
  Any password works except "wrong" (401).
  Ctrl-C stops everything.
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([server.close(), mock.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
