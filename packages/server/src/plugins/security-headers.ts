// Security headers on every answer (API, web app, files), CORS for the configured origins only
// (every answer, errors included, and the hub's negotiate), the same allow-list for the hub's
// WebSocket, and no source maps from the served web app.
//
// CORS allows credentials for the configured origins: @microsoft/signalr sends negotiate with
// credentials by default, and a browser refuses a credentialed answer without it. The server
// sets no cookies (bearer tokens only), so a page on an allowed origin gains nothing it would
// not have without credentials.
//
// The web app's Content-Security-Policy allows scripts, styles, fonts and workers from its own
// origin only (no inline script, no eval), images from its own origin, data: URLs and the
// configured public API origin (PUBLIC_URL, where absolute imageUrls point), and connections
// (fetch, the hub's WebSocket) to its own origin and that API. Everything else the API answers
// gets `default-src 'none'`: a JSON body or an error page can run and load nothing.
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Origins (scheme://host[:port]) whose pages may call the API cross-origin. None by default. */
  corsOrigins?: readonly string[];
  /** The configured public origin of the API (PUBLIC_URL); allowed for images and connections. */
  publicUrl?: string | undefined;
  /** The web app is served (production): answer its pages with its CSP and refuse source maps. */
  servesWebApp?: boolean;
}

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The web app's policy; `apiOrigin` is PUBLIC_URL when it is set. */
export function webAppCsp(apiOrigin?: string): string {
  const api = apiOrigin ? ` ${apiOrigin}` : '';
  const socket = apiOrigin ? ` ${apiOrigin.replace(/^http/, 'ws')}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${api}`,
    "font-src 'self'",
    `connect-src 'self'${api}${socket}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const ALWAYS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** The auth calls (sign-in, registration, the one-time code): paths are case-insensitive. */
const AUTH_PATH = /^\/api\/auth(?:[/?]|$)/i;

const CORS_METHODS = 'GET, POST, PUT, DELETE';
// X-SignalR-User-Agent: what @microsoft/signalr sends with negotiate in a browser.
const CORS_HEADERS = 'Authorization, Content-Type, X-Requested-With, X-SignalR-User-Agent, X-Request-Id, Idempotency-Key';
const CORS_EXPOSED = 'Retry-After, WWW-Authenticate, X-Request-Id';

/** `https://shop.example/` and `HTTPS://Shop.Example` are the same origin. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** CORS_ORIGINS: comma-separated origins; an entry that is not an origin is an error, not ignored. */
export function parseCorsOrigins(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.map((entry) => {
    const origin = normalizeOrigin(entry);
    if (!origin || entry.replace(/\/$/, '').toLowerCase() !== origin.toLowerCase()) {
      throw new Error(`CORS_ORIGINS holds "${entry}", which is not an origin like https://shop.example`);
    }
    return origin;
  });
}

/**
 * Whether a browser page on the upgrade request's Origin may open the hub's WebSocket (browsers
 * send no preflight for a WebSocket, only Origin): the server's own origin (its Host, or
 * X-Forwarded-Host behind a trusted proxy), PUBLIC_URL (the origin the shop is published on)
 * and CORS_ORIGINS. (The web app's dev server forwards the socket as from this origin.) A client that sends no Origin is no browser page (Node, the mobile apps) and
 * may connect.
 */
export function hubOriginCheck(options: { corsOrigins?: readonly string[] | undefined; publicUrl?: string | undefined; trustProxy?: boolean | undefined }) {
  const allowed = new Set([...(options.corsOrigins ?? []), ...(options.publicUrl ? [options.publicUrl] : [])].map((o) => normalizeOrigin(o)).filter((o): o is string => o !== null));
  return (req: IncomingMessage): boolean => {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    const normalized = normalizeOrigin(origin);
    if (!normalized) return false;
    if (allowed.has(normalized)) return true;
    const forwarded = options.trustProxy ? String(req.headers['x-forwarded-host'] ?? '').split(',')[0]!.trim() : '';
    const host = (forwarded || req.headers.host || '').toLowerCase();
    return host !== '' && new URL(normalized).host === host;
  };
}

/** Adds Origin to the Vary header, keeping what is there. */
function varyOnOrigin(reply: FastifyReply) {
  const current = String(reply.getHeader('Vary') ?? '');
  if (!/(^|,)\s*(origin|\*)\s*(,|$)/i.test(current)) reply.header('Vary', current ? `${current}, Origin` : 'Origin');
}

export const securityHeaders = fp<SecurityOptions>(async (app, options) => {
  const allowed = new Set((options.corsOrigins ?? []).map((o) => normalizeOrigin(o)).filter((o): o is string => o !== null));
  const webCsp = webAppCsp(options.publicUrl ? (normalizeOrigin(options.publicUrl) ?? undefined) : undefined);
  const allowedOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return typeof origin === 'string' && allowed.has(origin) ? origin : null;
  };

  app.addHook('onRequest', (request, reply, done) => {
    // A preflight: answered here for every path (no route declares OPTIONS).
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      const origin = allowedOrigin(request);
      varyOnOrigin(reply);
      if (origin) {
        reply
          .header('Access-Control-Allow-Origin', origin)
          .header('Access-Control-Allow-Credentials', 'true')
          .header('Access-Control-Allow-Methods', CORS_METHODS)
          .header('Access-Control-Allow-Headers', CORS_HEADERS)
          .header('Access-Control-Max-Age', '600');
      }
      reply.code(204).send();
      return;
    }
    // The built app ships its source maps beside the bundles; they are not served.
    if (options.servesWebApp && /\.map$/i.test(request.url.split('?')[0]!)) {
      reply.code(404).type('application/json').send({ status: 'error', message: `Nothing at ${request.method} ${request.url.split('?')[0]}` });
      return;
    }
    done();
  });

  app.addHook('onSend', (request, reply: FastifyReply, payload, done) => {
    for (const [name, value] of Object.entries(ALWAYS)) if (reply.getHeader(name) === undefined) reply.header(name, value);
    // Files with a policy of their own (uploaded covers are sandboxed) keep it.
    if (reply.getHeader('Content-Security-Policy') === undefined) {
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      reply.header('Content-Security-Policy', html && options.servesWebApp ? webCsp : API_CSP);
    }
    // What a signed-in caller is answered, and any answer of the auth calls (a token, a one-time
    // code's outcome), is kept by no cache: a shared proxy or the browser's disk would hand it on.
    if (request.headers.authorization !== undefined || AUTH_PATH.test(request.url)) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https' && reply.getHeader('Strict-Transport-Security') === undefined) {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    // Covers (uploaded and the example ones) are public: a page on any origin may show them,
    // including one that requires it of every resource (Cross-Origin-Embedder-Policy).
    if (String(reply.getHeader('content-type') ?? '').startsWith('image/')) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    const origin = allowedOrigin(request);
    if (allowed.size > 0) varyOnOrigin(reply);
    if (origin) {
      reply
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Credentials', 'true')
        .header('Access-Control-Expose-Headers', CORS_EXPOSED);
    }
    done(null, payload);
  });
}, { name: 'security-headers' });
