// Hardening (issue 9, part 4): attempt limits on sign-in, the one-time code, registration and
// the password (issue 29) (429 + Retry-After, with a clock the test moves), security headers on the API, the files and
// the served web app, CORS for configured origins only, body size limits, no source maps, and
// the token secret's checks.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtSecretProblem } from '../src/auth/secret-check.js';
import { openDatabase, type OpenDatabase } from '../src/db/database.js';
import Fastify from 'fastify';
import { manualClock } from '../src/clock.js';
import { DEFAULT_RATE_LIMITS, addressKey, registerRateLimits, type RateLimits } from '../src/http/rate-limit.js';
import { databaseRateLimitStore, memoryRateLimitStore, type RateLimitStore } from '../src/http/rate-limit-stores.js';
import { parseCorsOrigins, webAppCsp } from '../src/plugins/security-headers.js';
import type { OperationMeta } from '../src/http/contract.js';
import { IDS, PASSWORD, lastCode, newCustomer, startTestServer, testContract, type TestServer } from './helpers.js';
import { buildServer } from './processes.js';

const MINUTE = 60_000;
const operations = [...(await testContract()).operations.values()];
const folders: string[] = [];
// The tests that ask for the same options share one server, put back to the seeded state, its
// counters emptied and its clock at NOW (reset()) each time it is asked for again.
const servers = new Map<string, TestServer>();
afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.close()));
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

async function server(options: Parameters<typeof startTestServer>[0] = {}) {
  const key = JSON.stringify(options);
  const kept = servers.get(key);
  if (kept) {
    await kept.reset();
    return kept;
  }
  const t = await startTestServer(options);
  servers.set(key, t);
  return t;
}

const login = (t: TestServer, username: string, password: string, remoteAddress = '203.0.113.7') =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
const register = (t: TestServer, username: string, remoteAddress = '203.0.113.7') =>
  t.call({ method: 'POST', url: '/api/Auth/register', payload: { email: `${username}@example.com`, username, password: PASSWORD, confirmPassword: PASSWORD }, remoteAddress });
const verify = (t: TestServer, id: string, code: string, remoteAddress = '203.0.113.7') =>
  t.call({ method: 'PUT', url: '/api/auth/verify', payload: { Id: id, VerificationCode: code }, remoteAddress });

/** A 429 as the contract declares it for the auth calls: plain text and Retry-After in seconds. */
function expectTooMany(reply: Awaited<ReturnType<TestServer['call']>>, retryAfterSeconds: number) {
  expect(reply.statusCode, reply.body).toBe(429);
  expect(reply.headers['content-type']).toMatch(/^text\/plain/);
  expect(reply.body).toBe('Too many attempts. Please try again later.');
  expect(reply.headers['retry-after']).toBe(String(retryAfterSeconds));
}

