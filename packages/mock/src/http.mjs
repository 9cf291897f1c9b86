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

/** A body larger than the gateway takes; answered with 413. */
export class BodyTooLargeError extends Error {
  /** @param {number} limit */
  constructor(limit) {
    super(`The request body is larger than ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
    this.limit = limit;
  }
}

/**
 * Reads a whole body, refusing more than `limit` bytes: a declared Content-Length above it
 * is refused before reading, a chunked body as soon as it passes it.
 * @param {import('node:stream').Readable & { headers?: import('node:http').IncomingHttpHeaders }} req
 * @param {{ limit?: number }} [options]
 * @returns {Promise<Buffer>}
 */
export async function readBody(req, { limit = Infinity } = {}) {
  const declared = Number(req.headers?.['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Control requests are tiny JSON objects. */
export const CONTROL_BODY_LIMIT = 64 * 1024;

/**
 * Reads a JSON object body; anything else (empty, malformed, not an object) gives `{}` so
 * control routes can fall back to defaults.
 * @param {Request} req
 * @returns {Promise<Record<string, unknown>>}
 */
export async function readJsonObject(req) {
  return parseJsonObject(await readBody(req, { limit: CONTROL_BODY_LIMIT }));
}

/**
 * Sends RFC 9457 problem details.
 * @param {Response} res
 * @param {number} status
 * @param {Record<string, unknown>} problem
 */
export function sendProblem(res, status, problem) {
  const text = JSON.stringify({ status, ...problem });
  res.writeHead(status, { 'Content-Type': 'application/problem+json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
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
