// The HTTP server: Fastify with routes, validation and serialization read from the contract
// (fastify-openapi-glue), one auth check driven by x-roles, the hub, uploads and, in
// production, the built web app.
import { existsSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { coversDir } from '@pustak/web/covers';
import { errorBody, documentForRoutes, type Contract, type OperationMeta } from './http/contract.js';
import { createValidatorCompiler, markOptionalBody, validationErrorsMap } from './http/validation.js';
import { registerRateLimits, type RateLimits, type RateLimitStore } from './http/rate-limit.js';
import { registerSecurity, type SecurityOptions } from './http/security.js';
import { createWebPages } from './http/web-pages.js';
import { RuleRefusal } from './shared/errors.js';
import { isDatabaseUnavailable } from './db/availability.js';
import { cachedActiveAnnouncement, paletteFromContract } from './modules/announcements/index.js';
import { createHandlers } from './modules/index.js';
import type { Caller, HandlerContext, OperationId, UploadedImage } from './shared/handler.js';
import type { Services } from './shared/services.js';
import { MAX_IMAGE_BYTES, UPLOADS_PREFIX } from './storage/images.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    upload?: UploadedImage | null;
  }
}

/** The example catalog's covers (the same files the web app serves at /covers). */
export const COVERS_DIR = coversDir;

export interface AppOptions {
  contract: Contract;
  services: Services;
  /** Serve this built web app at / (production). */
  webDist?: string | undefined;
  /** Extra routes under /__dev (outbox, reset); never in production. */
  devRoutes?: ((app: FastifyInstance) => void) | undefined;
  /** Honour X-Forwarded-* (behind a reverse proxy). */
  trustProxy?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Security headers and CORS (http/security.ts). */
  security?: SecurityOptions;
  /** Limits on sign-in, code, registration and claim-code attempts (http/rate-limit.ts); false: none. */
  rateLimits?: { limits: RateLimits; store: RateLimitStore } | false;
}

const PROBLEM = 'application/problem+json';
/** A multipart text part (a book's description): a longer one is a 422 naming it. The contract's longest form field, 16,384 characters, fits at 4 bytes each. */
const MAX_FIELD_BYTES = 64 * 1024;
const RFC9110_SECTION: Record<number, number> = { 400: 1, 401: 2, 403: 4, 404: 5, 413: 14, 415: 16, 422: 21 };
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function problem(reply: FastifyReply, status: number, title: string, errors?: Record<string, string[]>, detail?: string) {
  return reply
    .code(status)
    .type(PROBLEM)
    .send({ type: `https://tools.ietf.org/html/rfc9110#section-15.5.${RFC9110_SECTION[status] ?? 1}`, title, status, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) });
}

