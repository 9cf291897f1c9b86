// The SignalR-protocol hub at /hubs/notification, one module for the mock and the server
// (@pustak/hub): negotiate, the WebSocket transport and the JSON hub protocol (records end
// with 0x1E). Like the legacy ASP.NET Core hub it needs no sign-in and sends
// ReceiveMessage(sender, text) to everyone. A server that knows who negotiated (the Pustak
// server reads the bearer there and signs the user into the connection token) may also send
// ReceiveUserMessage(sender, text) to one user's connections only (`sendToUser`); the mock
// knows no users and never does. On close it tells clients to reconnect (`allowReconnect: true`).
//
// What an anonymous endpoint open to everyone must not let anyone do: a WebSocket needs a
// connection token from negotiate (no skipping negotiation), one that has not sent its
// handshake within handshakeTimeoutMs is closed (ASP.NET's HandshakeTimeout, 15 s), and one
// client address holds at most maxConnectionsPerAddress sockets. Without these, 1,000 sockets
// that never said a word stayed open for good.
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
/** How long a WebSocket may take to send its handshake: ASP.NET Core's HandshakeTimeout. */
export const DEFAULT_HANDSHAKE_TIMEOUT_MS = 15_000;
/**
 * Open sockets one client address may hold. A browser holds one per tab; 50 leaves room for an
 * office or a school behind one address and keeps one machine from holding thousands.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 50;
/** Negotiated tokens not yet used by a WebSocket; the oldest are forgotten beyond this. */
const MAX_PENDING_TOKENS = 1_000;
const RECORD_SEPARATOR = '\x1e';
const MessageType = /** @type {const} */ ({ Invocation: 1, Completion: 3, Ping: 6, Close: 7 });
const PROTOCOL_VERSION = 1;

/**
 * @typedef {object} NotificationHub
 * @property {(req: Request, res: import('node:http').ServerResponse, url: URL) => void} handleRequest
 *   HTTP requests under HUB_PATH: negotiate, and a clear refusal of the HTTP transports.
 * @property {(url: URL, userId?: string) => object} negotiate negotiate's answer for this request URL (a POST to `${HUB_PATH}/negotiate`), its token carrying the signed-in user when given
 * @property {(req: Request, socket: import('node:stream').Duplex, head: Buffer, url: URL) => void} handleUpgrade
 *   WebSocket upgrades to HUB_PATH: refused (and the socket ended) without a negotiated token,
 *   from a refused Origin, or over the address's connection cap
 * @property {(sender: string, text: string) => number} broadcast sends ReceiveMessage, returns receivers
 * @property {(userId: string, sender: string, text: string) => number} sendToUser sends ReceiveUserMessage to that user's connections only, returns receivers
 * @property {() => number} dropAll cuts every connection without a close message, returns how many
 * @property {() => number} clientCount connections that completed the handshake
 * @property {(options?: { allowReconnect?: boolean, graceMs?: number }) => Promise<void>} close sends every client a close record (allowReconnect: true unless told otherwise), then closes
 */

/**
 * How negotiate's connection tokens are made and checked. The default remembers them in this
 * process (one token, one WebSocket). Several instances behind a load balancer use signed,
 * short-lived tokens instead, so a negotiate answered by one instance is accepted by another;
 * those carry the user who negotiated (`accept` answers `{ userId }`).
 * @typedef {{ issue(userId?: string): string, accept(token: string): boolean | { userId?: string } }} ConnectionTokens
 */

/**
 * @typedef {object} HubOptions
 * @property {number} pingIntervalMs
 * @property {Logger} log
 * @property {number} [maxRecordBytes]
 * @property {ConnectionTokens} [connectionTokens]
 * @property {number} [handshakeTimeoutMs] a socket without a handshake by then is closed (1008)
 * @property {number} [maxConnectionsPerAddress] more sockets from one address are refused (429)
 * @property {(req: Request) => string} [addressOf] the client address an upgrade counts against (default: the peer's)
 * @property {(req: Request) => boolean} [originAllowed] whether a browser page on the request's Origin may connect (default: any)
 */

/**
 * @param {HubOptions} options
 * @returns {NotificationHub}
 */
