// Who a bearer token speaks for: the one check (signature, expiry, the account as it is now,
// its token version) behind x-roles (plugins/caller-auth.ts) and behind the public operations
// that read an optional bearer (the notifications list, the hub's negotiate).
import type { Caller } from './handler.js';
import { preparedQuery } from './prepared-query.js';
import type { Services } from './services.js';

/** The token of an `Authorization: Bearer ...` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** The caller's account as it is now: on every signed-in request the caller cache misses. */
const accountById = preparedQuery(1, (db, id: string) => db.selectFrom('users').select(['id', 'username', 'email', 'role', 'token_version']).where('id', '=', id));

/**
 * The account a bearer token speaks for, as it is now (role included), or undefined for a
 * malformed, forged, expired or revoked token (its version older than the account's).
 */
export async function currentCaller(services: Services, token: string | null): Promise<Caller | undefined> {
  const claims = token ? await services.tokens.read(token) : null;
  if (!claims) return undefined;
  const account = await services.callers.get(claims.id, async () => (await accountById(services.db, claims.id))[0]);
  if (!account || account.token_version !== claims.version) return undefined;
  const { token_version: _version, ...caller } = account;
  return caller;
}