/** Creates a book with an SVG cover as the admin; answers the cover's imageUrl. */
async function uploadCover(t: TestServer, isbn: string): Promise<string> {
  const admin = await t.login('admin');
  const boundary = 'b';
  const fields = { title: 'Header Test', author: 'A', genre: 'Fiction', isbn, description: 'D', publisher: 'P', publicationDate: '2020-01-01T00:00:00Z', price: '1', quantity: '1', language: 'English', discount: '0', format: 'Paperback', isOnSale: 'false' };
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const payload = Buffer.concat([
    Buffer.from(Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.svg"\r\nContent-Type: image/svg+xml\r\n\r\n`), svg, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const created = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.imageUrl as string;
}

const wrongCode = (code: string) => String(((Number(code) - 10_000 + 1) % 90_000) + 10_000);

describe('attempt limits (a real shop: the server default)', () => {
  it('sign-in: 10 tries per account in 15 minutes, then 429 even with the right password, which works again after the window', async () => {
    const t = await server({ rateLimits: 'server-default' });
    for (let i = 0; i < 10; i += 1) expect((await login(t, 'sita', `wrong-${i}`, `198.51.100.${i}`)).statusCode).toBe(401);
    t.clock.advance(5 * MINUTE);
    // From yet another address, with the right password: the account is over its limit.
    expectTooMany(await login(t, 'SITA', PASSWORD, '198.51.100.99'), 10 * 60);
    t.clock.advance(10 * MINUTE - 1000);
    expectTooMany(await login(t, 'sita', PASSWORD), 1);
    t.clock.advance(1000);
    expect((await login(t, 'sita', PASSWORD)).statusCode).toBe(200);
  });

  it('every spelling sign-in takes for one account (NFKC, any case) counts as that account', async () => {
    const t = await server({ rateLimits: 'server-default' });
    for (let i = 0; i < 10; i += 1) expect((await login(t, ['ｓｉｔａ', 'SITA', 'ｓita', 'sita'][i % 4]!, `wrong-${i}`, `198.51.100.${i}`)).statusCode).toBe(401);
    expectTooMany(await login(t, 'sita', PASSWORD, '198.51.100.99'), 15 * 60);
    expectTooMany(await login(t, 'Ｓｉｔａ', PASSWORD, '198.51.100.98'), 15 * 60);
  });

  it('a successful sign-in clears the account count, so a customer who signs in often is never locked out', async () => {
    const t = await server({ rateLimits: 'server-default' });
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 9; i += 1) expect((await login(t, 'staff', 'wrong-password')).statusCode).toBe(401);
      expect((await login(t, 'staff', PASSWORD)).statusCode).toBe(200);
    }
  });

  it('the default limits are the documented ones', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      loginUser: { account: { max: 10, windowMs: 15 * MINUTE }, address: { max: 100, windowMs: 15 * MINUTE } },
      verifyEmail: { account: { max: 5, windowMs: 15 * MINUTE }, address: { max: 30, windowMs: 15 * MINUTE } },
      registerUser: { account: { max: 5, windowMs: 60 * MINUTE }, address: { max: 20, windowMs: 60 * MINUTE } },
      resendVerificationCode: { account: { max: 5, windowMs: 60 * MINUTE }, address: { max: 20, windowMs: 60 * MINUTE } },
      requestPasswordReset: { account: { max: 5, windowMs: 60 * MINUTE }, address: { max: 20, windowMs: 60 * MINUTE } },
      resetPassword: { account: { max: 5, windowMs: 15 * MINUTE }, address: { max: 30, windowMs: 15 * MINUTE } },
      changePassword: { account: { max: 10, windowMs: 15 * MINUTE }, address: { max: 100, windowMs: 15 * MINUTE } },
      verifyOrder: { order: { max: 5, windowMs: 15 * MINUTE }, staff: { max: 30, windowMs: 15 * MINUTE } },
      resendOrderConfirmation: { order: { max: 3, windowMs: 60 * MINUTE } },
    });
  });

  it('a password reset request: 5 per name an hour, refused alike for a name with an account and one without', async () => {
    const t = await server({ rateLimits: 'server-default' });
    const forgot = (usernameOrEmail: string, i: number) =>
      t.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail }, remoteAddress: `198.51.100.${i}` });
    for (const name of ['sita', 'nobody-here']) {
      for (let i = 0; i < 5; i += 1) expect((await forgot(name, i)).statusCode).toBe(200);
      expectTooMany(await forgot(name, 99), 60 * 60);
    }
    expect((t.server.services.mailer.outbox ?? []).filter((mail) => mail.to === 'sita@example.com')).toHaveLength(5);
  });

  it('a reset code: 5 tries per name in 15 minutes, then 429 whatever the code', async () => {
    const t = await server({ rateLimits: 'server-default' });
    await t.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail: 'sita' } });
    const reset = (code: string, i: number) =>
      t.call({ method: 'POST', url: '/api/auth/reset-password', payload: { usernameOrEmail: 'sita', code, newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091' }, remoteAddress: `192.0.2.${i}` });
    for (let i = 0; i < 5; i += 1) expect((await reset(String(10_000 + i), i)).statusCode).toBe(400);
    expectTooMany(await reset('12345', 50), 15 * 60);
  });

  it('a password change: 10 tries per account in 15 minutes, whatever the address', async () => {
    const t = await server({ rateLimits: 'server-default' });
    const token = await t.login('sita');
    const change = (currentPassword: string, i: number) =>
      t.call({ method: 'POST', url: '/api/auth/change-password', token, payload: { currentPassword, newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091' }, remoteAddress: `192.0.2.${i}` });
    for (let i = 0; i < 10; i += 1) expect((await change(`guess-${i}`, i)).statusCode).toBe(400);
    expectTooMany(await change(PASSWORD, 99), 15 * 60);
    // Another account is not held back.
    const staff = await t.login('staff');
    expect((await t.call({ method: 'POST', url: '/api/auth/change-password', token: staff, payload: { currentPassword: 'x', newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091' }, remoteAddress: '192.0.2.1' })).statusCode).toBe(400);
  });

  it('a new one-time code: 5 per username an hour (each one mails a code)', async () => {
    const t = await server({ rateLimits: 'server-default' });
    await register(t, 'resender');
    const resend = (i: number) => t.call({ method: 'POST', url: '/api/auth/resend-code', payload: { username: 'resender', password: PASSWORD }, remoteAddress: `192.0.2.${i}` });
    for (let i = 0; i < 5; i += 1) expect((await resend(i)).statusCode).toBe(200);
    expectTooMany(await resend(99), 60 * 60);
  });

  it('the one-time code: the 6th try on an account is refused within 15 minutes, whatever the code', async () => {
    const t = await server({ rateLimits: 'server-default' });
    const id = (await register(t, 'coder')).json().user.id as string;
    const code = lastCode(t, 'coder@example.com');
    for (let i = 0; i < 5; i += 1) expect((await verify(t, id, wrongCode(code), `192.0.2.${i}`)).statusCode).toBe(400);
    expectTooMany(await verify(t, id, code, '192.0.2.200'), 15 * 60);
  });
});

const small: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  loginUser: { account: { max: 100, windowMs: MINUTE }, address: { max: 3, windowMs: MINUTE } },
  verifyEmail: { account: { max: 3, windowMs: MINUTE }, address: { max: 4, windowMs: MINUTE } },
  registerUser: { account: { max: 2, windowMs: MINUTE }, address: { max: 3, windowMs: MINUTE } },
  verifyOrder: { order: { max: 3, windowMs: MINUTE }, staff: { max: 4, windowMs: MINUTE } },
};

describe('attempt limits (small limits, same rules)', () => {
  it('sign-in per address: other names from the same address are refused, another address is not', async () => {
    const t = await server({ rateLimits: small });
    for (const name of ['nobody1', 'nobody2', 'nobody3']) expect((await login(t, name, 'x')).statusCode).toBe(401);
    expectTooMany(await login(t, 'sita', PASSWORD), 60);
    expect((await login(t, 'sita', PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect((await login(t, 'sita', PASSWORD)).statusCode).toBe(200);
  });

  it('the code per account: after the limit the right code is refused, and accepted once the window has passed', async () => {
    const t = await server({ rateLimits: small });
    const id = (await register(t, 'verifier', '198.51.100.1')).json().user.id as string;
    const code = lastCode(t, 'verifier@example.com');
    for (let i = 0; i < 3; i += 1) expect((await verify(t, id, wrongCode(code), `198.51.100.${10 + i}`)).body).toBe('Invalid verification code');
    expectTooMany(await verify(t, id, code, '198.51.100.20'), 60);
    t.clock.advance(30_000);
    expectTooMany(await verify(t, id, code, '198.51.100.21'), 30);
    t.clock.advance(30_000);
    const verified = await verify(t, id, code, '198.51.100.22');
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await login(t, 'verifier', PASSWORD, '198.51.100.23')).statusCode).toBe(200);
  });

  it('the code per address: guessing across many accounts from one address stops', async () => {
    const t = await server({ rateLimits: small });
    const ids = [];
    for (const [i, name] of ['g1', 'g2', 'g3'].entries()) ids.push((await register(t, name, `198.51.100.${50 + i}`)).json().user.id as string);
    for (const id of ids) expect((await verify(t, id, '12345')).statusCode).toBe(400);
    expect((await verify(t, ids[0]!, '12346')).statusCode).toBe(400);
    expectTooMany(await verify(t, ids[1]!, '12347'), 60);
  });

  it('registration per e-mail and per address, and a request the contract refuses is not counted', async () => {
    const t = await server({ rateLimits: small });
    for (let i = 0; i < 5; i += 1) {
      const bad = await t.call({ method: 'POST', url: '/api/Auth/register', payload: { email: 'again@example.com', username: 'again' }, remoteAddress: '203.0.113.50' });
      expect(bad.statusCode).toBe(422);
    }
    expect((await register(t, 'again', '203.0.113.50')).statusCode).toBe(200);
    expect((await register(t, 'again', '203.0.113.51')).statusCode).toBe(200);
    expectTooMany(await register(t, 'again', '203.0.113.52'), 60);
    // Per address: a third registration from .50 is fine, the fourth is refused.
    expect((await register(t, 'other1', '203.0.113.50')).statusCode).toBe(200);
    expect((await register(t, 'other2', '203.0.113.50')).statusCode).toBe(200);
    expectTooMany(await register(t, 'other3', '203.0.113.50'), 60);
    t.clock.advance(MINUTE);
    expect((await register(t, 'other3', '203.0.113.50')).statusCode).toBe(200);
  });

  it('behind a proxy (TRUST_PROXY) the address is the forwarded client, not the proxy', async () => {
    const t = await server({ rateLimits: small, settings: { trustProxy: true } });
    const from = (client: string) => ({ 'x-forwarded-for': client });
    for (let i = 0; i < 3; i += 1) {
      const reply = await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'sita', password: 'x' }, headers: from('192.0.2.1') });
      expect(reply.statusCode).toBe(401);
    }
    expect((await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'sita', password: 'x' }, headers: from('192.0.2.1') })).statusCode).toBe(429);
    expect((await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'sita', password: PASSWORD }, headers: from('192.0.2.2') })).statusCode).toBe(200);
  });

  it('other operations are not limited', async () => {
    const t = await server({ rateLimits: small });
    for (let i = 0; i < 10; i += 1) expect((await t.call({ method: 'GET', url: '/api/book/bestSeller' })).statusCode).toBe(200);
  });
});

