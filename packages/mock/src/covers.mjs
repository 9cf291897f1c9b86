// The example books' covers. Every imageUrl in the contract is absolute
// (http://localhost:4010/covers/<slug>.svg, the default mock origin), so the mock serves the
// SVGs itself and the gateway rewrites that origin to the one a caller actually used.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { coversDir } from '@pustak/web/covers';
import { sendJson } from './http.mjs';

export const COVERS_PATH = '/covers';
/** The origin the contract's examples use for covers. */
export const EXAMPLE_ORIGIN = 'http://localhost:4010';
const COVERS_DIR = coversDir;
const COVER_FILE = /^\/covers\/([a-z0-9-]+\.svg)$/;
// A Host header we are willing to echo into a URL: a name or IPv4/IPv6 literal and a port.
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * GET /covers/<slug>.svg from packages/web/public/covers; nothing else (no other names, no
 * path tricks) is served.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {URL} url
 */
export async function serveCover(req, res, url) {
  const match = COVER_FILE.exec(url.pathname);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendJson(res, 405, { message: `${url.pathname} expects GET.` });
    return;
  }
  const svg = match ? await readFile(resolve(COVERS_DIR, match[1])).catch(() => undefined) : undefined;
  if (!svg) {
    sendJson(res, 404, { message: `No cover at ${url.pathname}.` });
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'image/svg+xml',
    'Content-Length': svg.length,
    'Cache-Control': 'public, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : svg);
}

/**
 * The origin covers should be fetched from by this caller: the Host it called us on.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {string | undefined} undefined when the Host header is missing or odd
 */
export function callerOrigin(headers) {
  const host = headers.host;
  return typeof host === 'string' && SAFE_HOST.test(host) ? `http://${host}` : undefined;
}

/**
 * Points the example cover URLs of a JSON reply at `origin`.
 * @param {string} body
 * @param {string | undefined} origin
 */
export function rewriteCoverOrigin(body, origin) {
  if (!origin || origin === EXAMPLE_ORIGIN) return body;
  return body.split(`"${EXAMPLE_ORIGIN}${COVERS_PATH}/`).join(`"${origin}${COVERS_PATH}/`);
}
