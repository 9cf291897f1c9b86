// A small round-robin reverse proxy for several Pustak instances on one machine (what a load
// balancer does in production): HTTP requests and WebSocket upgrades go to the instances in
// turn; an instance that refuses the connection (stopped, killed) is skipped for a second and
// the request goes to the next one, so clients of a stopped instance land on another. No
// sticky sessions: the hub's connection tokens are accepted by every instance.
import { request as httpRequest, createServer } from 'node:http';
import { connect } from 'node:net';

/**
 * @typedef {{ host: string, port: number }} Upstream
 * @typedef {{ url: string, port: number, close(): Promise<void>, sockets(): number[], requests(): number[], failures(): number[] }} RoundRobinProxy
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
const NEVER_REACHED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * @param {{ upstreams: Upstream[], port?: number, host?: string, downForMs?: number }} options
 * @returns {Promise<RoundRobinProxy>}
 */
export async function startRoundRobinProxy({ upstreams, port = 0, host = '127.0.0.1', downForMs = 1_000 }) {
  /** Separate turns for HTTP requests and WebSocket upgrades (a negotiate and its WebSocket count once each). */
  const turn = { http: 0, upgrade: 0 };
  const downUntil = upstreams.map(() => 0);
  const perUpstreamSockets = upstreams.map(() => new Set());
  const perUpstreamRequests = upstreams.map(() => 0);
  const perUpstreamFailures = upstreams.map(() => 0);
  const open = new Set();

  /**
   * Upstream indexes in the order to try them: round-robin, the ones marked down last.
   * @param {'http' | 'upgrade'} kind
   */
  function order(kind) {
    const start = turn[kind];
    turn[kind] = (start + 1) % upstreams.length;
    const all = upstreams.map((_, i) => (start + i) % upstreams.length);
    const now = Date.now();
    return [...all.filter((i) => downUntil[i] <= now), ...all.filter((i) => downUntil[i] > now)];
  }

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), order('http')));
    req.on('error', () => res.destroy());
  });

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {Buffer} body @param {number[]} candidates */
  function forward(req, res, body, candidates) {
    const index = candidates.shift();
    if (index === undefined) {
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"No instance is answering."}');
      return;
    }
    const upstream = upstreams[index];
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    headers['content-length'] = String(body.length);
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    headers['x-forwarded-host'] = req.headers.host ?? '';
    const outgoing = httpRequest({ host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      perUpstreamRequests[index] += 1;
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    outgoing.on('error', (error) => {
      if (res.headersSent) return res.destroy();
      // Never reached the instance: nothing happened there, so the next one may take it.
      if (NEVER_REACHED.has(/** @type {NodeJS.ErrnoException} */ (error).code ?? '')) {
        downUntil[index] = Date.now() + downForMs;
        return forward(req, res, body, candidates);
      }
      // Reached it, and it failed (killed, or a kept-alive connection it had dropped): the request
      // may have had an effect there, so it is not repeated; the instance is passed over for a
      // while, as a load balancer's passive health check would.
      perUpstreamFailures[index] += 1;
      downUntil[index] = Date.now() + downForMs;
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `The instance failed: ${error.message}` }));
    });
    outgoing.end(body);
  }

  server.on('upgrade', (req, socket, head) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
    const tryNext = (candidates) => {
      const index = candidates.shift();
      if (index === undefined) return socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      const upstream = upstreams[index];
      const target = connect(upstream.port, upstream.host);
      target.once('connect', () => {
        perUpstreamSockets[index].add(target);
        target.once('close', () => perUpstreamSockets[index].delete(target));
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        target.write(lines.join('\r\n') + '\r\n\r\n');
        if (head.length) target.write(head);
        target.pipe(socket);
        socket.pipe(target);
        target.on('close', () => socket.destroy());
        socket.on('close', () => target.destroy());
      });
      target.once('error', (error) => {
        if (target.connecting === false && perUpstreamSockets[index].has(target)) return socket.destroy();
        if (NEVER_REACHED.has(/** @type {NodeJS.ErrnoException} */ (error).code ?? '')) {
          downUntil[index] = Date.now() + downForMs;
          return tryNext(candidates);
        }
        socket.destroy();
      });
    };
    tryNext(order('upgrade'));
  });
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });

  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done(undefined));
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    /** Open WebSocket connections per instance. */
    sockets: () => perUpstreamSockets.map((set) => set.size),
    /** Answered HTTP requests per instance. */
    requests: () => [...perUpstreamRequests],
    /** HTTP requests per instance that reached it and failed there (answered 502). */
    failures: () => [...perUpstreamFailures],
    close: () =>
      new Promise((done) => {
        for (const socket of open) socket.destroy();
        for (const set of perUpstreamSockets) for (const socket of set) socket.destroy();
        server.close(() => done(undefined));
      }),
  };
}
