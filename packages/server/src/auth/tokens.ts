// Bearer tokens: HS256 JWTs valid for one day, carrying the user's id, name, e-mail, role and
// token version (`ver`): a password change or reset raises the account's version, and the
// caller check refuses a token that carries an older one.
import { createSecretKey, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { Clock } from '../clock.js';
import type { Role } from '../db/schema.js';

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenClaims {
  id: string;
  username: string;
  email: string;
  role: Role;
  /** The account's token version when the token was issued (0 in tokens made before versions). */
  version: number;
}

export interface TokenService {
  /** A token for this account; without a version, version 0 (what an account starts with). */
  issue(user: Omit<TokenClaims, 'version'> & { version?: number }): Promise<string>;
  /** The claims of a valid token, or null for a malformed, forged or expired one. */
  read(token: string): Promise<TokenClaims | null>;
}

/** Tokens already verified, kept with their expiry (s): at most this many. */
const VERIFIED_TOKENS = 10_000;

export function createTokenService(secret: string, clock: Clock): TokenService {
  // A key made once: given raw bytes, jose imports the key again on every request; given a
  // KeyObject, it still makes a WebCrypto key of it on every check (importKey was a fifth of a
  // first check's CPU): the WebCrypto key is made once, on the first use.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  let cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  const verifyKey = () => (cryptoKey ??= webcrypto.subtle.importKey('raw', key.export(), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']));
  // A signed-in customer sends the same token with every request, and checking its signature
  // (WebCrypto's HMAC, a job on the thread pool) cost more CPU than the rest of the caller check.
  // A token's signature and claims never change, so a verified one is remembered until it expires.
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return {
    async issue(user) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ username: user.username, email: user.email, role: user.role, ver: user.version ?? 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    async read(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Math.floor(clock.now().getTime() / 1000)) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await verifyKey(), { algorithms: ['HS256'], currentDate: clock.now() });
        const { sub, username, email, role, ver = 0 } = payload;
        if (typeof sub !== 'string' || typeof username !== 'string' || typeof email !== 'string') return null;
        if (role !== 'User' && role !== 'Staff' && role !== 'Admin') return null;
        // A previous release's token has no `ver`: version 0, which an account keeps until its
        // password first changes.
        if (!Number.isSafeInteger(ver) || (ver as number) < 0) return null;
        const claims: TokenClaims = { id: sub, username, email, role, version: ver as number };
        // Only a token that ends and does not start later: jose's checks of any other claim stay per request.
        if (typeof payload.exp === 'number' && payload.nbf === undefined) {
          if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, exp: payload.exp });
        }
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
