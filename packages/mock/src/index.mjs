// The Pustak mock: one origin that serves the API from the contract (through Prism), the live
// notification hub, the example covers and a few controls for tests and developers.
//
//   /api/*               -> Prism on a free loopback port, with the /api base removed
//   /hubs/notification   -> SignalR hub (negotiate + WebSockets, JSON protocol)
//   /covers/<slug>.svg   -> the example books' covers
//   /__mock/broadcast POST {sender, text}   /__mock/drop POST   /__mock/health GET
//   /__mock/faults GET|POST|DELETE          /__mock/violations GET|DELETE
//
// Proxy mode (`proxy: URL`): Prism runs in proxy mode in front of a real backend instead, the
// hub and everything else under /hubs are forwarded to that backend, and every request or
// response that breaks the contract is reported (console and /__mock/violations).
import { createServer, request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { API_BASE, DEFAULT_MAX_BODY_BYTES, contractParameterNames, createApiProxy } from './api-proxy.mjs';
import { CONTROL_BASE, createControls, startSampleBroadcasts } from './controls.mjs';
import { COVERS_PATH, serveCover } from './covers.mjs';
import { createFaults } from './faults.mjs';
import { BodyTooLargeError, sendJson, setCorsHeaders } from './http.mjs';
import { DEFAULT_HANDSHAKE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_MAX_RECORD_BYTES, HUB_PATH, createNotificationHub } from '@pustak/hub';
import { startPrism } from './prism.mjs';
import { contractPath } from '@pustak/contract';

/** @typedef {import('./prism.mjs').Logger} Logger */

/** How many proxy-mode violation reports /__mock/violations keeps (the oldest go first). */
const KEPT_VIOLATIONS = 500;
const HEALTH_PROBE_TIMEOUT_MS = 2_000;

/**
 * @typedef {object} MockOptions
 * @property {number} [port] gateway port, 0 for any free port (default 4010)
 * @property {string} [host] gateway interface (default 127.0.0.1)
 * @property {string} [specPath] the OpenAPI contract (default <repo>/openapi/openapi.yaml)
 * @property {number} [broadcastEverySeconds] sample notification interval; 0 turns it off (default)
 * @property {number} [hubPingIntervalMs] hub keep-alive ping interval (default 15000, as ASP.NET)
 * @property {number} [startTimeoutMs] how long Prism may take to start (default 30000)
 * @property {Logger} [log] request log and Prism's validation messages go to info (default console)
 * @property {string} [proxy] a real backend's API base URL (e.g. http://localhost:3000/api): run Prism in
 *   proxy mode in front of it and report contract violations instead of answering from examples
 * @property {number} [maxBodyBytes] largest API request body (default 6 MiB); larger is a 413
 * @property {number} [maxHubRecordBytes] largest hub message a client may send (default 64 KiB)
 * @property {number} [hubHandshakeTimeoutMs] a hub WebSocket without a handshake by then is closed (default 15000, as ASP.NET)
 * @property {number} [hubConnectionsPerAddress] open hub WebSockets one client address may hold (default 50)
 * @property {string} [portVariable] the environment variable that sets the port, named in start-up errors (default PORT)
 * @property {string} [prismUrl] a Prism already running in mock mode on the same contract, to answer
 *   the API instead of starting one (it is left running on close). Prism is stateless and costs ~2
 *   CPU-seconds to start, so the test suites start one and give each mock of their own this option.
 */

/**
 * @typedef {object} RunningMock
 * @property {string} url gateway origin, e.g. http://127.0.0.1:4010 (the API base is url + '/api')
 * @property {number} port gateway port actually bound
 * @property {string} prismUrl Prism's own origin (no /api base), for diagnostics
 * @property {() => object[]} violations proxy mode: the contract violations reported so far
 * @property {() => Promise<void>} close stops the timer, the hub, the gateway and Prism
 */

export const DEFAULT_SPEC_PATH = contractPath;

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
  proxy,
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  maxHubRecordBytes = DEFAULT_MAX_RECORD_BYTES,
  hubHandshakeTimeoutMs = DEFAULT_HANDSHAKE_TIMEOUT_MS,
  hubConnectionsPerAddress = DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  portVariable = 'PORT',
  prismUrl: sharedPrismUrl,
} = {}) {
  if (sharedPrismUrl && proxy) throw new Error('A shared Prism answers from the examples; proxy mode starts its own.');
  const upstream = proxy ? proxyBase(proxy) : undefined;
  // Its WebSocket takes any Origin, as its CORS answers any origin; only tokens it negotiated.
  const hub = createNotificationHub({
    pingIntervalMs: hubPingIntervalMs,
    log,
    maxRecordBytes: maxHubRecordBytes,
    handshakeTimeoutMs: hubHandshakeTimeoutMs,
    maxConnectionsPerAddress: hubConnectionsPerAddress,
  });
  const faults = createFaults();
  /** @type {object[]} */
  let reports = [];
  /** @type {string | undefined} */
  let prismUrl;
  const handleControl = createControls({
    hub,
    faults,
    apiReady: () => (prismUrl ? probe(`${prismUrl}/announcement/active`) : Promise.resolve(false)),
    violations: () => reports,
    clearViolations: () => {
      const count = reports.length;
      reports = [];
      return count;
    },
    proxyTarget: upstream?.href,
  });
  /** @type {ReturnType<typeof createApiProxy> | undefined} */
  let proxyToPrism;

  const server = createServer(async (req, res) => {
    const url = new URL(`http://mock${req.url ?? '/'}`);
    const isControl = url.pathname.startsWith(`${CONTROL_BASE}/`);
    // The controls never take part in CORS: other web pages may not drive them.
    if (!isControl) setCorsHeaders(req, res);
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(isControl ? 403 : 204).end();
      } else if (url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`)) {
        if (proxyToPrism) await proxyToPrism(req, res, url);
        else sendJson(res, 503, { message: 'Prism is still starting; try again in a moment.' });
      } else if (url.pathname === HUB_PATH || url.pathname.startsWith(`${HUB_PATH}/`)) {
        if (upstream) forwardHttp(req, res, upstream, url);
        else hub.handleRequest(req, res, url);
      } else if (isControl) {
        await handleControl(req, res, url);
      } else if (!upstream && url.pathname.startsWith(`${COVERS_PATH}/`)) {
        await serveCover(req, res, url);
      } else {
        sendJson(res, 404, { message: `Nothing at ${url.pathname}. The API is under ${API_BASE}/, the hub at ${HUB_PATH}.` });
      }
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        res.setHeader('Connection', 'close');
        sendJson(res, 413, { message: error.message });
        return;
      }
      log.error(`mock: ${req.method} ${req.url} failed:`, error);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { message: `The mock failed: ${error instanceof Error ? error.message : error}` });
    }
  });
  /** Proxy mode: tunnels to the backend's hub, ended on close. */
  const tunnels = new Set();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(`http://mock${req.url ?? '/'}`);
    if (upstream && url.pathname.startsWith(HUB_PATH)) {
      tunnels.add(socket);
      socket.once('close', () => tunnels.delete(socket));
      forwardUpgrade(req, socket, head, upstream, url);
    }
    else hub.handleUpgrade(req, socket, head, url);
  });

  // Bind before starting Prism: a taken port is then reported at once, not a second later.
  const boundPort = await listen(server, port, host, portVariable);
  let prism;
  try {
    prism = sharedPrismUrl
      ? { url: sharedPrismUrl.replace(/\/$/, ''), stop: async () => {} }
      : await startPrism({ specPath, log, timeoutMs: startTimeoutMs, upstream: upstream?.href.replace(/\/$/, '') });
  } catch (error) {
    await Promise.all([hub.close(), closeServer(server)]);
    throw error;
  }
  prismUrl = prism.url;
  proxyToPrism = createApiProxy({
    prismUrl: prism.url,
    log,
    faults,
    maxBodyBytes,
    proxyMode: Boolean(upstream),
    parameterNames: contractParameterNames(YAML.parse(readFileSync(specPath, 'utf8'))),
    onViolations(report) {
      reports.push({ at: new Date().toISOString(), ...report });
      if (reports.length > KEPT_VIOLATIONS) reports.shift();
      for (const violation of report.violations) {
        const where = violation.location.join('.');
        log.warn(`contract violation: ${report.method} ${report.path} -> ${report.status}: ${where} ${violation.message}`);
      }
    },
  });
  const stopBroadcasts = broadcastEverySeconds > 0 && !upstream ? startSampleBroadcasts(hub, broadcastEverySeconds, log) : () => {};

  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    url: `http://${urlHost(host)}:${boundPort}`,
    port: boundPort,
    prismUrl: prism.url,
    violations: () => reports,
    close() {
      closing ??= (async () => {
        stopBroadcasts();
        for (const socket of tunnels) socket.destroy();
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
 * @param {string} portVariable
 * @returns {Promise<number>} the bound port
 */
function listen(server, port, host, portVariable) {
  return new Promise((resolveListen, rejectListen) => {
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code === 'EADDRINUSE') {
        rejectListen(new Error(`Port ${port} is already in use on ${host}; set ${portVariable}=<another port> (or --port) or stop the other process.`, { cause: error }));
      } else if (error.code === 'EACCES') {
        rejectListen(new Error(`Not allowed to listen on port ${port}; pick a port above 1023 with ${portVariable}=<port>.`, { cause: error }));
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

/**
 * The backend's API base as a URL; the hub lives on the same origin, outside that base.
 * @param {string} value
 */
function proxyBase(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--proxy needs the backend's API base URL, e.g. http://localhost:3000/api; got "${value}".`);
  }
  if (url.protocol !== 'http:') throw new Error(`--proxy supports http:// backends (the one a developer runs locally); got ${url.protocol}//.`);
  return url;
}

/**
 * Whether the API answers at all (any status below 500), within a short deadline.
 * @param {string} url
 */
async function probe(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(HEALTH_PROBE_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.status < 500;
  } catch {
    return false;
  }
}

/**
 * Proxy mode: an HTTP request under /hubs goes to the backend's origin unchanged.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {URL} upstream
 * @param {URL} url
 */
function forwardHttp(req, res, upstream, url) {
  const headers = { ...req.headers, host: upstream.host };
  const outgoing = httpRequest({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: url.pathname + url.search, headers }, (back) => {
    res.writeHead(back.statusCode ?? 502, back.headers);
    back.pipe(res);
  });
  outgoing.once('error', (error) => {
    if (res.headersSent) res.destroy(error);
    else sendJson(res, 502, { message: `The backend at ${upstream.origin} did not answer (${/** @type {NodeJS.ErrnoException} */ (error).code ?? error.message}).` });
  });
  req.pipe(outgoing);
}

/**
 * Proxy mode: a WebSocket upgrade under /hubs is tunnelled to the backend's origin.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:stream').Duplex} socket
 * @param {Buffer} head
 * @param {URL} upstream
 * @param {URL} url
 */
function forwardUpgrade(req, socket, head, upstream, url) {
  const outgoing = httpRequest({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: url.pathname + url.search, headers: { ...req.headers, host: upstream.host } });
  outgoing.once('upgrade', (back, backSocket, backHead) => {
    const lines = [`HTTP/1.1 ${back.statusCode} ${back.statusMessage}`];
    for (let i = 0; i < back.rawHeaders.length; i += 2) lines.push(`${back.rawHeaders[i]}: ${back.rawHeaders[i + 1]}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (backHead.length) socket.write(backHead);
    if (head.length) backSocket.write(head);
    backSocket.pipe(socket).pipe(backSocket);
    const end = () => {
      socket.destroy();
      backSocket.destroy();
    };
    socket.once('close', end);
    backSocket.once('close', end);
  });
  outgoing.once('response', (back) => {
    socket.end(`HTTP/1.1 ${back.statusCode} ${back.statusMessage}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  outgoing.once('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
  outgoing.end();
}
