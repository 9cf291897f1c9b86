// The HTTP server: Fastify and its plugins (src/plugins), one concern each, registered in the
// order a request meets them. Every plugin but the dev routes shares its hooks and decorators
// with the whole app (fastify-plugin): a hook runs in the order of this list, among hooks of the
// same kind (onRequest, preValidation, preHandler, onSend).
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { operationOf, type Contract } from './http/contract.js';
import type { RateLimits } from './http/rate-limit.js';
import type { RateLimitStore } from './http/rate-limit-stores.js';
import { attemptLimits } from './plugins/attempt-limits.js';
import { callerAuth } from './plugins/caller-auth.js';
import { compression } from './plugins/compression.js';
import { contractRoutes } from './plugins/contract-routes.js';
import { devRoutes, type DevRoutesOptions } from './plugins/dev-routes.js';
import { health, type HealthOptions } from './plugins/health.js';
import { requestMetrics } from './plugins/metrics.js';
import { loadShedding, pressureMonitor, type PressureLimits } from './plugins/load-shedding.js';
import { problemErrors } from './plugins/problem-errors.js';
import { requestIdOf, requestLog } from './plugins/request-log.js';
import { requestBodies } from './plugins/request-bodies.js';
import { requestGuards } from './plugins/request-guards.js';
import { securityHeaders, type SecurityOptions } from './plugins/security-headers.js';
import { staticFiles } from './plugins/static-files.js';
import { webPages } from './plugins/web-pages.js';
import type { Services } from './shared/services.js';

export interface AppOptions {
  contract: Contract;
  services: Services;
  /** Serve this built web app at / (production). */
  webDist?: string | undefined;
  /** Routes under /__dev (outbox, reset); never in production. */
  devRoutes?: Omit<DevRoutesOptions, 'services'> | undefined;
  /** Honour X-Forwarded-* (behind a reverse proxy). */
  trustProxy?: boolean;
  /** The request log and the server's messages (startup/logging.ts); none when omitted. */
  logger?: FastifyBaseLogger | undefined;
  /** Security headers and CORS (plugins/security-headers.ts). */
  security?: SecurityOptions;
  /** Limits on sign-in, code, registration and claim-code attempts (http/rate-limit.ts); false: none. */
  rateLimits?: { limits: RateLimits; store: RateLimitStore } | false;
  /** GET /metrics on this port: to anyone (`open`, development) or with this bearer token; else not here. */
  metrics?: { token?: string | undefined; open?: boolean };
  /** When to shed load (plugins/load-shedding.ts); none when omitted. */
  loadShedding?: { limits: PressureLimits; dbWaiting: () => number } | undefined;
  /** Readiness and the shutdown state (plugins/health.ts). */
  health: HealthOptions;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { contract, services, webDist } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // plugins/request-log.ts writes one line per request, with chosen fields only.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // Closing is graceful (server.ts): requests in flight finish, new ones get the contract's 503.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });
  // onRequest: the request's id back in X-Request-Id; onResponse: its line in the log.
  await app.register(requestLog);
  // onResponse: requests and their latency by route template, orders placed and handed over; GET /metrics.
  await app.register(requestMetrics, { metrics: services.metrics, ...options.metrics, operationOf: (request) => operationOf(request, contract)?.operationId });
  // onRequest: the contract's 503 with Retry-After at once while the instance is saturated.
  const monitor = options.loadShedding ? pressureMonitor(options.loadShedding.limits, options.loadShedding.dbWaiting) : undefined;
  if (monitor) await app.register(loadShedding, { monitor });
  // JSON (empty: no body) and multipart bodies; multipart parts become a plain object (preValidation).
  await app.register(requestBodies);
  // onRequest: x-roles, 401/403 before anything else of an operation runs; sets request.caller.
  await app.register(callerAuth, { contract, services });
  // onRequest 415 for a body type the operation does not take; preValidation 422 for a missing
  // required body; preHandler 422 for a NUL character.
  await app.register(requestGuards, { contract });
  // onRequest: CORS preflights, no source maps; onSend: security headers, CSP, CORS, no-store.
  await app.register(securityHeaders, { ...options.security, servesWebApp: Boolean(webDist) });
  // preHandler: 429 over an attempt limit; onSend: a success clears or gives back its count.
  if (options.rateLimits) {
    await app.register(attemptLimits, { ...options.rateLimits, clock: services.clock, operationOf: (request) => operationOf(request, contract) });
  }
  // Every error in the contract's status and envelope (problem+json for 4xx of the framework).
  await app.register(problemErrors, { contract, services });
  // reply.sendCompressed for what is made per request.
  await app.register(compression);
  // GET / and, for a browser, every path nothing else answers: the web app's pages; else a JSON 404.
  await app.register(webPages, { services, webDist });
  // The contract's operations (fastify-openapi-glue) and the adapter to their handlers.
  await app.register(contractRoutes, { contract, services });
  // Uploaded covers, the example covers, the web build's files.
  await app.register(staticFiles, { images: services.images, webDist });
  // /healthz, /readyz; onRequest 503 and onSend `Connection: close` while shutting down.
  await app.register(health, { ...options.health, ...(monitor ? { pressure: monitor.pressure } : {}) });
  // /__dev/outbox and /__dev/reset outside production; last, so it takes every hook above.
  if (options.devRoutes) await app.register(devRoutes, { ...options.devRoutes, services });
  return app;
}
