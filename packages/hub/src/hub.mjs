// The SignalR-protocol hub at /hubs/notification, one module for the mock and the server
// (@pustak/hub): negotiate, the WebSocket transport and the JSON hub protocol (records end
// with 0x1E). Like the legacy ASP.NET Core hub it needs no sign-in (an access_token query or
// Authorization header is accepted and ignored) and only ever sends ReceiveMessage(sender, text)
// to everyone. On close it tells clients to reconnect (`allowReconnect: true`).
import { randomBytes } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';

/** @typedef {{ info(message: string): void, warn(message: string): void, error(message: string, ...rest: unknown[]): void }} Logger */
/** @typedef {import('node:http').IncomingMessage} Request */

export const HUB_PATH = '/hubs/notification';
/**
 * Largest message a client may send, as one WebSocket frame or as records still waiting for
 * their 0x1E separator. SignalR clients only send a handshake, pings and a close here, all tiny;
 * without a limit one client sending 5 MB frames with no separator grows the process by
 * gigabytes.
 */
export const DEFAULT_MAX_RECORD_BYTES = 64 * 1024;
/** Negotiated tokens not yet used by a WebSocket; the oldest are forgotten beyond this. */
const MAX_PENDING_TOKENS = 1_000;
const RECORD_SEPARATOR = '\x1e';
const MessageType = /** @type {const} */ ({ Invocation: 1, Completion: 3, Ping: 6, Close: 7 });
const PROTOCOL_VERSION = 1;

/**
 * @typedef {object} NotificationHub
 * @property {(req: Request, res: import('node:http').ServerResponse, url: URL) => void} handleRequest
 *   HTTP requests under HUB_PATH: negotiate, and a clear refusal of the HTTP transports.
 * @property {(req: Request, socket: import('node:stream').Duplex, head: Buffer, url: URL) => void} handleUpgrade
 * @property {(sender: string, text: string) => number} broadcast sends ReceiveMessage, returns receivers
 * @property {() => number} dropAll cuts every connection without a close message, returns how many
 * @property {() => number} clientCount connections that completed the handshake
 * @property {(options?: { allowReconnect?: boolean, graceMs?: number }) => Promise<void>} close sends every client a close record (allowReconnect: true unless told otherwise), then closes
 */

/**
 * How negotiate's connection tokens are made and checked. The default remembers them in this
 * process (one token, one WebSocket). Several instances behind a load balancer use signed,
 * short-lived tokens instead, so a negotiate answered by one instance is accepted by another.
 * @typedef {{ issue(): string, accept(token: string): boolean }} ConnectionTokens
 */

/**
 * @param {{ pingIntervalMs: number, log: Logger, maxRecordBytes?: number, connectionTokens?: ConnectionTokens }} options
 * @returns {NotificationHub}
 */
