// What a contract operation refuses before its handler: a body in a media type it does not take
// (415, right after the caller check), no body where one is required (422; Fastify validates a
// body only when one came with a declared media type), and a NUL character anywhere (422:
// PostgreSQL text cannot hold one).
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RuleRefusal } from '../shared/errors.js';
import { operationOf, type Contract } from '../http/contract.js';
import { invalid, problem } from './problem-errors.js';

/** A request with a body: a length above zero, or a chunked transfer. */
const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/** Any NUL character in a string of the value. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1));
}

export const requestGuards = fp<{ contract: Contract }>(async (app, { contract }) => {
  // Callback hooks: no promise per request; a hook that answers sends and does not call done.
  app.addHook('onRequest', (request, reply, done) => {
    const meta = operationOf(request, contract);
    if (!meta || !hasBody(request)) return done();
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!meta.bodyMediaTypes?.includes(mediaType)) {
      problem(reply, 415, 'Unsupported Media Type', undefined,
        meta.bodyMediaTypes ? `This operation takes ${meta.bodyMediaTypes.join(' or ')}.` : 'This operation takes no request body.');
      return;
    }
    done();
  });

  app.addHook('preValidation', (request, reply, done) => {
    const meta = operationOf(request, contract);
    if (meta?.bodyRequired && (request.body === undefined || request.body === null)) {
      invalid(reply, { body: ['A request body is required.'] });
      return;
    }
    done();
  });

  app.addHook('preHandler', (request, _reply, done) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      return done(new RuleRefusal('invalid', 'must not contain a NUL character', 'request'));
    }
    done();
  });
}, { name: 'request-guards', dependencies: ['request-bodies', 'caller-auth'] });
