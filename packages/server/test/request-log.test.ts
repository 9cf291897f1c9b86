// The request log (issue 33, part 1): one JSON line per request with its id, route template,
// status, duration and account; the caller's X-Request-Id followed; and no secret in the log of
// a whole purchase: not a password, a token, a one-time code, a reset code or a claim code.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/startup/logging.js';
import { IDS, PASSWORD, lastCode, startTestServer, type TestServer } from './helpers.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ settings: { logger: createLogger({ level: 'info', format: 'json', destination: sink }) } });
});
afterAll(async () => {
  await t?.close();
});

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const requestLines = () => entries().filter((e) => e.msg === 'request');

describe('the request log', () => {
  it('starts without a warning: an operator reads every one', () => {
    expect(entries().filter((e) => e.level !== 'info').map((e) => e.msg)).toEqual([]);
  });

  it('writes one line per request, with the route template and never a secret of a whole purchase', async () => {
    const secrets: Record<string, string> = { password: PASSWORD };
    const newPassword = 'N3w-secret-pass';
    secrets.newPassword = newPassword;
    const email = 'logged@example.com';
    const registered = await t.call({ method: 'POST', url: '/api/Auth/register', payload: { email, username: 'logged', password: PASSWORD, confirmPassword: PASSWORD } });
    expect(registered.statusCode, registered.body).toBe(200);
    const id = registered.json().user.id as string;
    secrets.otp = lastCode(t, email);
    expect((await t.call({ method: 'PUT', url: '/api/auth/verify', payload: { Id: id, VerificationCode: secrets.otp } })).statusCode).toBe(200);
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'logged', password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    secrets.token = login.json().token;
    expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: secrets.token, payload: { bookId: IDS.hillHouse, quantity: 1 } })).statusCode).toBe(200);
    const placed = await t.call({ method: 'POST', url: '/api/order/place', token: secrets.token });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, claimCode } = placed.json().data as { orderId: string; claimCode: string };
    secrets.claimCode = claimCode;
    const staff = await t.login('staff');
    secrets.staffToken = staff;
    const verified = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${orderId}`, token: staff, payload: { ClaimCode: claimCode.toLowerCase(), PaymentMethod: 'Cash' } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail: email } })).statusCode).toBe(200);
    const mail = [...(t.server.services.mailer.outbox ?? [])].reverse().find((m) => m.to === email && /password reset code is/.test(m.text));
    secrets.resetCode = /password reset code is (\d{5})/.exec(mail!.text)![1]!;
    const reset = await t.call({ method: 'POST', url: '/api/auth/reset-password', payload: { usernameOrEmail: email, code: secrets.resetCode, newPassword, confirmPassword: newPassword } });
    expect(reset.statusCode, reset.body).toBe(200);
    // A refused sign-in with a wrong password, and a malformed body, are logged as safely.
    secrets.wrongPassword = 'Wr0ng-pass-typed';
    expect((await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'logged', password: secrets.wrongPassword } })).statusCode).toBe(401);

    const log = lines.join('\n');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(log.includes(secret), `the log carries the ${name}`).toBe(false);
      expect(log.toLowerCase().includes(secret.toLowerCase()), `the log carries the ${name} in another case`).toBe(false);
    }
    // Nor the order's id: routes are templates.
    expect(log).not.toContain(orderId);

    const requests = requestLines();
    expect(requests).toHaveLength(10);
    const handover = requests.find((e) => e.method === 'PUT' && String(e.route).includes('verifyOrder'))!;
    expect(handover).toMatchObject({ level: 'info', route: '/api/staff/verifyOrder/:orderId', status: 200, userId: expect.any(String), requestId: expect.any(String) });
    expect(handover.ms).toEqual(expect.any(Number));
    expect(typeof handover.time).toBe('string');
    const guest = requests.find((e) => e.route === '/api/Auth/register' || e.route === '/api/auth/register')!;
    expect(guest.status).toBe(200);
    expect('userId' in guest).toBe(false);
    expect(requests.at(-1)).toMatchObject({ status: 401, method: 'POST' });
  });

  it("follows the caller's X-Request-Id, and makes one when there is none or it is not a sane id", async () => {
    const followed = await t.call({ method: 'GET', url: '/api/book/all?search=secret-search-text', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(followed.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(requestLines().at(-1)).toMatchObject({ requestId: 'lb-7f3a.42', route: '/api/book/all', status: 200 });
    expect(lines.join('\n')).not.toContain('secret-search-text');
    const made = await t.call({ method: 'GET', url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await t.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\u00e9<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines().at(-1)!.requestId).toBe(odd.headers['x-request-id']);
    // A path no route has is logged without its text.
    await t.call({ method: 'GET', url: '/api/no-such-thing/private-text' });
    expect(requestLines().at(-1)).toMatchObject({ route: '(none)', status: 404 });
    expect(lines.join('\n')).not.toContain('private-text');
  });
});
