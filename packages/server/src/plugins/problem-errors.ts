// Errors: the contract's status and body, never a stack trace. A rule's refusal is answered in
// its operation's own envelope, a request the contract refuses as 422 problem details, malformed
// input (JSON, multipart) as a client error, an unreachable database as the contract's 503.
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/availability.js';
import { CONFLICT_TRIES, isTransactionConflict } from '../shared/context.js';
import { RuleRefusal } from '../shared/errors.js';
import { errorBody, operationOf, type Contract } from '../http/contract.js';
import { validationDetail, validationErrorsMap } from '../http/validation.js';
import type { Services } from '../shared/services.js';

const PROBLEM = 'application/problem+json';
const RFC9110_SECTION: Record<number, number> = { 400: 1, 401: 2, 403: 4, 404: 5, 409: 10, 413: 14, 415: 16, 422: 21 };
const INVALID = 'One or more validation errors occurred.';
/** Fastify's names of the request's parts, as the contract (and the mock) name them. */
const PARTS: Record<string, string> = { querystring: 'query', params: 'path', headers: 'header', body: 'body' };

/** Answers `application/problem+json` (RFC 9457) with the RFC 9110 section of the status as its type. */
export function problem(reply: FastifyReply, status: number, title: string, errors?: Record<string, string[]>, detail?: string) {
  return reply
    .code(status)
    .type(PROBLEM)
    .send({ type: `https://tools.ietf.org/html/rfc9110#section-15.5.${RFC9110_SECTION[status] ?? 1}`, title, status, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) });
}

/** A 422 naming what was wrong where (`{ body: ['...'] }`). */
export const invalid = (reply: FastifyReply, errors: Record<string, string[]>, detail = validationDetail(errors)) => problem(reply, 422, INVALID, errors, detail);

export const problemErrors = fp<{ contract: Contract; services: Services }>(async (app, { contract, services }) => {
  app.setErrorHandler((error: any, request, reply) => {
    if (error instanceof RuleRefusal) {
      if (error.kind === 'invalid') return invalid(reply, { [error.field ?? 'request']: [error.message] });
      const status = { 'not-found': 404, rejected: 400, conflict: 409, forbidden: 403, unauthenticated: 401 }[error.kind];
      const { type, body } = errorBody(operationOf(request, contract), status, error.message);
      return reply.code(status).type(type === 'text' ? 'text/plain; charset=utf-8' : 'application/json').send(body);
    }
    if (error.validation) {
      const context = String(error.validationContext ?? 'request');
      return invalid(reply, validationErrorsMap(error.validation, PARTS[context] ?? context));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return problem(reply, 415, 'Unsupported Media Type');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return problem(reply, 413, 'Content Too Large', undefined, 'The request body is larger than this server takes.');
      case 'FST_REQ_FILE_TOO_LARGE':
        return invalid(reply, { 'body.image': ['image must be at most 5 MB'] });
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_PROTO_VIOLATION':
        return invalid(reply, { body: ['The multipart body has too many or malformed parts.'] });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return invalid(reply, { body: ['The body is not valid JSON.'] });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed input caught by Fastify or a plugin (bad JSON, bad multipart): a client error.
      const status = error.statusCode === 400 ? 422 : error.statusCode;
      return status === 422 ? invalid(reply, { request: ['The request could not be read.'] }) : problem(reply, status, 'The request was refused.');
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: the contract's 503, at once; the pool reconnects by itself.
      services.log.warn(`${request.method} ${request.url}: database unavailable (${error.code ?? error.message})`);
      return reply.code(503).header('retry-after', '2').type('application/json')
        .send({ status: 'error', statusCode: 503, message: 'Service Unavailable: the database cannot be reached right now. Try again shortly.' });
    }
    if (isTransactionConflict(error)) {
      // Still deadlocked or serialized out after runTransaction's tries: the shop is busy with the same rows, not broken.
      services.log.warn(`${request.method} ${request.url}: gave up after ${CONFLICT_TRIES} tries (${error.code})`);
      return reply.code(503).header('retry-after', '1').type('application/json')
        .send({ status: 'error', statusCode: 503, message: 'Service Unavailable: others are changing the same records right now. Try again shortly.' });
    }
    request.log.error({ err: error }, 'request failed');
    services.log.error(`${request.method} ${request.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return reply.code(500).type('application/json').send({ status: 'error', message: 'Something went wrong on the server.' });
  });
}, { name: 'problem-errors' });
