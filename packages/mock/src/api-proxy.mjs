// Forwards /api/* to Prism with the /api base removed: the contract's paths are relative to
// its `servers: [{url: /api}]`, and Prism matches them without that base. The path forwarded is
// the normalised one the gateway routed on (dot segments resolved), never the raw request line.
//
// On the way it: refuses bodies above the size limit (413); applies the failure and latency
// rules of faults.mjs; picks the login example from the username (Prism cannot branch on a
// body); turns Prism's validation reasons (its `sl-violations` header) into the `errors` and
// `detail` of a 422; points the example cover URLs at the caller's origin; and, in proxy mode,
// reports every request and response that breaks the contract.
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { callerOrigin, rewriteCoverOrigin } from './covers.mjs';
import { DELAY_HEADER, FAULT_HEADER } from './faults.mjs';
import { BodyTooLargeError, parseJsonObject, readBody, sendJson, sendProblem } from './http.mjs';

/** @typedef {import('./prism.mjs').Logger} Logger */
/** @typedef {ReturnType<import('./faults.mjs').createFaults>} Faults */

export const API_BASE = '/api';
/** Largest request body the gateway takes: a 5 MB cover plus the form's text parts. */
export const DEFAULT_MAX_BODY_BYTES = 6 * 1024 * 1024;
const LOGIN_PATH = '/auth/login';
const ORDER_SEARCH_PATH = '/order/search';
/** The `Retry-After` of a fault's 503, in seconds (the server's database-unavailable 503 sends 2). */
export const RETRY_AFTER_SECONDS = 1;
const VIOLATIONS_HEADER = 'sl-violations';
// Hop-by-hop and address headers belong to each connection, not to the forwarded request.
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer', DELAY_HEADER, FAULT_HEADER]);

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
 * The example an order search should get, so a list reads like its query: a search finds the one
 * order of `found`; no status filter is every status (`all`, `page2` after the first page); a
 * status filter is the default, the orders waiting for pickup.
 * @param {URLSearchParams} query
 * @returns {string | undefined} a Prefer header value
 */
function orderSearchPreference(query) {
  if (query.get('search')?.trim()) return 'example=found';
  if (query.has('status')) return undefined;
  return Number(query.get('page') ?? '1') > 1 ? 'example=page2' : 'example=all';
}

/**
 * @typedef {object} Violation
 * @property {string[]} location e.g. ['request', 'body', 'Discount'] or ['response', 'body', 'data', '0', 'imageUrl']
 * @property {string} severity 'Error' | 'Warning' | ...
 * @property {string} [code]
 * @property {string} message
 */

/**
 * Prism's validation results for one exchange, from its `sl-violations` header.
 * @param {string | string[] | undefined} header
 * @returns {Violation[]}
 */
export function parseViolations(header) {
  if (typeof header !== 'string' || !header.trim()) return [];
  try {
    const parsed = JSON.parse(header.replace(/^Too many violations! /, ''));
    return Array.isArray(parsed) ? parsed.filter((v) => v && typeof v.message === 'string') : [];
  } catch {
    return [{ location: ['response'], severity: 'Error', message: 'Too many violations to list.' }];
  }
}

/**
 * Problem details of a 422 that say which field broke which rule: `errors` maps each place
 * ("body.Discount", "query.pageSize", "path.bookId", "body.password" for a missing property,
 * "body" for the body as a whole) to Prism's messages, and `detail` lists them all. Prism
 * lower-cases parameter names; `parameterNames` (lower case -> the contract's spelling) puts
 * them back, so the places read as the server's do.
 * @param {Violation[]} violations
 * @param {Map<string, string>} [parameterNames]
 */
export function validationProblem(violations, parameterNames = new Map()) {
  /** @type {Record<string, string[]>} */
  const errors = {};
  /** @type {string[]} */
  const details = [];
  for (const violation of violations) {
    const location = violation.location.filter((part, index) => !(index === 0 && part === 'request'));
    let message = violation.message;
    const [part, name] = location;
    const spelled = name === undefined ? undefined : parameterNames.get(name.toLowerCase());
    if (part !== 'body' && name !== undefined && spelled) {
      location[1] = spelled;
      message = message.replace(`parameter ${name} `, `parameter ${spelled} `);
    }
    // A missing or unexpected property is the place of its own, not of the object holding it.
    const property = /must have required property '([^']+)'$/.exec(message)?.[1] ?? /must NOT have additional properties; found '([^']+)'$/.exec(message)?.[1];
    if (part === 'body' && property) location.push(property);
    const where = location.join('.') || 'request';
    (errors[where] ??= []).push(message);
    details.push(message);
  }
  return {
    type: 'https://tools.ietf.org/html/rfc9110#section-15.5.21',
    title: 'One or more validation errors occurred.',
    status: 422,
    detail: details.join('; ') || 'The request does not match the API contract.',
    errors,
  };
}

