// Who may call what, read from x-roles: one check before anything else of the operation runs
// (401 with `WWW-Authenticate: Bearer`, 403 for a wrong role). The role comes from the database
// (services.callers, a short cache a role change clears), not from the token. Public operations
// ignore any bearer.
import fp from 'fastify-plugin';
import { operationOf, type Contract } from '../http/contract.js';
import type { Caller } from '../shared/handler.js';
import type { Services } from '../shared/services.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

export const callerAuth = fp<{ contract: Contract; services: Services }>(async (app, { contract, services }) => {
  app.addHook('onRequest', async (request, reply) => {
    const roles = operationOf(request, contract)?.roles;
    if (!roles) return;
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
    if (!roles.includes(user.role)) return reply.code(403).type('application/json').send({ statusCode: 403, message: 'Forbidden' });
    request.caller = user;
  });
}, { name: 'caller-auth' });
