// The Pustak mock: one origin that serves the API from the contract (through Prism), the live
// notification hub and a few controls for tests.
//
//   /api/*               -> Prism on a free loopback port, with the /api base removed
//   /hubs/notification   -> SignalR hub (negotiate + WebSockets, JSON protocol)
//   /__mock/broadcast    POST {sender, text}   /__mock/drop POST   /__mock/health GET
import { createServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, createApiProxy } from './api-proxy.mjs';
import { CONTROL_BASE, createControls, startSampleBroadcasts } from './controls.mjs';
import { COVERS_PATH, serveCover } from './covers.mjs';
import { sendJson, setCorsHeaders } from './http.mjs';
import { HUB_PATH, createNotificationHub } from './hub.mjs';
import { startPrism } from './prism.mjs';

/** @typedef {import('./prism.mjs').Logger} Logger */

/**
 * @typedef {object} MockOptions
 * @property {number} [port] gateway port, 0 for any free port (default 4010)
 * @property {string} [host] gateway interface (default 127.0.0.1)
 * @property {string} [specPath] the OpenAPI contract (default <repo>/openapi/openapi.yaml)
 * @property {number} [broadcastEverySeconds] sample notification interval; 0 turns it off (default)
 * @property {number} [hubPingIntervalMs] hub keep-alive ping interval (default 15000, as ASP.NET)
 * @property {number} [startTimeoutMs] how long Prism may take to start (default 30000)
 * @property {Logger} [log] request log and Prism's validation messages go to info (default console)
 */

/**
 * @typedef {object} RunningMock
 * @property {string} url gateway origin, e.g. http://127.0.0.1:4010 (the API base is url + '/api')
 * @property {number} port gateway port actually bound
 * @property {string} prismUrl Prism's own origin (no /api base), for diagnostics
 * @property {() => Promise<void>} close stops the timer, the hub, the gateway and Prism
 */

export const DEFAULT_SPEC_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../openapi/openapi.yaml');

/**
 * Starts the mock and resolves once every part answers. Rejects with a readable reason when
 * the port is taken, the contract does not load, or Prism does not start in time.
 * @param {MockOptions} [options]
 * @returns {Promise<RunningMock>}
 */
export async function startMock({
  port = 4010,
  host = '127.0.0.1',
  specPath = DEFAULT_SPEC_PATH,
  broadcastEverySeconds = 0,
  hubPingIntervalMs = 15_000,
  startTimeoutMs = 30_000,
  log = console,
} = {}) {
  const hub = createNotificationHub({ pingIntervalMs: hubPingIntervalMs, log });
  const handleControl = createControls(hub);
  /** @type {ReturnType<typeof createApiProxy> | undefined} */
  let proxyToPrism;

  const server = createServer(async (req, res) => {
    const url = new URL(`http://mock${req.url ?? '/'}`);
    setCorsHeaders(req, res);
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
      } else if (url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`)) {
        if (proxyToPrism) await proxyToPrism(req, res);
        else sendJson(res, 503, { message: 'Prism is still starting; try again in a moment.' });
      } else if (url.pathname === HUB_PATH || url.pathname.startsWith(`${HUB_PATH}/`)) {
        hub.handleRequest(req, res, url);
      } else if (url.pathname.startsWith(`${CONTROL_BASE}/`)) {
        await handleControl(req, res, url);
      } else if (url.pathname.startsWith(`${COVERS_PATH}/`)) {
        await serveCover(req, res, url);
      } else {
        sendJson(res, 404, { message: `Nothing at ${url.pathname}. The API is under ${API_BASE}/, the hub at ${HUB_PATH}.` });
      }
    } catch (error) {
      log.error(`mock: ${req.method} ${req.url} failed:`, error);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { message: `The mock failed: ${error instanceof Error ? error.message : error}` });
    }
  });
  server.on('upgrade', (req, socket, head) => {
    hub.handleUpgrade(req, socket, head, new URL(`http://mock${req.url ?? '/'}`));
  });

  // Bind before starting Prism: a taken port is then reported at once, not a second later.
  const boundPort = await listen(server, port, host);
  let prism;
  try {
    prism = await startPrism({ specPath, log, timeoutMs: startTimeoutMs });
  } catch (error) {
    await Promise.all([hub.close(), closeServer(server)]);
    throw error;
  }
  proxyToPrism = createApiProxy({ prismUrl: prism.url, log });
  const stopBroadcasts = broadcastEverySeconds > 0 ? startSampleBroadcasts(hub, broadcastEverySeconds, log) : () => {};

  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    url: `http://${urlHost(host)}:${boundPort}`,
    port: boundPort,
    prismUrl: prism.url,
    close() {
      closing ??= (async () => {
        stopBroadcasts();
        await hub.close();
        await Promise.all([closeServer(server), prism.stop()]);
      })();
      return closing;
    },
  };
}

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 * @returns {Promise<number>} the bound port
 */
function listen(server, port, host) {
  return new Promise((resolveListen, rejectListen) => {
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code === 'EADDRINUSE') {
        rejectListen(new Error(`Port ${port} is already in use on ${host}; set PORT=<another port> (or --port) or stop the other process.`, { cause: error }));
      } else if (error.code === 'EACCES') {
        rejectListen(new Error(`Not allowed to listen on port ${port}; pick a port above 1023 with PORT=<port>.`, { cause: error }));
      } else {
        rejectListen(new Error(`Could not listen on ${host}:${port}: ${error.message}`, { cause: error }));
      }
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolveListen(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * @param {import('node:http').Server} server
 * @returns {Promise<void>}
 */
function closeServer(server) {
  return new Promise((done) => {
    server.close(() => done());
    // Keep-alive connections from fetch would otherwise hold close() open for seconds.
    server.closeAllConnections();
  });
}

/** @param {string} host */
function urlHost(host) {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
