// The authorization matrix: every operation that needs a token is called with no token, an
// expired token and each role's token, and must let in exactly the roles of the hand-written
// table (packages/server/test/operation-roles.ts), not the contract's x-roles the server reads: a role
// dropped from the contract would otherwise change these expectations along with the server.
// Public operations ignore whatever bearer they get. Other customers' records answer 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationMeta } from '../src/http/contract.js';
import { IDS, PASSWORD, newCustomer, startTestServer, testContract, type TestServer } from './helpers.js';
import { OPERATION_ROLES } from './operation-roles.js';

const contract = await testContract();
const operations = [...contract.operations.values()];
const secured = operations.filter((op) => op.roles);
const publicOps = operations.filter((op) => !op.roles && op.base === '/api');
const ROLES = ['User', 'Staff', 'Admin'] as const;
const UNKNOWN = '00000000-0000-4000-8000-0000000000aa';

let t: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  tokens.User = await t.login('sita');
  tokens.Staff = await t.login('staff');
  tokens.Admin = await t.login('admin');
  // A token issued two days ago has expired (they live one day).
  t.clock.advance(-2 * 86_400_000);
  tokens.expired = await t.login('sita');
  t.clock.advance(2 * 86_400_000);
  // A token issued before its account's password changed has been revoked.
  const { token: revoked } = await newCustomer(t, 'revoked');
  const changed = await t.call({ method: 'POST', url: '/api/auth/change-password', token: revoked, payload: { currentPassword: PASSWORD, newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091' } });
  if (changed.statusCode !== 200) throw new Error(`change-password: ${changed.body}`);
  tokens.revoked = revoked;
});
afterAll(async () => {
  await t?.close();
});

/** The operation's URL with every path parameter filled with an id that exists nowhere. */
const urlOf = (op: OperationMeta) => `${op.base}${op.path.replace(/\{[^}]+\}/g, (name) => (name === '{author}' ? 'Nobody' : UNKNOWN))}`;
const call = (op: OperationMeta, authorization?: string) =>
  t.call({ method: op.method as 'GET', url: urlOf(op), headers: authorization === undefined ? {} : { authorization } });

describe('every secured operation', () => {
  it('is in the matrix: the secured operations are exactly those of the hand-written table', () => {
    expect(secured.map((op) => op.operationId).sort()).toEqual(Object.keys(OPERATION_ROLES).sort());
  });

  it.each(secured.map((op) => [op.operationId, op] as const))('%s: 401 without a token or with an expired or revoked one', async (_id, op) => {
    for (const authorization of [undefined, 'Bearer', 'Bearer null', `Bearer ${tokens.expired}`, `Bearer ${tokens.revoked}`, `Bearer ${tokens.User}x`, `Basic ${tokens.User}`]) {
      const reply = await call(op, authorization);
      expect(reply.statusCode, `${authorization}`).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer');
      expect(reply.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
    }
  });

  it.each(secured.flatMap((op) => ROLES.map((role) => [op.operationId, role, op] as const)))('%s as %s', async (_id, role, op) => {
    const reply = await call(op, `Bearer ${tokens[role]}`);
    if ((OPERATION_ROLES[op.operationId] ?? []).includes(role)) {
      expect([401, 403], reply.body).not.toContain(reply.statusCode);
      expect(reply.statusCode).toBeLessThan(500);
    } else {
      expect(reply.statusCode, reply.body).toBe(403);
      expect(reply.json()).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
  });
});

describe('public operations', () => {
  it.each(publicOps.map((op) => [op.operationId, op] as const))('%s treats any bearer as anonymous', async (_id, op) => {
    for (const authorization of ['Bearer null', 'Bearer undefined', 'Bearer ', `Bearer ${tokens.expired}`, `Bearer ${tokens.revoked}`, 'Bearer not-a-token']) {
      const reply = await call(op, authorization);
      expect(reply.statusCode, `${authorization}: ${reply.body}`).not.toBe(401);
      expect(reply.statusCode).toBeLessThan(500);
    }
  });
});

describe("another customer's records", () => {
  it('answer 404: orders, cart lines and profiles', async () => {
    const other = await newCustomer(t, 'nosy');
    const sita = tokens.User!;
    await t.call({ method: 'POST', url: '/api/addToCart/add', token: sita, payload: { bookId: IDS.munaMadan, quantity: 1 } });
    const [line] = (await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token: sita })).json().data;
    const cases = [
      { method: 'PUT', url: `/api/order/cancel/${IDS.sitaPendingOrder}` },
      { method: 'GET', url: '/api/order/receipt/0dde0000-0000-4000-8000-000000000002' },
      { method: 'PUT', url: `/api/addToCart/update/${line.cartItemId}`, payload: { quantity: 1 } },
      { method: 'DELETE', url: `/api/addToCart/remove/${line.cartItemId}` },
      { method: 'GET', url: `/api/user/getuserbyid/${IDS.sita}` },
    ] as const;
    for (const request of cases) {
      const reply = await t.call({ ...request, token: other.token });
      expect(reply.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    // Staff read only their own profile too; an Admin reads anyone's.
    expect((await t.call({ method: 'GET', url: `/api/user/getuserbyid/${IDS.sita}`, token: tokens.Staff })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/user/getuserbyid/${IDS.sita}`, token: tokens.Admin })).json().username).toBe('sita');
    // Lists are the caller's own.
    expect((await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token: other.token })).json().data).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/order/userOrder', token: other.token })).json().data).toEqual([]);
  });

  it('a role taken away counts at once, not when the token expires', async () => {
    const promoted = await newCustomer(t, 'promoted');
    const admin = tokens.Admin!;
    expect((await t.call({ method: 'PUT', url: `/api/user/updaterole/${promoted.id}`, token: admin, headers: { 'content-type': 'application/json' }, payload: '"Staff"' })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: '/api/order/all', token: promoted.token })).statusCode).toBe(200);
    await t.call({ method: 'PUT', url: `/api/user/updaterole/${promoted.id}`, token: admin, headers: { 'content-type': 'application/json' }, payload: '"User"' });
    expect((await t.call({ method: 'GET', url: '/api/order/all', token: promoted.token })).statusCode).toBe(403);
  });
});