/** The operation a request was routed to (the glue puts operationId into the route schema). */
export function operationOf(request: FastifyRequest, contract: Contract): OperationMeta | undefined {
  const id = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
  return id ? contract.operations.get(id) : undefined;
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** A request with a body: a length above zero, or a chunked transfer. */
const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/** Any NUL character in a string of the value (PostgreSQL text cannot hold one). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1));
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { contract, services } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // Closing is graceful (server.ts): requests in flight finish, new ones get the contract's 503.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(createValidatorCompiler());
  // Map the schema compile error so a bad contract fails the start, not a request.
  app.setSchemaErrorFormatter((errors, dataVar) => Object.assign(new Error(`${dataVar} is invalid`), { validation: errors, validationContext: dataVar }));

  // JSON: an empty body (with the JSON content type) is "no body", as the legacy client sends it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 40, fieldSize: MAX_FIELD_BYTES, parts: 41, headerPairs: 100 },
  });

  // ---------- who may call, and with what ----------
  app.addHook('onRequest', async (request, reply) => {
    const meta = operationOf(request, contract);
    if (!meta) return;
    if (meta.roles) {
      const token = bearerToken(request.headers.authorization);
      const claims = token ? await services.tokens.read(token) : null;
      const user = claims
        ? await services.callers.get(claims.id, () =>
            services.db.selectFrom('users').select(['id', 'username', 'email', 'role']).where('id', '=', claims.id).executeTakeFirst(),
          )
        : undefined;
      if (!user) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer').type('application/json').send({ statusCode: 401, message: 'Unauthorized' });
      }
      if (!meta.roles.includes(user.role)) return reply.code(403).type('application/json').send({ statusCode: 403, message: 'Forbidden' });
      request.caller = user;
    }
    if (hasBody(request)) {
      const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!meta.bodyMediaTypes?.includes(mediaType)) {
        return problem(reply, 415, 'Unsupported Media Type', undefined,
          meta.bodyMediaTypes ? `This operation takes ${meta.bodyMediaTypes.join(' or ')}.` : 'This operation takes no request body.');
      }
    }
  });

  // Multipart parts become the plain object the contract's schema describes; the image is kept aside.
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const fields: Record<string, string | string[]> = {};
    let upload: UploadedImage | null = null;
    // A broken multipart body (no or wrong boundary, cut short) is the client's error, not a 500.
    const unreadable = (error: any) => (error?.statusCode ? error : new RuleRefusal('invalid', 'The multipart body could not be read.', 'body'));
    for await (const part of mapErrors(request.parts(), unreadable)) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch((error) => Promise.reject(unreadable(error)));
        if (part.fieldname !== 'image') {
          fields[part.fieldname] = part.filename;
          continue;
        }
        fields.image = bytes.length === 0 ? '' : part.filename || 'image';
        upload = bytes.length === 0 ? null : { bytes, filename: part.filename, mimetype: part.mimetype };
      } else {
        // Busboy cuts a longer part at the limit and only flags it: refused, never stored cut.
        if (part.valueTruncated) throw new RuleRefusal('invalid', `${part.fieldname} is longer than ${MAX_FIELD_BYTES} bytes`, `body.${part.fieldname}`);
        const value = String(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
    }
    request.body = fields;
    request.upload = upload;
  });

  // Fastify validates a body only when one came with a declared media type; a missing required
  // body is refused here.
  app.addHook('preValidation', async (request, reply) => {
    const meta = operationOf(request, contract);
    if (meta?.bodyRequired && (request.body === undefined || request.body === null)) {
      return problem(reply, 422, 'One or more validation errors occurred.', { body: ['A request body is required.'] });
    }
  });

  app.addHook('preHandler', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw new RuleRefusal('invalid', 'must not contain a NUL character', 'request');
    }
  });

  // ---------- hardening: headers, CORS, no source maps, attempt limits ----------
  registerSecurity(app, { ...options.security, servesWebApp: Boolean(options.webDist) });
  if (options.rateLimits) registerRateLimits(app, { ...options.rateLimits, clock: services.clock, operationOf: (request) => operationOf(request, contract) });

  // ---------- errors: the contract's status and body, never a stack trace ----------
  app.setErrorHandler((error: any, request, reply) => {
    const meta = operationOf(request, contract);
    if (error instanceof RuleRefusal) {
      if (error.kind === 'invalid') return problem(reply, 422, 'One or more validation errors occurred.', { [error.field ?? 'request']: [error.message] });
      const status = { 'not-found': 404, rejected: 400, forbidden: 403, unauthenticated: 401 }[error.kind];
      const { type, body } = errorBody(meta, status, error.message);
      return reply.code(status).type(type === 'text' ? 'text/plain; charset=utf-8' : 'application/json').send(body);
    }
    if (error.validation) {
      const part = String(error.validationContext ?? 'request').replace('querystring', 'query');
      return problem(reply, 422, 'One or more validation errors occurred.', validationErrorsMap(error.validation, part),
        'A request body, path or query parameter does not match the API contract.');
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return problem(reply, 415, 'Unsupported Media Type');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return problem(reply, 413, 'Content Too Large', undefined, 'The request body is larger than this server takes.');
      case 'FST_REQ_FILE_TOO_LARGE':
        return problem(reply, 422, 'One or more validation errors occurred.', { 'body.image': ['image must be at most 5 MB'] });
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_PROTO_VIOLATION':
        return problem(reply, 422, 'One or more validation errors occurred.', { body: ['The multipart body has too many or malformed parts.'] });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return problem(reply, 422, 'One or more validation errors occurred.', { body: ['The body is not valid JSON.'] });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed input caught by Fastify or a plugin (bad JSON, bad multipart): a client error.
      const status = error.statusCode === 400 ? 422 : error.statusCode;
      return problem(reply, status, status === 422 ? 'One or more validation errors occurred.' : 'The request was refused.',
        status === 422 ? { request: ['The request could not be read.'] } : undefined);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: the contract's 503, at once; the pool reconnects by itself.
      services.log.warn(`${request.method} ${request.url}: database unavailable (${error.code ?? error.message})`);
      return reply.code(503).header('retry-after', '2').type('application/json')
        .send({ status: 'error', statusCode: 503, message: 'Service Unavailable: the database cannot be reached right now. Try again shortly.' });
    }
    request.log.error({ err: error }, 'request failed');
    services.log.error(`${request.method} ${request.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return reply.code(500).type('application/json').send({ status: 'error', message: 'Something went wrong on the server.' });
  });

  // The web app's pages: the prerendered home page at "/", the shell everywhere else (http/web-pages.ts).
  // A page with data (/books, a book page) is rendered with its reads, made on this server's own
  // API in process, as the visitor's request would reach it (its host: cover addresses are absolute).
  const fetchApiFor = (page: FastifyRequest) => async (request: Request) => {
    const { pathname, search } = new URL(request.url);
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto']) {
      const value = page.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const reply = await app.inject({ method: 'GET', url: `${pathname}${search}`, headers });
    return new Response(reply.body, { status: reply.statusCode, headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') } });
  };
  const webPages = options.webDist ? createWebPages(options.webDist) : null;
  const sendPage = async (path: string, reply: FastifyReply, request?: FastifyRequest, query = '') => {
    // The banner is part of the page; without it (the database is down) the app asks for it itself.
    const banner = await cachedActiveAnnouncement(services).catch(() => undefined);
    const page = await webPages!(path, banner, query, request ? fetchApiFor(request) : undefined);
    // It changes with the banner: asked for again on every visit. Compressed when the browser
    // accepts it (a page with its data is 30 KB of markup).
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    const encoding = pageEncoding(request?.headers['accept-encoding']);
    if (!encoding) return reply.send(page);
    return reply.header('Content-Encoding', encoding).send(encoding === 'br'
      ? brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(page, { level: 6 }));
  };
  if (webPages) app.get('/', (request, reply) => sendPage('/', reply, request));
  app.setNotFoundHandler(async (request, reply) => {
    const [path = '/', query = ''] = request.url.split('?');
    if (webPages && request.method === 'GET' && !path.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html')) {
      return sendPage(path, reply, request, query);
    }
    return reply.code(404).type('application/json').send({ status: 'error', message: `Nothing at ${request.method} ${path}` });
  });

  // ---------- the contract's operations ----------
  const handlers = createHandlers(paletteFromContract(contract.document));
  const serviceHandlers: Record<string, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> = {};
  for (const [operationId, handler] of Object.entries(handlers) as [OperationId, (ctx: HandlerContext<OperationId>) => Promise<unknown>][]) {
    serviceHandlers[operationId] = async (request, reply) => {
      const origin = services.publicUrl ?? requestOrigin(request);
      const result = await handler({
        body: request.body as never,
        query: (request.query ?? {}) as never,
        params: (request.params ?? {}) as never,
        caller: () => {
          if (!request.caller) throw new RuleRefusal('unauthenticated', 'Unauthorized');
          return request.caller;
        },
        origin,
        upload: request.upload ?? null,
        services,
        request,
        reply,
      });
      if (reply.sent) return reply;
      if (result === undefined) return reply.code(204).send();
      return result;
    };
  }
  await app.register(openapiGlue, {
    specification: withOptionalBodies(documentForRoutes(contract), contract),
    serviceHandlers,
  });

  // ---------- files: uploaded covers, the example covers, the web app ----------
  await app.register(fastifyStatic, {
    root: services.images.dir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    // An uploaded SVG may hold script: it is served as an image that can run nothing.
    setHeaders: (res) => {
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  if (existsSync(COVERS_DIR) && !options.webDist) {
    await app.register(fastifyStatic, { root: COVERS_DIR, prefix: '/covers/', decorateReply: false, index: false });
  }
  if (options.webDist) {
    // Its files; its pages (.html) come from "/" and the not-found handler above, with the banner.
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      decorateReply: true,
      wildcard: true,
      index: false,
      allowedPath: (path) => !path.endsWith('.html'),
      // The build's assets come with brotli and gzip copies (packages/web/build/precompress.ts):
      // a browser that accepts one gets it, and nothing is compressed per request.
      preCompressed: true,
      // Every file in assets/ is named by its content hash (Vite): it never changes under its
      // name, so it is kept a year and never asked for again. The rest is checked on each visit.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  options.devRoutes?.(app);
  return app;
}

/** The encoding to send a page in for an Accept-Encoding header: brotli, else gzip, else none. */
export function pageEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of String(accept ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** The same items; an error thrown while reading them is replaced by `map(error)`. */
async function* mapErrors<T>(items: AsyncIterable<T>, map: (error: unknown) => unknown): AsyncIterable<T> {
  try {
    yield* items;
  } catch (error) {
    throw map(error);
  }
}

/** Marks the body schema of operations whose requestBody is optional (no body at all is fine). */
function withOptionalBodies(document: Record<string, any>, contract: Contract): Record<string, any> {
  const paths = structuredClone(document.paths);
  for (const item of Object.values<any>(paths)) {
    for (const op of Object.values<any>(item)) {
      const meta = op?.operationId ? contract.operations.get(op.operationId) : undefined;
      if (!meta || meta.bodyRequired || !op.requestBody?.content) continue;
      for (const media of Object.values<any>(op.requestBody.content)) if (media.schema) media.schema = markOptionalBody(media.schema);
    }
  }
  return { ...document, paths };
}

/** http(s)://host of this request, when its Host header is a plain host name. */
function requestOrigin(request: FastifyRequest): string {
  const host = request.host;
  return SAFE_HOST.test(host) ? `${request.protocol}://${host}` : 'http://localhost';
}