export function createNotificationHub({
  pingIntervalMs,
  log,
  maxRecordBytes = DEFAULT_MAX_RECORD_BYTES,
  connectionTokens,
  handshakeTimeoutMs = DEFAULT_HANDSHAKE_TIMEOUT_MS,
  maxConnectionsPerAddress = DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  addressOf = (req) => req.socket.remoteAddress ?? '',
  originAllowed = () => true,
}) {
  // ws closes a connection whose frame (or fragmented message) exceeds maxPayload with 1009.
  const server = new WebSocketServer({ noServer: true, maxPayload: maxRecordBytes });
  /** Tokens handed out by negotiate and not yet used by a WebSocket. */
  const pendingTokens = new Set();
  /** @type {Set<WebSocket>} */
  const joined = new Set();
  /** The signed-in user of each socket negotiated with one. @type {WeakMap<WebSocket, string>} */
  const userOf = new WeakMap();
  /** Open sockets per client address, from the upgrade until the TCP connection closes. */
  const perAddress = new Map();

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
    const handshakeDeadline = setTimeout(() => {
      socket.close(1008, 'Handshake timed out');
      // A client that never sent a handshake may not answer the close either.
      setTimeout(() => socket.terminate(), 1_000).unref();
    }, handshakeTimeoutMs);

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
          clearTimeout(handshakeDeadline);
          joined.add(socket);
          // The client drops the connection when it hears nothing for serverTimeout (30 s).
          pinger = setInterval(() => send(socket, { type: MessageType.Ping }), pingIntervalMs);
        }
      }
    });
    socket.on('close', () => {
      clearTimeout(handshakeDeadline);
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

  /** @param {URL} url @param {string} [userId] */
  function negotiate(url, userId) {
    const transports = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];
    if (Number(url.searchParams.get('negotiateVersion')) >= 1) {
      const connectionId = randomBytes(16).toString('base64url');
      return { negotiateVersion: 1, connectionId, connectionToken: tokens.issue(userId), availableTransports: transports };
    }
    // Version 0 clients connect with the connectionId itself.
    return { negotiateVersion: 0, connectionId: tokens.issue(userId), availableTransports: transports };
  }

  /** @param {WebSocket} socket @param {object} message */
  const sendIfOpen = (socket, message) => {
    if (socket.readyState !== WebSocket.OPEN) return 0;
    send(socket, message);
    return 1;
  };

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
      sendJson(res, 200, negotiate(url));
    },

    negotiate,

    handleUpgrade(req, socket, head, url) {
      if (url.pathname !== HUB_PATH) return refuse(socket, 404, 'Not Found', `The hub is at ${HUB_PATH}.`);
      if (!originAllowed(req)) return refuse(socket, 403, 'Forbidden', 'Pages on this origin may not connect to the hub.');
      const address = addressOf(req);
      const open = perAddress.get(address) ?? 0;
      if (open >= maxConnectionsPerAddress) {
        return refuse(socket, 429, 'Too Many Requests', `At most ${maxConnectionsPerAddress} hub connections per client address.`);
      }
      const id = url.searchParams.get('id');
      const accepted = id === null ? false : tokens.accept(id);
      if (!accepted) {
        // Skipping negotiation, which SignalR allows for WebSockets, would let a client open
        // sockets without ever being handed a token.
        return refuse(socket, 404, 'Not Found', 'No such connection: negotiate first (POST /hubs/notification/negotiate).');
      }
      perAddress.set(address, open + 1);
      socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
      const userId = typeof accepted === 'object' ? accepted.userId : undefined;
      server.handleUpgrade(req, socket, head, (webSocket) => {
        if (userId) userOf.set(webSocket, userId);
        serve(webSocket);
      });
    },

    broadcast(sender, text) {
      const message = { type: MessageType.Invocation, target: 'ReceiveMessage', arguments: [sender, text] };
      let delivered = 0;
      for (const socket of joined) delivered += sendIfOpen(socket, message);
      return delivered;
    },

    sendToUser(userId, sender, text) {
      const message = { type: MessageType.Invocation, target: 'ReceiveUserMessage', arguments: [sender, text] };
      let delivered = 0;
      for (const socket of joined) if (userOf.get(socket) === userId) delivered += sendIfOpen(socket, message);
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
 * Answers an upgrade request with an HTTP error instead of a WebSocket.
 * @param {import('node:stream').Duplex} socket
 * @param {number} status
 * @param {string} reason
 * @param {string} text
 */
function refuse(socket, status, reason, text) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
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