export function createNotificationHub({ pingIntervalMs, log, maxRecordBytes = DEFAULT_MAX_RECORD_BYTES, connectionTokens }) {
  // ws closes a connection whose frame (or fragmented message) exceeds maxPayload with 1009.
  const server = new WebSocketServer({ noServer: true, maxPayload: maxRecordBytes });
  /** Tokens handed out by negotiate and not yet used by a WebSocket. */
  const pendingTokens = new Set();
  /** @type {Set<WebSocket>} */
  const joined = new Set();

  /** @param {string} token */
  const remember = (token) => {
    pendingTokens.add(token);
    if (pendingTokens.size > MAX_PENDING_TOKENS) pendingTokens.delete(pendingTokens.values().next().value);
  };

  /** @type {ConnectionTokens} */
  const tokens = connectionTokens ?? {
    issue() {
      const token = randomBytes(16).toString('base64url');
      remember(token);
      return token;
    },
    accept: (token) => pendingTokens.delete(token),
  };

  /** @param {WebSocket} socket @param {object} message */
  const send = (socket, message) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message) + RECORD_SEPARATOR);
  };

  /** @param {WebSocket} socket */
  function serve(socket) {
    let buffered = '';
    /** @type {NodeJS.Timeout | undefined} */
    let pinger;

    socket.on('message', (data) => {
      buffered += data.toString();
      if (Buffer.byteLength(buffered) > maxRecordBytes && !buffered.includes(RECORD_SEPARATOR)) {
        buffered = '';
        socket.close(1009, 'Message too big');
        return;
      }
      let end;
      while ((end = buffered.indexOf(RECORD_SEPARATOR)) !== -1 && socket.readyState === WebSocket.OPEN) {
        const record = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (joined.has(socket)) onHubMessage(socket, record);
        else if (acceptHandshake(socket, record)) {
          joined.add(socket);
          // The client drops the connection when it hears nothing for serverTimeout (30 s).
          pinger = setInterval(() => send(socket, { type: MessageType.Ping }), pingIntervalMs);
        }
      }
    });
    socket.on('close', () => {
      clearInterval(pinger);
      joined.delete(socket);
    });
    socket.on('error', (error) => log.warn(`hub: socket error: ${error.message}`));
  }

  /**
   * @param {WebSocket} socket
   * @param {string} record
   * @returns {boolean} whether the client may now receive hub messages
   */
  function acceptHandshake(socket, record) {
    /** @type {{ protocol?: unknown, version?: unknown }} */
    let request = {};
    try {
      request = JSON.parse(record);
    } catch {
      // handled as an unsupported protocol below
    }
    let error;
    if (request.protocol !== 'json') error = `The protocol '${String(request.protocol)}' is not supported.`;
    else if (request.version !== PROTOCOL_VERSION)
      error = `The server does not support version ${String(request.version)} of the 'json' protocol.`;
    socket.send(JSON.stringify(error ? { error } : {}) + RECORD_SEPARATOR);
    if (error) socket.close(1002, 'Handshake failed');
    return !error;
  }

  /** @param {WebSocket} socket @param {string} record */
  function onHubMessage(socket, record) {
    /** @type {{ type?: number, invocationId?: string, target?: string }} */
    let message;
    try {
      message = JSON.parse(record);
    } catch {
      send(socket, { type: MessageType.Close, error: 'Connection closed with an error: invalid JSON record.' });
      socket.close(1003, 'Invalid message');
      return;
    }
    if (message.type === MessageType.Close) socket.close(1000);
    else if (message.type === MessageType.Invocation && message.invocationId) {
      // The legacy hub has no client-callable methods; answer like ASP.NET does so a caller's
      // invoke() rejects instead of waiting forever.
      send(socket, {
        type: MessageType.Completion,
        invocationId: message.invocationId,
        error: `Failed to invoke '${message.target}' due to an error on the server. HubException: Method does not exist.`,
      });
    }
    // Pings (type 6) only keep the connection alive; nothing to answer.
  }

  return {
    handleRequest(req, res, url) {
      if (url.pathname !== `${HUB_PATH}/negotiate`) {
        sendJson(res, 400, { message: 'This hub supports the WebSockets transport only.' });
        return;
      }
      if (req.method !== 'POST') {
        sendJson(res, 405, { message: 'negotiate expects POST.' });
        return;
      }
      const transports = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];
      if (Number(url.searchParams.get('negotiateVersion')) >= 1) {
        const connectionId = randomBytes(16).toString('base64url');
        sendJson(res, 200, { negotiateVersion: 1, connectionId, connectionToken: tokens.issue(), availableTransports: transports });
      } else {
        // Version 0 clients connect with the connectionId itself.
        sendJson(res, 200, { negotiateVersion: 0, connectionId: tokens.issue(), availableTransports: transports });
      }
    },

    handleUpgrade(req, socket, head, url) {
      const id = url.searchParams.get('id');
      // No id means the client skipped negotiation, which SignalR allows for WebSockets.
      if (url.pathname !== HUB_PATH || (id !== null && !tokens.accept(id))) {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      server.handleUpgrade(req, socket, head, serve);
    },

    broadcast(sender, text) {
      const message = { type: MessageType.Invocation, target: 'ReceiveMessage', arguments: [sender, text] };
      let delivered = 0;
      for (const socket of joined) {
        if (socket.readyState !== WebSocket.OPEN) continue;
        send(socket, message);
        delivered += 1;
      }
      return delivered;
    },

    dropAll() {
      const count = server.clients.size;
      for (const socket of server.clients) socket.terminate();
      return count;
    },

    clientCount: () => joined.size,

    close({ allowReconnect = true, graceMs = 500 } = {}) {
      // Tell every client the server is going away and may be reconnected to (SignalR clients
      // with automatic reconnect then start over), then cut whatever is still open.
      for (const socket of joined) {
        send(socket, allowReconnect ? { type: MessageType.Close, allowReconnect: true } : { type: MessageType.Close });
        socket.close(1000, 'Server shutting down');
      }
      return new Promise((done) => {
        const cut = setTimeout(() => {
          for (const socket of server.clients) socket.terminate();
        }, joined.size > 0 ? graceMs : 0);
        server.close(() => {
          clearTimeout(cut);
          done();
        });
        if (joined.size === 0) for (const socket of server.clients) socket.terminate();
      });
    },
  };
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
