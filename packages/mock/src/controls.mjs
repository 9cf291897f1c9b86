// /__mock/* lets tests and developers drive the mock: push a notification, cut every hub
// connection to exercise reconnect, add latency or failures to API paths, read the contract
// violations seen in proxy mode, and ask whether the mock is ready. Also the optional timer
// that sends sample notifications like the legacy server does.
//
// The controls are for the developer's own tools (curl, scripts, tests, the app on the same
// origin), never for other web pages: a browser request from another origin is refused, and
// the controls send no CORS headers.
import { parseRule } from './faults.mjs';
import { readJsonObject, sendJson } from './http.mjs';

/** @typedef {import('@pustak/hub').NotificationHub} NotificationHub */
/** @typedef {import('./prism.mjs').Logger} Logger */
/** @typedef {ReturnType<import('./faults.mjs').createFaults>} Faults */

export const CONTROL_BASE = '/__mock';

/**
 * What the server broadcasts on book creation and on order verification (a purchase names the
 * book, never the buyer: issue 29, part 3).
 */
const SAMPLE_NOTIFICATIONS = /** @type {const} */ ([
  ['Admin', 'New book added! Palpasa Cafe'],
  ['Purchased Book', 'Karnali Blues was just bought'],
  ['Admin', 'New book added! Muna Madan'],
  ['Purchased Book', 'Sapiens was just bought'],
  ['Admin', 'New book added! Karnali Blues'],
  ['Purchased Book', 'Palpasa Cafe and 1 more were just bought'],
]);

/**
 * Whether a control request comes from another web origin. Browsers say so in
 * Sec-Fetch-Site; older ones only send Origin, which must then name this very host. Requests
 * without either (curl, Node, tests) are not browser requests from another page.
 * @param {import('node:http').IncomingMessage} req
 */
export function isCrossOriginBrowserRequest(req) {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/**
 * @param {{
 *   hub: NotificationHub,
 *   faults: Faults,
 *   apiReady: () => Promise<boolean>,
 *   violations: () => object[],
 *   clearViolations: () => number,
 *   proxyTarget?: string,
 * }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => Promise<void>}
 */
export function createControls({ hub, faults, apiReady, violations, clearViolations, proxyTarget }) {
  /** @type {Record<string, Record<string, (req: import('node:http').IncomingMessage) => Promise<[number, object]>>>} */
  const routes = {
    broadcast: {
      async POST(req) {
        if (proxyTarget) return [409, { message: `Live notifications come from the backend at ${proxyTarget} in proxy mode.` }];
        const { sender = 'Admin', text } = await readJsonObject(req);
        if (typeof sender !== 'string' || typeof text !== 'string') {
          return [400, { message: 'Send JSON {"sender": "Admin", "text": "New book added! ..."}; text is required.' }];
        }
        return [200, { delivered: hub.broadcast(sender, text) }];
      },
    },
    drop: { POST: async () => [200, { dropped: hub.dropAll() }] },
    health: {
      async GET() {
        const ready = await apiReady();
        return [ready ? 200 : 503, { ok: ready, api: ready ? 'ready' : 'not answering', clients: hub.clientCount(), ...(proxyTarget ? { proxy: proxyTarget } : {}) }];
      },
    },
    faults: {
      GET: async () => [200, { faults: faults.list() }],
      async POST(req) {
        const parsed = parseRule(await readJsonObject(req));
        if ('error' in parsed) return [400, { message: parsed.error }];
        return [201, faults.add(parsed.rule)];
      },
      DELETE: async () => [200, { cleared: faults.clear() }],
    },
    violations: {
      GET: async () => [200, { violations: violations() }],
      DELETE: async () => [200, { cleared: clearViolations() }],
    },
  };

  return async function handleControl(req, res, url) {
    if (isCrossOriginBrowserRequest(req)) {
      sendJson(res, 403, { message: 'The mock controls only answer the developer\'s own tools and pages on this origin, not other web pages.' });
      return;
    }
    const route = routes[url.pathname.slice(CONTROL_BASE.length + 1)];
    if (!route) {
      sendJson(res, 404, { message: `Unknown control ${url.pathname}; try ${Object.keys(routes).map((name) => `${CONTROL_BASE}/${name}`).join(', ')}.` });
      return;
    }
    const run = route[req.method ?? 'GET'];
    if (!run) {
      res.setHeader('Allow', Object.keys(route).join(', '));
      sendJson(res, 405, { message: `${url.pathname} expects ${Object.keys(route).join(' or ')}.` });
      return;
    }
    const [status, body] = await run(req);
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
