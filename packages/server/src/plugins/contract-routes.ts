// The contract's operations: fastify-openapi-glue makes their routes, validation (Ajv from the
// contract's schemas, http/validation.ts) and serialization from openapi/openapi.yaml, and each
// route calls its handler (handlers/index.ts) through the adapter below.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import openapiGlue from 'fastify-openapi-glue';
import { RuleRefusal } from '../shared/errors.js';
import { createHandlers } from '../modules/index.js';
import type { HandlerContext, OperationId } from '../shared/handler.js';
import { documentForRoutes, type Contract } from '../http/contract.js';
import { createValidatorCompiler, markOptionalBody } from '../http/validation.js';
import type { Services } from '../shared/services.js';

const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const contractRoutes = fp<{ contract: Contract; services: Services }>(async (app, { contract, services }) => {
  app.setValidatorCompiler(createValidatorCompiler());
  // Map the schema compile error so a bad contract fails the start, not a request.
  app.setSchemaErrorFormatter((errors, dataVar) => Object.assign(new Error(`${dataVar} is invalid`), { validation: errors, validationContext: dataVar }));
  // fastify-openapi-glue warns at every start of a media type with no body parser, counting the
  // answers' types too (problem+json, text/csv). No request may send those: a parser that refuses
  // them (415) says so, and the log stays clean for the warnings that matter.
  for (const type of answerOnlyMediaTypes(contract)) {
    if (!app.hasContentTypeParser(type)) {
      app.addContentTypeParser(type, (_request, _payload, done) => done(Object.assign(new Error(`Unsupported Media Type: ${type}`), { statusCode: 415 }), undefined));
    }
  }
  await app.register(openapiGlue, {
    specification: withOptionalBodies(documentForRoutes(contract), contract),
    serviceHandlers: routeHandlers(contract, services),
  });
}, { name: 'contract-routes' });

/** Media types the contract's answers use that no request body does. */
function answerOnlyMediaTypes(contract: Contract): string[] {
  const requests = new Set<string>();
  const answers = new Set<string>();
  const shared = (contract.document.components?.responses ?? {}) as Record<string, { content?: object }>;
  const resolved = (answer: { content?: object; $ref?: string }) => (answer?.$ref ? shared[answer.$ref.split('/').at(-1)!] : answer);
  for (const item of Object.values(contract.document.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as Array<{ requestBody?: { content?: object }; responses?: Record<string, { content?: object; $ref?: string }> }>) {
      if (typeof operation !== 'object' || !operation?.responses) continue;
      for (const type of Object.keys(operation.requestBody?.content ?? {})) requests.add(type);
      for (const answer of Object.values(operation.responses)) for (const type of Object.keys(resolved(answer)?.content ?? {})) answers.add(type);
    }
  }
  return [...answers].filter((type) => !requests.has(type));
}

/** Per operationId, the route handler: the handler gets the request as the contract types it; no answer is a 204. */
function routeHandlers(contract: Contract, services: Services): Record<string, RouteHandler> {
  const handlers = createHandlers({ genres: contract.document.components?.schemas?.Genre?.enum ?? [] });
  const routes: Record<string, RouteHandler> = {};
  for (const [operationId, handler] of Object.entries(handlers) as [OperationId, (ctx: HandlerContext<OperationId>) => Promise<unknown>][]) {
    routes[operationId] = async (request, reply) => {
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
  return routes;
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
