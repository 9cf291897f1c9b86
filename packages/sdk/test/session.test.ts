// The session (src/session.ts): expiry read from the token, sign-out at expiry, no call sent
// with an expired token, sign in again and resend once, the stores. A scripted fetch and
// Vitest's fake clock: nothing waits for real time.
import { readFile } from 'node:fs/promises';
import { contractPath } from '@pustak/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import {
  AuthenticationError, SessionExpiredError, createPustakClient, createSession, localStorageTokenStore, memoryTokenStore,
  tokenExpiry, type ApiError, type SessionEndReason, type SessionOptions, type TokenStore,
} from '../src/index.js';
import { PERSONAL_WHEN_SIGNED_IN, PUBLIC_OPERATIONS } from '../src/resources/operations.js';
import { rejection } from './rejection.js';

const BASE = 'http://api.test/api';
const BOOK_ID = '0f0e0000-0000-4000-8000-000000000003';
const NOW = new Date('2026-03-01T10:00:00Z');

/** An unsigned JWT-shaped token expiring `seconds` after NOW (the client never verifies it). */
function jwt(seconds: number, claims: Record<string, unknown> = {}): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(NOW.getTime() / 1000) + seconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', username: 'sita', ...claims, exp })}.signature`;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () => json({ statusCode: 401, message: 'Unauthorized' }, 401);
const cart = () => json({ status: 'success', statusCode: 200, data: [], totals: null });

/** A client on a session whose fetch answers by the bearer token it is sent (`accepted`). */
function signedIn(accepted: Set<string>, options: SessionOptions & { token?: string } = {}) {
  const sent: Request[] = [];
  const ends: SessionEndReason[] = [];
  const unauthorizedErrors: ApiError[] = [];
  const store = options.store ?? memoryTokenStore(options.token ?? null);
  const fetch = vi.fn(async (request: Request) => {
    sent.push(request.clone());
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '');
    if (request.url.endsWith('/auth/login')) return json({ statusCode: 401, message: 'Invalid username or password' }, 401);
    return token && accepted.has(token) ? cart() : unauthorized();
  });
  const session = createSession({ ...options, store, onSessionEnd: (reason) => ends.push(reason) });
  const client = createPustakClient({
    baseUrl: BASE, fetch, session, maxRetries: 0, onUnauthorized: (error) => unauthorizedErrors.push(error),
  });
  return { client, session, store, sent, ends, unauthorizedErrors };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('expiry', () => {
  it('is read from the token\'s exp, and is none for a token that is not a JWT or has no exp', async () => {
    expect(tokenExpiry(jwt(3600))).toEqual(new Date(NOW.getTime() + 3600_000));
    expect(tokenExpiry('mock.customer.token')).toBeNull();
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    const noExp = `${Buffer.from('{}').toString('base64url')}.${Buffer.from('{"sub":"u1"}').toString('base64url')}.x`;
    expect(tokenExpiry(noExp)).toBeNull();

    const session = createSession();
    await session.signIn(jwt(90));
    expect(await session.expiresAt()).toEqual(new Date(NOW.getTime() + 90_000));
  });

  it('signs out at the expiry: the store is cleared and onSessionEnd told, once', async () => {
    const t = signedIn(new Set());
    const token = jwt(60);
    await t.session.signIn(token);

    await vi.advanceTimersByTimeAsync(59_000);
    expect(await t.store.get()).toBe(token);
    expect(t.ends).toEqual([]);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(await t.store.get()).toBeNull();
    expect(t.ends).toEqual(['expired']);
    expect(await t.session.token()).toBeNull();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(t.ends).toEqual(['expired']);
  });

  it('watches a token stored before the session was made, and one expiring after setTimeout\'s limit', async () => {
    const ends: SessionEndReason[] = [];
    const store = memoryTokenStore(jwt(40 * 24 * 3600));
    createSession({ store, onSessionEnd: (reason) => ends.push(reason) });
    // 40 days: past the 24.8 days a timer can wait, which would otherwise fire at once.
    await vi.advanceTimersByTimeAsync(39 * 24 * 3600_000);
    expect(ends).toEqual([]);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(ends).toEqual(['expired']);
    expect(await store.get()).toBeNull();
  });

  it('sends no call with an expired token: it fails at once with an AuthenticationError', async () => {
    const token = jwt(60);
    const t = signedIn(new Set([token]), { token });
    await t.client.cart.list();
    expect(t.sent).toHaveLength(1);

    // The machine slept past the expiry: no timer ran, the clock moved on.
    vi.setSystemTime(NOW.getTime() + 61_000);
    const error = await rejection(t.client.cart.add(BOOK_ID, 1));

    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, operation: 'addCartItem', serverMessage: null });
    expect(t.sent).toHaveLength(1);
    expect(t.ends).toEqual(['expired']);
    expect(await t.store.get()).toBeNull();
    expect(t.unauthorizedErrors).toEqual([error]);
  });

  it('sends a public call as a guest\'s once the token expired, never failing it', async () => {
    const token = jwt(60);
    const t = signedIn(new Set(), { token });
    vi.setSystemTime(NOW.getTime() + 120_000);
    await t.client.raw.GET('/notification/all');
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends its valid token with the public calls that answer a signed-in caller with more, and only those', async () => {
    const token = jwt(3600);
    const t = signedIn(new Set([token]), { token });
    await t.client.raw.GET('/notification/all');
    await t.client.raw.GET('/book/all');
    expect(t.sent.map((request) => [new URL(request.url).pathname, request.headers.get('Authorization')])).toEqual([
      ['/api/notification/all', `Bearer ${token}`],
      ['/api/book/all', null],
    ]);
  });

  it('signs in again through reauthenticate instead of failing, when it has one', async () => {
    const fresh = jwt(3600, { jti: 'fresh' });
    const reauthenticate = vi.fn(async () => fresh);
    const t = signedIn(new Set([fresh]), { token: jwt(60), reauthenticate });
    vi.setSystemTime(NOW.getTime() + 61_000);

    await t.client.cart.list();

    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(t.sent.map((r) => r.headers.get('Authorization'))).toEqual([`Bearer ${fresh}`]);
    expect(await t.store.get()).toBe(fresh);
  });
});