/**
 * Every parameter name of the contract, by its lower-case spelling.
 * @param {unknown} contract the parsed OpenAPI document
 * @returns {Map<string, string>}
 */
export function contractParameterNames(contract) {
  /** @type {Map<string, string>} */
  const names = new Map();
  /** @param {unknown} node */
  const visit = (node) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = /** @type {Record<string, unknown>} */ (node);
      if (typeof record.name === 'string' && typeof record.in === 'string') names.set(record.name.toLowerCase(), record.name);
      Object.values(record).forEach(visit);
    }
  };
  visit(contract);
  return names;
}

/**
 * @param {{
 *   prismUrl: string,
 *   log: Logger,
 *   faults: Faults,
 *   maxBodyBytes?: number,
 *   proxyMode?: boolean,
 *   parameterNames?: Map<string, string>,
 *   onViolations?: (report: { method: string, path: string, status: number, violations: Violation[] }) => void,
 * }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => Promise<void>}
 */
export function createApiProxy({ prismUrl, log, faults, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, proxyMode = false, parameterNames = new Map(), onViolations = () => {} }) {
  const target = new URL(prismUrl);

  return async function proxyToPrism(req, res, url) {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const pathname = url.pathname.slice(API_BASE.length) || '/';
    const path = pathname + url.search;

    const fault = faults.take(method, pathname, req.headers);
    if ('error' in fault) {
      sendJson(res, 400, { message: fault.error });
      return;
    }

    let body;
    try {
      body = await readBody(req, { limit: maxBodyBytes });
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      // Say so, then close: the rest of the upload is not read.
      res.setHeader('Connection', 'close');
      sendProblem(res, 413, { title: 'Payload Too Large', detail: `${error.message} The API takes at most ${maxBodyBytes} bytes.` });
      return;
    }

    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.fault === 'drop') {
      log.info(`${method} ${req.url} -> dropped (mock fault)`);
      req.socket.destroy();
      return;
    }
    if (fault.fault) {
      const status = Number(fault.fault);
      log.info(`${method} ${req.url} -> ${status} (mock fault)`);
      // As the server's 503 (ServiceUnavailable in the contract): nothing processed, try again then.
      if (status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      sendJson(res, status, { status: 'error', statusCode: status, message: status === 503 ? 'Service Unavailable (mock fault)' : 'Internal Server Error (mock fault)' });
      return;
    }

    /** @type {import('node:http').OutgoingHttpHeaders} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!NOT_FORWARDED.has(name)) headers[name] = value;
    }
    if (!proxyMode && method === 'POST' && pathname === LOGIN_PATH) headers.prefer ??= loginPreference(body);
    if (!proxyMode && method === 'GET' && pathname === ORDER_SEARCH_PATH && !headers.prefer) {
      const preference = orderSearchPreference(url.searchParams);
      if (preference) headers.prefer = preference;
    }
    delete headers['transfer-encoding'];
    // Always a length (0 when empty): Prism reads a missing body only as "no length, no chunks".
    headers['content-length'] = String(body.length);

    const upstream = request({ hostname: target.hostname, port: target.port, method, path, headers }, (prismRes) => {
      const status = prismRes.statusCode ?? 502;
      const violations = parseViolations(prismRes.headers[VIOLATIONS_HEADER]);
      prismRes.once('end', () => {
        const prefer = headers.prefer ? ` [Prefer: ${headers.prefer}]` : '';
        log.info(`${method} ${req.url} -> ${status}${prefer} ${Math.round(performance.now() - started)} ms`);
      });
      if (proxyMode && violations.length) onViolations({ method, path: `${API_BASE}${pathname}`, status, violations });

      /** @type {import('node:http').OutgoingHttpHeaders} */
      const back = {};
      for (const [name, value] of Object.entries(prismRes.headers)) {
        if (!NOT_FORWARDED.has(name)) back[name] = value;
      }
      const contentType = String(prismRes.headers['content-type'] ?? '');
      const isProblem = status === 422 && /problem\+json/i.test(contentType) && violations.some((v) => v.location[0] === 'request');
      if (!isProblem && (proxyMode || !/json/i.test(contentType))) {
        res.writeHead(status, back);
        prismRes.pipe(res);
        return;
      }
      // JSON replies are small; read them whole to say why a request was refused, and to point
      // the example cover URLs at the origin this caller used (the mock serves the covers).
      readBody(prismRes).then((raw) => {
        const text = isProblem
          ? JSON.stringify(validationProblem(violations.filter((v) => v.location[0] === 'request'), parameterNames))
          : rewriteCoverOrigin(raw.toString('utf8'), callerOrigin(req.headers));
        const out = Buffer.from(text, 'utf8');
        delete back['transfer-encoding'];
        back['content-length'] = String(out.length);
        res.writeHead(status, back);
        res.end(out);
      }, (error) => res.destroy(error));
    });
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
    upstream.end(body);
  };
}
