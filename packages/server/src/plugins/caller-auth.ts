// Who may call what, read from x-roles: one check before anything else of the operation runs
// (401 with `WWW-Authenticate: Bearer`, 403 for a wrong role). The role comes from the database
// (services.callers, a short cache a role change or a password change clears), not from the
// token; a token whose version is older than the account's (issued before a password change or
// reset) is refused like an expired one. Public operations ignore any bearer.
import fp from 'fastify-plugin';
import { operationOf, type Contract } from '../http/contract.js';
import { bearerToken, currentCaller } from '../shared/caller.js';
import type { Caller } from '../shared/handler.js';
import type { Services } from '../shared/services.js';

// The one check of a token, shared with the operations that read an optional bearer (the
// notifications list, the hub's negotiate).
export { currentCaller };

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

export const callerAuth = fp<{ contract: Contract; services: Services }>(async (app, { contract, services }) => {
  // A callback hook: a public operation passes with no promise; one that answers sends and does not call done.
  app.addHook('onRequest', (request, reply, done) => {
    const roles = operationOf(request, contract)?.roles;
    if (!roles) return done();
    currentCaller(services, bearerToken(request.headers.authorization)).then((user) => {
      if (!user) {
        reply.code(401).header('WWW-Authenticate', 'Bearer').type('application/json').send({ statusCode: 401, message: 'Unauthorized' });
        return;
      }
      if (!roles.includes(user.role)) {
        reply.code(403).type('application/json').send({ statusCode: 403, message: 'Forbidden' });
        return;
      }
      request.caller = user;
      done();
    }, done);
  });
}, { name: 'caller-auth' });
