// One log line per answered request: its id, method, route template (never the raw URL: no
// search text, ids or codes), status, duration and the signed-in account's id. The id is the
// caller's X-Request-Id when it is a sane one (a proxy's or a client's, so one request can be
// followed across systems), else a new one; every answer carries it back in X-Request-Id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { routeOf } from '../http/contract.js';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when sane, else a UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
}

export const requestLog = fp(async (app) => {
  // The line's fields are chosen above, none of them a secret: it is written without the
  // logger's redaction (startup/logging.ts), which cost about 11 µs a line against 1 µs.
  const lines = app.log.child({}, { redact: [] });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    lines.info(
      {
        requestId: request.id,
        method: request.method,
        route: routeOf(request).url ?? '(none)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.caller ? { userId: request.caller.id } : {}),
      },
      'request',
    );
    done();
  });
}, { name: 'request-log' });
