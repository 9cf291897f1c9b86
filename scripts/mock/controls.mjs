// /__mock/* lets tests and developers drive the live hub: push a notification, cut every
// connection to exercise reconnect, and see how many clients are connected. Also the optional
// timer that sends sample notifications like the legacy server does.
import { readJsonObject, sendJson } from './http.mjs';

/** @typedef {import('./hub.mjs').NotificationHub} NotificationHub */
/** @typedef {import('./prism.mjs').Logger} Logger */

export const CONTROL_BASE = '/__mock';

/** What the legacy server broadcasts on book creation and on order verification. */
const SAMPLE_NOTIFICATIONS = /** @type {const} */ ([
  ['Admin', 'New book added! Palpasa Cafe'],
  ['Purchased Book', 'sita has purchased the book '],
  ['Admin', 'New book added! Muna Madan'],
  ['Purchased Book', 'anisha has purchased the book '],
  ['Admin', 'New book added! Karnali Blues'],
  ['Purchased Book', 'gita has purchased the book '],
]);

/**
 * @param {NotificationHub} hub
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => Promise<void>}
 */
export function createControls(hub) {
  /** @type {Record<string, { method: string, run: (req: import('node:http').IncomingMessage) => Promise<[number, object]> }>} */
  const routes = {
    broadcast: {
      method: 'POST',
      async run(req) {
        const { sender = 'Admin', text } = await readJsonObject(req);
        if (typeof sender !== 'string' || typeof text !== 'string') {
          return [400, { message: 'Send JSON {"sender": "Admin", "text": "New book added! ..."}; text is required.' }];
        }
        return [200, { delivered: hub.broadcast(sender, text) }];
      },
    },
    drop: { method: 'POST', run: async () => [200, { dropped: hub.dropAll() }] },
    health: { method: 'GET', run: async () => [200, { ok: true, clients: hub.clientCount() }] },
  };

  return async function handleControl(req, res, url) {
    const route = routes[url.pathname.slice(CONTROL_BASE.length + 1)];
    if (!route) {
      sendJson(res, 404, { message: `Unknown control ${url.pathname}; try /__mock/broadcast, /__mock/drop or /__mock/health.` });
      return;
    }
    if (req.method !== route.method) {
      res.setHeader('Allow', route.method);
      sendJson(res, 405, { message: `${url.pathname} expects ${route.method}.` });
      return;
    }
    const [status, body] = await route.run(req);
    sendJson(res, status, body);
  };
}

/**
 * Broadcasts the sample notifications in turn, one every `seconds`.
 * @param {NotificationHub} hub
 * @param {number} seconds
 * @param {Logger} log
 * @returns {() => void} stops the timer
 */
export function startSampleBroadcasts(hub, seconds, log) {
  let next = 0;
  const timer = setInterval(() => {
    const [sender, text] = SAMPLE_NOTIFICATIONS[next];
    next = (next + 1) % SAMPLE_NOTIFICATIONS.length;
    const delivered = hub.broadcast(sender, text);
    log.info(`hub: ReceiveMessage("${sender}", "${text}") -> ${delivered} client(s)`);
  }, seconds * 1000);
  return () => clearInterval(timer);
}