describe('attempt limits on the claim code at pickup', () => {
  /** A new customer's Pending order of one book; answers its id and claim code. */
  async function pendingOrder(t: TestServer, name: string) {
    const { token } = await newCustomer(t, name);
    expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId: IDS.karnaliBlues, quantity: 1 } })).statusCode).toBe(200);
    const placed = await t.call({ method: 'POST', url: '/api/order/place', token });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data as { orderId: string; claimCode: string };
  }
  const verifyOrder = (t: TestServer, token: string, orderId: string, code: string) =>
    t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${orderId}`, token, payload: { ClaimCode: code } });
  const wrongClaim = (code: string) => (code.startsWith('0') ? `1${code.slice(1)}` : `0${code.slice(1)}`);
  /** The operation's 429: its JSON envelope, with Retry-After in seconds. */
  function expectTooManyClaims(reply: Awaited<ReturnType<TestServer['call']>>, retryAfterSeconds: number) {
    expect(reply.statusCode, reply.body).toBe(429);
    expect(reply.json()).toEqual({ status: 'error', message: 'Too many attempts. Please try again later.' });
    expect(reply.headers['retry-after']).toBe(String(retryAfterSeconds));
  }

  it('per order (the server default): after 5 tries in 15 minutes even the right code is refused, by any staff account, until the window ends', async () => {
    const t = await server({ rateLimits: 'server-default' });
    const order = await pendingOrder(t, 'claimer');
    const staff = await t.login('staff');
    for (let i = 0; i < 5; i += 1) expect((await verifyOrder(t, staff, order.orderId, wrongClaim(order.claimCode))).json().message).toBe('Invalid claim code');
    t.clock.advance(5 * MINUTE);
    expectTooManyClaims(await verifyOrder(t, staff, order.orderId, order.claimCode), 10 * 60);
    expectTooManyClaims(await verifyOrder(t, await t.login('admin'), order.orderId.toUpperCase(), order.claimCode), 10 * 60);
    t.clock.advance(10 * MINUTE);
    const verified = await verifyOrder(t, staff, order.orderId, order.claimCode);
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('per staff account: failed tries across orders count, verified orders do not; another staff account is not held up', async () => {
    const t = await server({ rateLimits: { ...DEFAULT_RATE_LIMITS, verifyOrder: { order: { max: 3, windowMs: MINUTE }, staff: { max: 4, windowMs: MINUTE } } } });
    const staff = await t.login('staff');
    const orders = [];
    for (let i = 0; i < 4; i += 1) orders.push(await pendingOrder(t, `pickup${i}`));
    // Three right codes between failed tries: the staff account is still under its 4.
    for (const order of orders.slice(0, 3)) {
      expect((await verifyOrder(t, staff, order.orderId, wrongClaim(order.claimCode))).statusCode).toBe(400);
      expect((await verifyOrder(t, staff, order.orderId, order.claimCode)).statusCode).toBe(200);
    }
    expect((await verifyOrder(t, staff, '0dde0000-0000-4000-8000-0000000000ff', 'ABCDEF12')).statusCode).toBe(404);
    expectTooManyClaims(await verifyOrder(t, staff, orders[3]!.orderId, orders[3]!.claimCode), 60);
    expect((await verifyOrder(t, await t.login('admin'), orders[3]!.orderId, orders[3]!.claimCode)).statusCode).toBe(200);
  });

  it('RATE_LIMITS=off (no limits) lets every try through', async () => {
    const t = await server({ rateLimits: false });
    const order = await pendingOrder(t, 'unlimited');
    const staff = await t.login('staff');
    for (let i = 0; i < 8; i += 1) expect((await verifyOrder(t, staff, order.orderId, wrongClaim(order.claimCode))).statusCode).toBe(400);
    expect((await verifyOrder(t, staff, order.orderId, order.claimCode)).statusCode).toBe(200);
  });
});

describe('attempt limits under a flood of other keys (a store of 10 keys)', () => {
  const tight: RateLimits = { ...small, loginUser: { account: { max: 3, windowMs: MINUTE }, address: { max: 3, windowMs: MINUTE } } };
  const started: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(started.map((t) => t.close()));
  });
  async function tightServer(rateLimitStore: 'database' | 'memory') {
    const t = await startTestServer({ rateLimits: tight, settings: { rateLimitStore: rateLimitStore === 'memory' ? memoryRateLimitStore({ maxKeys: 10 }) : 'database' } });
    started.push(t);
    // sita's password guessed three times, from three addresses: her account is at its limit.
    for (let i = 1; i <= 3; i += 1) expect((await login(t, 'sita', 'wrong', `198.51.100.${i}`)).statusCode).toBe(401);
    return t;
  }

  it.each(['memory', 'database'] as const)('%s: a request refused by the address limit counts nothing and adds no account key', async (kind) => {
    const t = await tightServer(kind);
    for (let i = 0; i < 3; i += 1) expect((await login(t, `nobody${i}`, 'x', '203.0.113.9')).statusCode).toBe(401);
    for (let i = 3; i < 40; i += 1) expectTooMany(await login(t, `nobody${i}`, 'x', '203.0.113.9'), 60);
    if (kind === 'database') {
      // sita's 3 addresses and account, the flooding address and its first 3 names.
      expect((await t.server.services.db.selectFrom('rate_limits').select('key').execute()).length).toBe(8);
    }
    // The store (10 keys) still has room for a customer's sign-in: two new keys.
    expect((await login(t, 'staff', PASSWORD, '203.0.113.10')).statusCode).toBe(200);
    expectTooMany(await login(t, 'sita', PASSWORD, '203.0.113.11'), 60);
  });

  it('memory: a flood from many addresses fills the store but never resets a running count; new keys wait for the first window to end', async () => {
    const t = await tightServer('memory');
    t.clock.advance(20_000);
    let refused = 0;
    for (let i = 0; i < 50; i += 1) {
      const reply = await login(t, `flood${i}`, 'x', `192.0.2.${i}`);
      if (reply.statusCode === 429) {
        // Full of running counts: a new key waits until the first window ends (sita's tries at NOW).
        expectTooMany(reply, 40);
        refused += 1;
      } else expect(reply.statusCode).toBe(401);
    }
    expect(refused).toBeGreaterThanOrEqual(47);
    expectTooMany(await login(t, 'sita', PASSWORD, '192.0.2.200'), 40);
    t.clock.advance(40_000);
    expect((await login(t, 'sita', PASSWORD, '192.0.2.201')).statusCode).toBe(200);
  });
});

describe('the address a limit counts', () => {
  it('is the IPv4 address, also IPv4-mapped, and the /64 network of an IPv6 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('so every address of one IPv6 network shares the sign-in limit', async () => {
    const t = await server({ rateLimits: small });
    for (let i = 1; i <= 3; i += 1) expect((await login(t, `nobody${i}`, 'x', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    expectTooMany(await login(t, 'sita', PASSWORD, '2001:db8:1:2:ffff::9'), 60);
    expect((await login(t, 'sita', PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('the counter stores', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(['memory', 'database'] as const)('%s: counts per key in fixed windows, peeks without counting, gives a try back, and reset forgets a key', async (kind) => {
    const store = kind === 'memory' ? memoryRateLimitStore() : databaseRateLimitStore(database.db, { sweepEvery: 3 });
    const key = `k-${kind}`;
    expect(await store.hit(key, 1000, 0)).toEqual({ count: 1, resetAt: 1000 });
    expect(await store.hit(key, 1000, 999)).toEqual({ count: 2, resetAt: 1000 });
    expect(await store.hit(key, 1000, 1000)).toEqual({ count: 1, resetAt: 2000 });
    await store.reset(key);
    expect(await store.hit(key, 1000, 1500)).toEqual({ count: 1, resetAt: 2500 });
    await store.hit(key, 1000, 1600);
    await store.giveBack(key, 1600);
    expect(await store.peek([key, 'none'], 1600)).toEqual([{ count: 1, resetAt: 2500 }, undefined]);
    await store.giveBack(key, 2500); // its window has ended: nothing to give back
    expect(await store.peek([key], 2500)).toEqual([undefined]);
    expect(await store.hit(key, 1000, 2500)).toEqual({ count: 1, resetAt: 3500 });
  });

  it('a sign-in is answered only once its account count is cleared, however slow the store (the next try is never counted first)', async () => {
    const app = Fastify();
    const memory = memoryRateLimitStore();
    // A store whose clear takes a while, as a database's can on a busy machine.
    const store: RateLimitStore = { peek: memory.peek, hit: memory.hit, giveBack: memory.giveBack, reset: (key) => new Promise((done) => setTimeout(() => void memory.reset(key).then(done), 50)) };
    const meta = { operationId: 'loginUser', method: 'POST', path: '/login', base: '', roles: null, bodyMediaTypes: null, bodyRequired: false, errorShapes: new Map() };
    registerRateLimits(app, { clock: manualClock(), limits: { ...DEFAULT_RATE_LIMITS, loginUser: { account: { max: 1, windowMs: MINUTE }, address: { max: 100, windowMs: MINUTE } } }, store, operationOf: () => meta });
    app.post('/login', async () => 'ok');
    try {
      for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'POST', url: '/login', payload: { username: 'sita' } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('memory: keeps at most maxKeys keys, never forgets a running count (ended windows make room, else a new key is refused until one ends)', async () => {
    const store = memoryRateLimitStore({ maxKeys: 10 });
    await store.hit('ended', 10, 0);
    await store.hit('victim', 1000, 0);
    for (let i = 0; i < 8; i += 1) await store.hit(`k${i}`, 5000, 0);
    await store.hit('new', 1000, 20); // full: the ended window makes room
    // A flood of new keys: none fits, and none pushes out a count that is still running.
    for (let i = 0; i < 1000; i += 1) expect(await store.hit(`flood${i}`, 1000, 30)).toEqual({ count: Infinity, resetAt: 1000 });
    expect(await store.peek(['victim', 'k0', 'new', 'flood0'], 30)).toEqual([{ count: 1, resetAt: 1000 }, { count: 1, resetAt: 5000 }, { count: 1, resetAt: 1020 }, undefined]);
    expect(await store.hit('victim', 1000, 40)).toEqual({ count: 2, resetAt: 1000 });
    // Once the victim's window has ended, its place is free for one new key (the k* run to 5000).
    expect(await store.hit('flood0', 1000, 1000)).toEqual({ count: 1, resetAt: 2000 });
    expect(await store.hit('flood1', 1000, 1000)).toEqual({ count: Infinity, resetAt: 1020 });
    expect((await store.hit('k7', 5000, 1000)).count).toBe(2);
  });

  it('database: two instances on one database count together, and expired windows are swept', async () => {
    const one = databaseRateLimitStore(database.db, { sweepEvery: 1000 });
    const two = databaseRateLimitStore(database.db);
    expect((await one.hit('shared', 60_000, 0)).count).toBe(1);
    expect((await two.hit('shared', 60_000, 1)).count).toBe(2);
    const concurrent = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).hit('shared', 60_000, 2)));
    expect(concurrent.map((r) => r.count).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await one.hit('old', 10, 0);
    await databaseRateLimitStore(database.db, { sweepEvery: 1 }).hit('other', 10, 100); // sweeps what ended by then
    const left = await database.db.selectFrom('rate_limits').select('key').where('key', '=', 'old').execute();
    expect(left).toEqual([]);
  });

  it('a server on the database store refuses as the memory one does, and keeps no account name in clear', async () => {
    const t = await server({ rateLimits: small, settings: { rateLimitStore: 'database' } });
    for (const name of ['nobody1', 'nobody2', 'nobody3']) expect((await login(t, name, 'x')).statusCode).toBe(401);
    expectTooMany(await login(t, 'sita', PASSWORD), 60);
    const keys = (await t.server.services.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toHaveLength(4); // three names and the address: the refused sign-in added none
    expect(keys.join(' ')).not.toMatch(/nobody|sita/);
    t.clock.advance(MINUTE);
    expect((await login(t, 'sita', PASSWORD)).statusCode).toBe(200);
  });
});

describe('Cache-Control: no-store on what a signed-in caller or the auth calls are answered', () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await server();
    for (const [role, name] of [['User', 'sita'], ['Staff', 'staff'], ['Admin', 'admin']] as const) tokens[role] = await t.login(name);
  });
  const urlOf = (op: OperationMeta) => `${op.base}${op.path.replace(/\{[^}]+\}/g, (name) => (name === '{author}' ? 'Nobody' : IDS.munaMadan))}`;
  const authCalls = operations.filter((op) => /^\/auth\//i.test(op.path));

  it('the auth calls are found in the contract', () => {
    expect(authCalls.map((op) => op.operationId).sort()).toEqual(['changePassword', 'loginUser', 'registerUser', 'requestPasswordReset', 'resendVerificationCode', 'resetPassword', 'verifyEmail']);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))('%s: with a bearer (a role it takes, or a bad one), answers and errors', async (_id, op) => {
    const role = op.roles?.[0] ?? 'User';
    for (const authorization of [`Bearer ${tokens[role]}`, 'Bearer not-a-token']) {
      const reply = await t.call({ method: op.method as 'GET', url: urlOf(op), headers: { authorization } });
      expect(reply.statusCode, reply.body).toBeLessThan(500);
      expect(reply.headers['cache-control'], `${authorization}: ${reply.statusCode}`).toBe('no-store');
    }
  });

  it.each(authCalls.map((op) => [op.operationId, op] as const))('%s: without a bearer, its answers and its errors', async (_id, op) => {
    for (const payload of [undefined, {}, { username: 'sita', password: 'wrong-password' }]) {
      const reply = await t.call({ method: op.method as 'GET', url: urlOf(op), ...(payload ? { payload } : {}) });
      expect(reply.headers['cache-control'], `${reply.statusCode} ${reply.body}`).toBe('no-store');
    }
    const unknown = await t.call({ method: 'GET', url: '/API/AUTH/nothing' });
    expect([unknown.statusCode, unknown.headers['cache-control']]).toEqual([404, 'no-store']);
  });

  it('a sign-in with its token', async () => {
    const reply = await login(t, 'sita', PASSWORD);
    expect([reply.statusCode, reply.headers['cache-control']]).toEqual([200, 'no-store']);
  });

  it('but an anonymous public read keeps its own caching (the book list, best sellers, reviews)', async () => {
    for (const url of ['/api/book/all', '/api/book/bestSeller', `/api/review/getReviews/${IDS.munaMadan}`]) {
      const reply = await t.call({ method: 'GET', url });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control'], url).toBeUndefined();
    }
  });
});

describe('security headers', () => {
  let t: TestServer;
  let web: string;
  beforeAll(async () => {
    web = await mkdtemp(join(tmpdir(), 'pustak-web-'));
    folders.push(web);
    await mkdir(join(web, 'assets'));
    await writeFile(join(web, 'index.html'), '<!doctype html><title>Pustak</title><script type="module" src="/assets/app.js"></script>');
    await writeFile(join(web, 'assets/app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
    await writeFile(join(web, 'assets/app.js.map'), '{"version":3,"sources":["../src/secret-source.ts"]}');
    t = await startTestServer({ settings: { webDist: web, publicUrl: 'https://api.shop.example' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const common = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it('on API answers, errors included: nosniff, no referrer, no framing, a policy that allows nothing', async () => {
    for (const request of [
      { method: 'GET', url: '/api/book/bestSeller' },
      { method: 'GET', url: '/api/nothing/here' },
      { method: 'POST', url: '/api/auth/login', payload: { username: 1 } },
      { method: 'GET', url: '/api/order/all' },
      { method: 'POST', url: '/hubs/notification/negotiate?negotiateVersion=1' },
    ] as const) {
      const reply = await t.call(request);
      common(reply.headers);
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    }
  });

  it('on the web app: its own origin and the configured API only, no inline script, no framing', async () => {
    for (const url of ['/', '/admin/books', '/bookDetails/0f0e0000-0000-4000-8000-000000000003']) {
      const reply = await t.call({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(reply.statusCode).toBe(200);
      common(reply.headers);
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toBe(webAppCsp('https://api.shop.example'));
      const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['img-src']).toEqual(["'self'", 'data:', 'https://api.shop.example']);
      expect(directives['connect-src']).toEqual(["'self'", 'https://api.shop.example', 'wss://api.shop.example']);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(csp).not.toMatch(/unsafe|\*/);
    }
    expect((await t.call({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  });

  it('serves no source maps', async () => {
    const map = await t.call({ method: 'GET', url: '/assets/app.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret-source');
    expect((await t.call({ method: 'GET', url: '/assets/APP.JS.MAP?x=1', headers: { accept: 'text/html' } })).body).not.toContain('secret-source');
  });

  it('keeps the sandbox policy of uploaded covers', async () => {
    const cover = await t.call({ method: 'GET', url: new URL(await uploadCover(t, 'ISBN-HDR-1')).pathname });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    common(cover.headers);
  });

  it('sends Strict-Transport-Security only over HTTPS (behind a trusted proxy)', async () => {
    const proxied = await server({ settings: { trustProxy: true } });
    const https = await proxied.call({ method: 'GET', url: '/api/book/bestSeller', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await proxied.call({ method: 'GET', url: '/api/book/bestSeller' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  const preflight = (t: TestServer, origin: string) =>
    t.call({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

  it('allows no other origin by default', async () => {
    const t = await server();
    const reply = await t.call({ method: 'GET', url: '/api/book/bestSeller', headers: { origin: 'https://evil.example' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await preflight(t, 'https://evil.example');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('allows exactly the configured origins, with the headers a client needs', async () => {
    const t = await server({ settings: { corsOrigins: parseCorsOrigins('https://shop.example, http://localhost:5173') } });
    const pre = await preflight(t, 'https://shop.example');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(pre.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(String(pre.headers['access-control-allow-headers'])).toContain('Authorization');
    // A client on another origin may send its own request id and an idempotency key (a retried place order).
    expect(String(pre.headers['access-control-allow-headers'])).toContain('X-Request-Id, Idempotency-Key');
    expect(pre.headers.vary).toBe('Origin');
    const refused = await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'sita', password: 'x' }, headers: { origin: 'http://localhost:5173' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(refused.headers['access-control-expose-headers']).toBe('Retry-After, WWW-Authenticate, X-Request-Id');
    for (const origin of ['https://shop.example.evil.example', 'http://shop.example', 'null']) {
      expect((await t.call({ method: 'GET', url: '/api/book/bestSeller', headers: { origin } })).headers['access-control-allow-origin']).toBeUndefined();
      expect((await preflight(t, origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  const SHOP = 'https://shop.example';
  const allowedFor = (reply: Awaited<ReturnType<TestServer['call']>>, what: string) => {
    expect(reply.headers['access-control-allow-origin'], what).toBe(SHOP);
    expect(reply.headers['access-control-allow-credentials'], what).toBe('true');
    expect(String(reply.headers.vary), what).toMatch(/\bOrigin\b/);
  };

  it('answers the hub’s negotiate and its preflight as @microsoft/signalr sends them from an allowed origin (with credentials)', async () => {
    const t = await server({ settings: { corsOrigins: [SHOP] } });
    const url = '/hubs/notification/negotiate?negotiateVersion=1';
    const pre = await t.call({ method: 'OPTIONS', url, headers: { origin: SHOP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-requested-with,x-signalr-user-agent' } });
    expect(pre.statusCode).toBe(204);
    allowedFor(pre, 'the preflight');
    const allowedHeaders = String(pre.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowedHeaders).toEqual(expect.arrayContaining(['x-requested-with', 'x-signalr-user-agent']));
    const answer = await t.call({ method: 'POST', url, headers: { origin: SHOP, 'x-requested-with': 'XMLHttpRequest', 'x-signalr-user-agent': 'Microsoft SignalR/10.0 (10.0.11; Unknown OS; Browser; Unknown Runtime Version)' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ negotiateVersion: 1, connectionToken: expect.any(String) });
    allowedFor(answer, 'negotiate');
    const elsewhere = await t.call({ method: 'POST', url, headers: { origin: 'https://evil.example' } });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('puts the CORS headers on every error answer for an allowed origin: 404, 401, 403, 415, 422, 413, 429, 500', async () => {
    const tight = { ...DEFAULT_RATE_LIMITS, loginUser: { account: { max: 1, windowMs: MINUTE }, address: { max: 100, windowMs: MINUTE } } };
    const t = await server({ rateLimits: tight, settings: { corsOrigins: [SHOP], log: { info() {}, warn() {}, error() {} } } });
    const headers = { origin: SHOP };
    const customer = await t.login('sita');
    const answers: [number, Awaited<ReturnType<TestServer['call']>>][] = [
      [404, await t.call({ method: 'GET', url: '/api/nothing/here', headers })],
      [404, await t.call({ method: 'GET', url: '/hubs/notification', headers })],
      [401, await t.call({ method: 'GET', url: '/api/order/all', headers })],
      [403, await t.call({ method: 'GET', url: '/api/order/all', token: customer, headers })],
      [415, await t.call({ method: 'POST', url: '/api/auth/login', headers: { ...headers, 'content-type': 'text/plain' }, payload: 'x' })],
      [422, await t.call({ method: 'POST', url: '/api/auth/login', headers, payload: { username: 1 } })],
      [413, await t.call({ method: 'POST', url: '/api/auth/login', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'x' }) })],
    ];
    await t.call({ method: 'POST', url: '/api/auth/login', headers, payload: { username: 'ram', password: 'wrong' } });
    answers.push([429, await t.call({ method: 'POST', url: '/api/auth/login', headers, payload: { username: 'ram', password: 'wrong' } })]);
    // A fault the server did not foresee: the catalogue cache breaks.
    const cache = t.server.services.cache;
    const get = cache.get;
    cache.get = () => Promise.reject(new Error('the cache broke'));
    try {
      answers.push([500, await t.call({ method: 'GET', url: '/api/book/bestSeller', headers })]);
    } finally {
      cache.get = get;
    }
    for (const [status, reply] of answers) {
      expect(reply.statusCode, reply.body).toBe(status);
      allowedFor(reply, `${status} ${reply.body}`);
    }
  });

  it('puts the CORS headers on the 503 of a server that is shutting down', async () => {
    const t = await startTestServer({ settings: { corsOrigins: [SHOP] } });
    try {
      // A signed-in request waits in the sign-in check until the server has begun to close.
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      let arrived!: () => void;
      const waiting = new Promise<void>((done) => (arrived = done));
      const token = await t.login('admin');
      t.server.services.callers.get = async () => {
        arrived();
        await held;
        return { id: IDS.admin, username: 'admin', email: 'admin@pustak.example', role: 'Admin', token_version: 0 } as never;
      };
      const reply = t.call({ method: 'GET', url: '/api/order/all', token, headers: { origin: SHOP } });
      await waiting;
      const closed = t.close();
      release();
      const answer = await reply;
      await closed;
      expect(answer.statusCode, answer.body).toBe(503);
      allowedFor(answer, 'the 503 while shutting down');
    } finally {
      await t.close();
    }
  });

  it('lets a page on an allowed origin read the covers, and any page show them', async () => {
    const t = await server({ settings: { corsOrigins: [SHOP] } });
    const example = (await t.call({ method: 'GET', url: '/api/bookcrud/getallbooks' })).json()[0].imageUrl as string;
    for (const url of [new URL(example).pathname, new URL(await uploadCover(t, 'ISBN-CORS-1')).pathname]) {
      const cover = await t.call({ method: 'GET', url, headers: { origin: SHOP } });
      expect(cover.statusCode, url).toBe(200);
      expect(cover.headers['content-type'], url).toMatch(/^image\//);
      expect(cover.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      allowedFor(cover, url);
    }
    // API answers are not for embedding elsewhere.
    expect((await t.call({ method: 'GET', url: '/api/book/bestSeller' })).headers['cross-origin-resource-policy']).toBeUndefined();
  });

  it('CORS_ORIGINS takes origins only', () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins(' https://Shop.Example/ ,http://localhost:5173')).toEqual(['https://shop.example', 'http://localhost:5173']);
    for (const bad of ['*', 'shop.example', 'https://shop.example/path', 'ftp://shop.example']) expect(() => parseCorsOrigins(bad)).toThrow(/CORS_ORIGINS/);
  });
});

describe('body size', () => {
  it('refuses a JSON body above 1 MiB with 413 before reading it all', async () => {
    const t = await server();
    const reply = await t.call({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'x' }) });
    expect(reply.statusCode).toBe(413);
    expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
    const fine = await t.call({ method: 'PUT', url: `/api/bookcrud/discountOffer/${IDS.munaMadan}`, token: await t.login('admin'), payload: { Discount: 5, StartTime: '2026-01-01T00:00:00Z', EndTime: '2027-01-01T00:00:00Z', IsOnSale: true } });
    expect(fine.statusCode).toBe(200);
  });
});

describe('the token secret', () => {
  const random = () => randomBytes(32).toString('base64url');

  it('production refuses a missing, short, well-known or repetitive secret', () => {
    const production = { production: true };
    expect(jwtSecretProblem(undefined, production)).toMatch(/not set/);
    expect(jwtSecretProblem('a'.repeat(31), production)).toMatch(/too short/);
    for (const known of ['your-256-bit-secret-your-256-bit-secret', 'Super-Secret-Key-That-Is-At-Least-32-Characters-Long', 'production-test-secret-0123456789abcdef', 'a-string-secret-at-least-256-bits-long', 'changeme'.repeat(4)]) {
      expect(jwtSecretProblem(known, production), known).not.toBeNull();
    }
    expect(jwtSecretProblem('0123456789'.repeat(2) + '0'.repeat(12), production)).toBeNull();
    expect(jwtSecretProblem('ab'.repeat(20), production)).toMatch(/too few characters/);
    expect(jwtSecretProblem(random(), production)).toBeNull();
  });

  it('development generates one when none is set, and still refuses a short one', () => {
    expect(jwtSecretProblem(undefined, { production: false })).toBeNull();
    expect(jwtSecretProblem('short', { production: false })).toMatch(/too short/);
  });

  it('the server process refuses to start in production with a well-known secret', async () => {
    await buildServer();
    const dataDir = await mkdtemp(join(tmpdir(), 'pustak-secret-'));
    folders.push(dataDir);
    const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PUSTAK_JWT_SECRET: 'your-256-bit-secret-your-256-bit-secret' };
    const child = spawn(process.execPath, [resolve(import.meta.dirname, '../dist/main.js'), '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (c) => (output += c));
    const code = await new Promise((done) => child.on('exit', done));
    expect(code).toBe(1);
    expect(output).toContain('PUSTAK_JWT_SECRET is a well-known default');
  });
});
