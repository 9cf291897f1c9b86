// The authorization matrix on two instances of one PostgreSQL database: a token issued by one
// instance is judged by the other exactly as by its own (every secured operation, each role,
// against the hand-written table of packages/server/test/operation-roles.ts), a tampered one is
// refused by both, and another customer's records stay hidden whichever instance is asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationMeta } from '../src/http/contract.js';
import { IDS, freshPostgresDatabase, testContract } from './helpers.js';
import { OPERATION_ROLES } from './operation-roles.js';
import { api, insertAccounts, login, query, startInstances, until, type InstanceGroup } from './instances.js';

const contract = await testContract();
const secured = [...contract.operations.values()].filter((op) => op.roles);
const ROLES = ['User', 'Staff', 'Admin'] as const;
const UNKNOWN = '00000000-0000-4000-8000-0000000000aa';
const USERNAMES = { User: 'sita', Staff: 'staff', Admin: 'admin' } as const;

let group: InstanceGroup | undefined;
let drop: (() => Promise<void>) | undefined;
let origins: string[] = [];
let dbUrl = '';
/** tokens[i][role]: signed in on instance i. */
const tokens: Record<string, string>[] = [{}, {}];

beforeAll(async () => {
  const database = await freshPostgresDatabase(false);
  drop = database.drop;
  dbUrl = database.url;
  // A caller's account is kept far longer than any test here takes: what another instance
  // learns of a role change, it learns from that change's cache clear, never from an expiry.
  group = await startInstances(database.url, 2, { settings: { callerCacheMs: 10 * 60_000 } });
  origins = group.instances.map((i) => i.url);
  for (const [i, origin] of origins.entries()) {
    for (const role of ROLES) tokens[i]![role] = await login(origin, USERNAMES[role]);
  }
});
afterAll(async () => {
  await group?.close();
  await drop?.();
});

const pathOf = (op: OperationMeta) => `${op.base}${op.path.replace(/\{[^}]+\}/g, (name) => (name === '{author}' ? 'Nobody' : UNKNOWN))}`;
const raw = (origin: string, op: OperationMeta, authorization?: string) =>
  fetch(`${origin}${pathOf(op)}`, { method: op.method.toUpperCase(), headers: authorization ? { authorization } : {}, signal: AbortSignal.timeout(30_000) });

describe('a token from one instance, judged by the other', () => {
  it('covers every secured operation of the contract, and only those of the table', () => {
    expect(secured.map((op) => op.operationId).sort()).toEqual(Object.keys(OPERATION_ROLES).sort());
  });

  it.each(secured.flatMap((op) => ROLES.map((role) => [op.operationId, role, op] as const)))('%s as %s', async (_id, role, op) => {
    for (const [issuer, judge] of [[0, 1], [1, 0]] as const) {
      const reply = await raw(origins[judge]!, op, `Bearer ${tokens[issuer]![role]}`);
      const where = `issued on ${issuer}, asked on ${judge}`;
      if ((OPERATION_ROLES[op.operationId] ?? []).includes(role)) {
        expect([401, 403], where).not.toContain(reply.status);
        expect(reply.status, where).toBeLessThan(500);
      } else {
        expect(reply.status, where).toBe(403);
        expect(await reply.json()).toEqual({ statusCode: 403, message: 'Forbidden' });
      }
    }
  });

  it.each(secured.map((op) => [op.operationId, op] as const))('%s: 401 on both without a token or with a tampered one', async (_id, op) => {
    for (const origin of origins) {
      for (const authorization of [undefined, `Bearer ${tokens[0]!.User}x`, `Bearer ${tokens[1]!.Admin}x`]) {
        const reply = await raw(origin, op, authorization);
        expect(reply.status, `${origin} ${authorization}`).toBe(401);
        expect(await reply.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
      }
    }
  });
});

describe("another customer's records, across instances", () => {
  it('answer 404 on the other instance: orders, cart lines and profiles', async () => {
    const [nosyName] = await insertAccounts(dbUrl, 'nosy', 1);
    const sita = tokens[0]!.User!;
    const nosy = await login(origins[1]!, nosyName!);
    expect((await api(origins[0]!, 'POST', '/api/addToCart/add', { token: sita, body: { bookId: IDS.munaMadan, quantity: 1 } })).status).toBe(200);
    const [line] = (await api(origins[0]!, 'GET', '/api/addToCart/getcartitems', { token: sita })).body.data;
    const cases = [
      ['PUT', `/api/order/cancel/${IDS.sitaPendingOrder}`],
      ['PUT', `/api/addToCart/update/${line.cartItemId}`, { quantity: 2 }],
      ['DELETE', `/api/addToCart/remove/${line.cartItemId}`],
      ['GET', `/api/user/getuserbyid/${IDS.sita}`],
    ] as const;
    for (const [method, path, body] of cases) {
      const reply = await api(origins[1]!, method, path, { token: nosy, ...(body ? { body } : {}) });
      expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBe(404);
    }
    // Nothing of hers changed: the line and the pending order are still there, seen from either instance.
    for (const origin of origins) {
      const cart = (await api(origin, 'GET', '/api/addToCart/getcartitems', { token: sita })).body.data;
      expect(cart.find((l: { cartItemId: string }) => l.cartItemId === line.cartItemId)?.quantity).toBe(1);
    }
  });

  it('a role changed on one instance counts on the other, whose cache still held the old role', async () => {
    const [name] = await insertAccounts(dbUrl, 'promoted', 1);
    const token = await login(origins[1]!, name!);
    const [{ id }] = await query(dbUrl, 'select id from users where username = $1', [name]);
    const allOrders = async () => (await api(origins[1]!, 'GET', '/api/order/all', { token })).status;
    const setRole = async (role: string) => {
      const reply = await fetch(`${origins[0]}/api/user/updaterole/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens[0]!.Admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(role),
      });
      expect(reply.status, await reply.text()).toBe(204);
    };
    // Instance 1 reads the customer's account once and keeps it (for the whole test: see beforeAll).
    expect(await allOrders()).toBe(403);
    // The change's answer comes once the other instances have been told; instance 1 drops its
    // copy as the notification arrives (PostgreSQL delivers it on its own connection, a moment
    // later: hence a wait for the state, not a single read).
    await setRole('Staff');
    await until(async () => (await allOrders()) === 200, 'instance 1 to let the new Staff member in', 10_000);
    await setRole('User');
    await until(async () => (await allOrders()) === 403, 'instance 1 to refuse the former Staff member', 10_000);
  });

  it('a password changed on one instance ends the old token on the other, whose cache still held the account', async () => {
    const [name] = await insertAccounts(dbUrl, 'changer', 1);
    const old = await login(origins[0]!, name!);
    const [{ id }] = await query(dbUrl, 'select id from users where username = $1', [name]);
    const profileOn = async (origin: string, token: string) => (await api(origin, 'GET', `/api/user/getuserbyid/${id}`, { token })).status;
    expect(await profileOn(origins[1]!, old)).toBe(200);
    const changed = await api(origins[0]!, 'POST', '/api/auth/change-password', { token: old, body: { currentPassword: 'pustak123', newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await profileOn(origins[0]!, old)).toBe(401);
    await until(async () => (await profileOn(origins[1]!, old)) === 401, 'instance 1 to refuse the token issued before the change', 10_000);
    for (const origin of origins) expect(await profileOn(origin, changed.body.token)).toBe(200);
  });
});
