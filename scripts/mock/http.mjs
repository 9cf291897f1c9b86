// Small HTTP helpers shared by the gateway's routes.

/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */

const DEFAULT_ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer, X-Requested-With, X-SignalR-User-Agent';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * Permissive CORS so a front end on another origin can use the mock directly. The origin is
 * echoed rather than "*" because the SignalR client sends credentials by default, and browsers
 * refuse "*" on credentialed requests.
 * @param {Request} req
 * @param {Response} res
 */
export function setCorsHeaders(req, res) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS);
  res.setHeader('Access-Control-Max-Age', '600');
  res.setHeader('Vary', 'Origin, Access-Control-Request-Headers');
}

/**
 * @param {Response} res
 * @param {number} status
 * @param {unknown} body
 */
export function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * @param {Request} req
 * @returns {Promise<Buffer>}
 */
export async function readBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads a JSON object body; anything else (empty, malformed, not an object) gives `{}` so
 * control routes can fall back to defaults.
 * @param {Request} req
 * @returns {Promise<Record<string, unknown>>}
 */
export async function readJsonObject(req) {
  return parseJsonObject(await readBody(req));
}

/** @param {Buffer} body @returns {Record<string, unknown>} */
export function parseJsonObject(body) {
  try {
    const value = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}