describe('a signed-in call refused with 401', () => {
  it('is sent once more, body and all, with the token reauthenticate gives', async () => {
    const stale = jwt(3600, { jti: 'revoked' });
    const fresh = jwt(3600, { jti: 'fresh' });
    const reauthenticate = vi.fn(async () => fresh);
    const t = signedIn(new Set([fresh]), { token: stale, reauthenticate });

    await expect(t.client.cart.add(BOOK_ID, 2)).resolves.toMatchObject({ status: 'success' });

    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(t.sent.map((r) => r.headers.get('Authorization'))).toEqual([`Bearer ${stale}`, `Bearer ${fresh}`]);
    expect(await Promise.all(t.sent.map((r) => r.json()))).toEqual([{ bookId: BOOK_ID, quantity: 2 }, { bookId: BOOK_ID, quantity: 2 }]);
    expect(t.unauthorizedErrors).toEqual([]);
    expect(t.ends).toEqual([]);
    expect(await t.store.get()).toBe(fresh);
  });

  it('is not sent a third time when the new token is refused too, and the session ends', async () => {
    let n = 0;
    const reauthenticate = vi.fn(async () => jwt(3600, { jti: `new-${++n}` }));
    const t = signedIn(new Set(), { token: jwt(3600), reauthenticate });

    const error = await rejection(t.client.cart.list());

    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, operation: 'listCartItems' });
    expect(t.sent).toHaveLength(2);
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(t.unauthorizedErrors).toEqual([error]);
    expect(t.ends).toEqual(['refused']);
    expect(await t.store.get()).toBeNull();
  });

  it('shares one sign-in between calls refused at the same time', async () => {
    const fresh = jwt(3600, { jti: 'fresh' });
    const reauthenticate = vi.fn(async () => fresh);
    const t = signedIn(new Set([fresh]), { token: jwt(3600), reauthenticate });

    await Promise.all([t.client.cart.list(), t.client.wishlist.list(), t.client.orders.mine()]);

    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(t.sent).toHaveLength(6);
  });

  it('ends the session when reauthenticate gives nothing (or there is none)', async () => {
    const t = signedIn(new Set(), { token: jwt(3600), reauthenticate: async () => null });
    await rejection(t.client.cart.list());
    expect(t.sent).toHaveLength(1);
    expect(t.ends).toEqual(['refused']);
    expect(t.unauthorizedErrors).toHaveLength(1);

    const without = signedIn(new Set(), { token: jwt(3600) });
    await rejection(without.client.cart.list());
    expect(without.ends).toEqual(['refused']);
    expect(await without.store.get()).toBeNull();
  });

  it('is not the sign-in: a wrong password neither signs in again nor calls onUnauthorized', async () => {
    const reauthenticate = vi.fn(async () => jwt(3600));
    const t = signedIn(new Set(), { token: jwt(3600), reauthenticate });

    const error = await rejection(t.client.auth.login({ username: 'sita', password: 'wrong' }));

    expect(error).toMatchObject({ status: 401, operation: 'loginUser', message: 'Invalid username or password' });
    expect(t.sent).toHaveLength(1);
    // Public operations ignore tokens; the session sends none to them.
    expect(t.sent[0]?.headers.has('Authorization')).toBe(false);
    expect(reauthenticate).not.toHaveBeenCalled();
    expect(t.unauthorizedErrors).toEqual([]);
    expect(t.ends).toEqual([]);
  });
});

