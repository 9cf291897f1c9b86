// Reads openapi/openapi.yaml at start. fastify-openapi-glue turns it into routes (validation
// and serialization); this module keeps what the server itself reads from it per operation:
// who may call it (security + x-roles), which media types its body may have, and the shape
// of its error bodies (taken from the contract's own examples, so no envelope is written twice).
import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { contractPath } from '@pustak/contract';
import YAML from 'yaml';
import type { Role } from '../db/schema.js';

export const DEFAULT_CONTRACT_PATH = contractPath;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const ROLES: readonly Role[] = ['User', 'Staff', 'Admin'];

/** How the contract writes a refusal of one status: plain text, or JSON with these keys. */
export type ErrorShape = { kind: 'text' } | { kind: 'json'; keys: string[]; status?: unknown };

export interface OperationMeta {
  operationId: string;
  method: string;
  path: string;
  /** The base the path lives under: `/api`, or `` for a path-level `servers: [{url: /}]`. */
  base: string;
  /** null = public (a token, if any, is ignored); else the roles x-roles lets in. */
  roles: Role[] | null;
  /** Media types the request body may have; null when the operation takes no body. */
  bodyMediaTypes: string[] | null;
  bodyRequired: boolean;
  errorShapes: Map<number, ErrorShape>;
}

export interface Contract {
  /** The parsed document, aliases expanded (what the glue reads). */
  document: Record<string, any>;
  operations: Map<string, OperationMeta>;
}

const routeOptions = new WeakMap<FastifyRequest, FastifyRequest['routeOptions']>();

/**
 * The request's route options, read once per request: Fastify builds a new object of a dozen
 * fields on every read of `request.routeOptions`, and the hooks, the log and the metrics read it
 * six times a request.
 */
export function routeOf(request: FastifyRequest): FastifyRequest['routeOptions'] {
  let options = routeOptions.get(request);
  if (!options) routeOptions.set(request, (options = request.routeOptions));
  return options;
}

/** The operation a request was routed to (the glue puts operationId into the route schema). */
export function operationOf(request: FastifyRequest, contract: Contract): OperationMeta | undefined {
  const id = (routeOf(request).schema as { operationId?: string } | undefined)?.operationId;
  return id ? contract.operations.get(id) : undefined;
}

export async function loadContract(path = DEFAULT_CONTRACT_PATH): Promise<Contract> {
  const document = YAML.parse(await readFile(path, 'utf8'), { maxAliasCount: -1 }) as Record<string, any>;
  const apiBase = String(document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const operations = new Map<string, OperationMeta>();
  const resolveRef = (node: any): any => {
    let current = node;
    while (current && typeof current.$ref === 'string') {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    return current;
  };

  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    const base = item.servers?.[0]?.url !== undefined ? String(item.servers[0].url).replace(/\/$/, '') : apiBase;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const operationId = String(op.operationId);
      const security = op.security ?? document.security ?? [];
      const secured = Array.isArray(security) && security.some((s: object) => Object.keys(s).length > 0);
      const declaredRoles = op['x-roles'];
      if (secured && (!Array.isArray(declaredRoles) || declaredRoles.length === 0)) {
        throw new Error(`The contract gives ${operationId} a bearer requirement but no x-roles; refusing to guess who may call it.`);
      }
      if (secured && declaredRoles.some((r: unknown) => !ROLES.includes(r as Role))) {
        throw new Error(`x-roles of ${operationId} names a role that is not User, Staff or Admin.`);
      }
      const requestBody = resolveRef(op.requestBody);
      const errorShapes = new Map<number, ErrorShape>();
      for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
        const code = Number(status);
        if (!(code >= 400)) continue;
        const content = resolveRef(response)?.content ?? {};
        const [mediaType, media] = Object.entries<any>(content)[0] ?? [];
        if (!mediaType) continue;
        if (mediaType.startsWith('text/')) {
          errorShapes.set(code, { kind: 'text' });
          continue;
        }
        const example = media.example ?? (media.examples ? resolveRef(Object.values<any>(media.examples)[0])?.value : undefined);
        if (example && typeof example === 'object' && !Array.isArray(example)) {
          errorShapes.set(code, { kind: 'json', keys: Object.keys(example), status: example.status });
        }
      }
      operations.set(operationId, {
        operationId,
        method: method.toUpperCase(),
        path,
        base,
        roles: secured ? (declaredRoles as Role[]) : null,
        bodyMediaTypes: requestBody?.content ? Object.keys(requestBody.content) : null,
        bodyRequired: Boolean(requestBody?.required),
        errorShapes,
      });
    }
  }
  return { document, operations };
}

/**
 * The document the glue turns into routes: every path under its base (`/api/book/all`, and the
 * path-level `servers: [{url: /}]` ones as they are). One registration for all of them: the glue
 * checks the whole document against the OpenAPI schema each time it is registered.
 */
export function documentForRoutes(contract: Contract): Record<string, any> {
  const paths: Record<string, any> = {};
  for (const [path, item] of Object.entries<any>(contract.document.paths ?? {})) {
    const operation = METHODS.map((m) => item[m]).find(Boolean);
    const meta = operation ? contract.operations.get(String(operation.operationId)) : undefined;
    if (!meta) continue;
    const { servers: _servers, ...rest } = item;
    paths[`${meta.base}${path}`] = rest;
  }
  return { ...contract.document, paths };
}

/** A refusal body in the operation's own envelope (see ErrorShape). */
export function errorBody(meta: OperationMeta | undefined, status: number, message: string): { type: 'text' | 'json'; body: unknown } {
  const shape = meta?.errorShapes.get(status);
  if (shape?.kind === 'text') return { type: 'text', body: message };
  if (!shape) return { type: 'json', body: { status: 'error', message } };
  const body: Record<string, unknown> = {};
  for (const key of shape.keys) {
    if (key === 'status') body.status = shape.status;
    else if (key === 'statusCode' || key === 'code') body[key] = status;
    else if (key === 'message') body.message = message;
  }
  body.message = message;
  return { type: 'json', body };
}
