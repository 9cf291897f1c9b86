// Forwards /api/* to Prism with the /api base removed: the contract's paths are relative to
// its `servers: [{url: /api}]`, and Prism matches them without that base. Bodies stream
// through untouched (multipart included); only POST /auth/login is read, to pick the example.
import { request } from 'node:http';
import { callerOrigin, rewriteCoverOrigin } from './covers.mjs';
import { parseJsonObject, readBody, sendJson } from './http.mjs';

/** @typedef {import('./prism.mjs').Logger} Logger */

export const API_BASE = '/api';
const LOGIN_PATH = '/auth/login';
// Hop-by-hop and address headers belong to each connection, not to the forwarded request.
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

/**
 * The Prism example (or status) a login should get. Prism cannot branch on a request body, so
 * the gateway maps the mock users onto the contract's named login examples.
 * @param {Buffer} body the JSON login request
 * @returns {string} a Prefer header value
 */
function loginPreference(body) {
  const { username, password } = parseJsonObject(body);
  if (password === 'wrong') return 'code=401';
  const name = typeof username === 'string' ? username.trim().toLowerCase() : '';
  return `example=${name === 'admin' || name === 'staff' ? name : 'customer'}`;
}

/**
 * @param {{ prismUrl: string, log: Logger }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function createApiProxy({ prismUrl, log }) {
  const target = new URL(prismUrl);

  return async function proxyToPrism(req, res) {
    const started = performance.now();
    const rest = (req.url ?? API_BASE).slice(API_BASE.length);
    const path = rest.startsWith('/') ? rest : `/${rest}`;
    const pathname = path.split('?')[0];
    /** @type {import('node:http').OutgoingHttpHeaders} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!NOT_FORWARDED.has(name)) headers[name] = value;
    }

    /** @type {Buffer | undefined} */
    let loginBody;
    if (req.method === 'POST' && pathname === LOGIN_PATH) {
      loginBody = await readBody(req);
      headers.prefer ??= loginPreference(loginBody);
      headers['content-length'] = String(loginBody.length);
      delete headers['transfer-encoding'];
    }

    const upstream = request(
      { hostname: target.hostname, port: target.port, method: req.method, path, headers },
      (prismRes) => {
        /** @type {import('node:http').OutgoingHttpHeaders} */
        const back = {};
        for (const [name, value] of Object.entries(prismRes.headers)) {
          if (!NOT_FORWARDED.has(name)) back[name] = value;
        }
        prismRes.once('end', () => {
          const prefer = headers.prefer ? ` [Prefer: ${headers.prefer}]` : '';
          log.info(`${req.method} ${req.url} -> ${prismRes.statusCode}${prefer} ${Math.round(performance.now() - started)} ms`);
        });
        if (!/json/i.test(String(prismRes.headers['content-type'] ?? ''))) {
          res.writeHead(prismRes.statusCode ?? 502, back);
          prismRes.pipe(res);
          return;
        }
        // JSON replies are small; read them whole to point the example cover URLs at the
        // origin this caller used (covers are served by the mock itself).
        readBody(prismRes).then((raw) => {
          const body = Buffer.from(rewriteCoverOrigin(raw.toString('utf8'), callerOrigin(req.headers)), 'utf8');
          delete back['transfer-encoding'];
          back['content-length'] = String(body.length);
          res.writeHead(prismRes.statusCode ?? 502, back);
          res.end(body);
        }, (error) => res.destroy(error));
      },
    );
    upstream.once('error', (error) => {
      if (res.headersSent) {
        res.destroy(error);
        return;
      }
      const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? error.message;
      sendJson(res, 502, { message: `The mock gateway could not reach Prism at ${prismUrl} (${code}).` });
    });
    // A caller that gives up should not leave the upstream request hanging.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });

    if (loginBody) upstream.end(loginBody);
    else req.pipe(upstream);
  };
}