describe('stores', () => {
  /** A Storage over a Map, as the browser's localStorage behaves. */
  class FakeStorage implements Storage {
    readonly items = new Map<string, string>();
    get length() { return this.items.size; }
    clear() { this.items.clear(); }
    getItem(key: string) { return this.items.get(key) ?? null; }
    key(index: number) { return [...this.items.keys()][index] ?? null; }
    removeItem(key: string) { this.items.delete(key); }
    setItem(key: string, value: string) { this.items.set(key, String(value)); }
  }

  it('localStorage keeps the token and role under the web app\'s keys and clears both at expiry', async () => {
    const storage = new FakeStorage();
    storage.setItem('userId', 'u1');
    const ends: SessionEndReason[] = [];
    const session = createSession({ store: localStorageTokenStore(storage), onSessionEnd: (reason) => ends.push(reason) });
    const token = jwt(30);

    await session.signIn(token, 'Admin');
    expect(Object.fromEntries(storage.items)).toEqual({ token, role: 'Admin', userId: 'u1' });

    await vi.advanceTimersByTimeAsync(30_000);
    expect(Object.fromEntries(storage.items)).toEqual({ userId: 'u1' });
    expect(ends).toEqual(['expired']);
  });

  it('localStorage: a token another tab stored is the one sent; a blocked storage reads as signed out', async () => {
    const storage = new FakeStorage();
    const t = signedIn(new Set(['tab-2']), { store: localStorageTokenStore(storage) });
    storage.setItem('token', 'tab-2');
    await t.client.cart.list();
    expect(t.sent[0]?.headers.get('Authorization')).toBe('Bearer tab-2');

    const blocked = localStorageTokenStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(blocked.get()).toBeNull();
    expect(() => blocked.set('t')).not.toThrow();
  });

  it('takes the caller\'s own store, sync or async', async () => {
    let kept: string | null = jwt(3600);
    const store: TokenStore = {
      get: async () => kept,
      set: async (token) => void (kept = token),
      clear: async () => void (kept = null),
    };
    const t = signedIn(new Set([kept]), { store });
    await t.client.cart.list();
    expect(t.sent[0]?.headers.get('Authorization')).toBe(`Bearer ${kept}`);
    await t.session.signOut();
    expect(kept).toBeNull();
    expect(t.ends).toEqual(['signedOut']);
  });
});

describe('client options', () => {
  it('refuses getToken and session together', () => {
    expect(() => createPustakClient({ baseUrl: BASE, getToken: () => 't', session: createSession() })).toThrow(TypeError);
  });

  it('knows the public operations as the contract marks them (security: [])', async () => {
    type Operation = { operationId?: string; security?: unknown[] };
    const contract = parse(await readFile(contractPath, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
    const declared = Object.values(contract.paths).flatMap((methods) => Object.values(methods))
      .filter((operation) => Array.isArray(operation.security) && operation.security.length === 0)
      .map((operation) => operation.operationId);
    expect([...PUBLIC_OPERATIONS].sort()).toEqual(declared.sort());
  });

  it('knows the public operations that take an optional bearer as the contract marks them (x-optional-bearer)', async () => {
    type Operation = { operationId?: string; security?: unknown[]; 'x-optional-bearer'?: boolean };
    const contract = parse(await readFile(contractPath, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
    const declared = Object.values(contract.paths).flatMap((methods) => Object.values(methods))
      .filter((operation) => operation['x-optional-bearer'] === true)
      .map((operation) => operation.operationId);
    expect([...PERSONAL_WHEN_SIGNED_IN].sort()).toEqual(declared.sort());
    for (const operationId of declared) expect(PUBLIC_OPERATIONS.has(operationId as never), operationId).toBe(true);
  });
});
