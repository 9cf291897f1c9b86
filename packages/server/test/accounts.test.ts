// Accounts a customer can recover (issue 29, part 1): a forgotten password's reset code (the
// registration code's rules: 5 digits, 15 minutes, 5 tries) with the same answer for every name,
// a password change, a new one-time code for an unverified account, and the end of every earlier
// session on a change or reset. The server runs in this process with a clock the test sets.
import { SignJWT } from 'jose';
import { createSecretKey } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDS, PASSWORD, lastCode, newCustomer, startTestServer, type TestServer } from './helpers.js';

const SECRET = 'accounts-test-secret-that-is-long-enough-0123';
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ settings: { jwtSecret: SECRET } });
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'Annapurna#8091';
const forgot = (usernameOrEmail: string) => t.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail } });
const reset = (usernameOrEmail: string, code: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  t.call({ method: 'POST', url: '/api/auth/reset-password', payload: { usernameOrEmail, code, newPassword, confirmPassword } });
const change = (token: string, currentPassword: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  t.call({ method: 'POST', url: '/api/auth/change-password', token, payload: { currentPassword, newPassword, confirmPassword } });
const signIn = (username: string, password: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const myProfile = (token: string, id = IDS.sita) => t.call({ method: 'GET', url: `/api/user/getuserbyid/${id}`, token });
const mailsTo = (email: string) => (t.server.services.mailer.outbox ?? []).filter((mail) => mail.to === email);

function resetCode(email: string): string {
  const mail = [...mailsTo(email)].reverse().find((m) => /password reset code is/.test(m.text));
  const code = mail && /password reset code is (\d{5})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no reset code was mailed to ${email}`);
  return code;
}
const otherThan = (code: string) => (code === '11111' ? '22222' : '11111');

describe('forgot password: the request', () => {
  it('answers an unknown name or address exactly as a known one, and mails only the account', async () => {
    const known = [await forgot('sita'), await forgot('SITA@example.com')];
    const unknown = [await forgot('nobody-here'), await forgot('nobody@example.com')];
    for (const reply of [...known, ...unknown]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe(known[0]!.headers['content-type']);
      expect(reply.body).toBe(known[0]!.body);
    }
    expect(known[0]!.json()).toEqual({ status: 'success', statusCode: 200, message: 'If an account matches, we have e-mailed it a 5-digit code to reset the password.' });
    const outbox = t.server.services.mailer.outbox ?? [];
    expect(outbox.map((mail) => mail.to)).toEqual(['sita@example.com', 'sita@example.com']);
    expect(outbox[0]!.subject).toBe('Your Pustak password reset code');
    expect(resetCode('sita@example.com')).toMatch(/^[1-9]\d{4}$/);
  });

  it('replaces an earlier code with the new one', async () => {
    await forgot('sita');
    const first = resetCode('sita@example.com');
    await forgot('sita');
    const second = resetCode('sita@example.com');
    if (first !== second) expect((await reset('sita', first)).body).toBe('Invalid or expired reset code');
    expect((await reset('sita', second)).statusCode).toBe(200);
  });
});

describe('forgot password: the code', () => {
  it('sets the new password: the old one no longer signs in, the new one does, and the code is spent', async () => {
    await forgot('sita@example.com');
    const code = resetCode('sita@example.com');
    const done = await reset('sita@example.com', code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ status: 'success', statusCode: 200, message: 'Password reset successfully. You can sign in now.', username: 'sita' });
    expect((await signIn('sita', PASSWORD)).body).toBe('Invalid username or password');
    expect((await signIn('sita', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset('sita@example.com', code, 'Another#Pass1')).body).toBe('Invalid or expired reset code');
  });

  it('expires after 15 minutes (the same answer as a wrong code)', async () => {
    await forgot('sita');
    const code = resetCode('sita@example.com');
    t.clock.advance(15 * 60_000 - 1000);
    t.clock.advance(2000);
    const late = await reset('sita', code);
    expect(late.statusCode).toBe(400);
    expect(late.headers['content-type']).toMatch(/^text\/plain/);
    expect(late.body).toBe('Invalid or expired reset code');
    expect((await signIn('sita', PASSWORD)).statusCode).toBe(200);
  });

  it('is still good just before its 15 minutes are up', async () => {
    await forgot('sita');
    const code = resetCode('sita@example.com');
    t.clock.advance(15 * 60_000 - 1000);
    expect((await reset('sita', code)).statusCode).toBe(200);
  });

  it('allows 5 wrong tries, then not even the right code', async () => {
    await forgot('sita');
    const code = resetCode('sita@example.com');
    for (let i = 0; i < 5; i += 1) expect((await reset('sita', otherThan(code))).body).toBe('Invalid or expired reset code');
    const right = await reset('sita', code);
    expect(right.statusCode).toBe(400);
    expect(right.body).toBe('Invalid or expired reset code');
    expect((await signIn('sita', PASSWORD)).statusCode).toBe(200);
    // A new request gives new tries.
    await forgot('sita');
    expect((await reset('sita', resetCode('sita@example.com'))).statusCode).toBe(200);
  });

  it('answers an unknown account, and an account that asked for no code, as a wrong code', async () => {
    for (const name of ['nobody-here', 'nobody@example.com', 'ram']) {
      const reply = await reset(name, '12345');
      expect(reply.statusCode, name).toBe(400);
      expect(reply.body, name).toBe('Invalid or expired reset code');
    }
  });

  it('checks the new password as registration does, before the code, counting no try', async () => {
    await forgot('sita');
    const code = resetCode('sita@example.com');
    for (let i = 0; i < 6; i += 1) expect((await reset('sita', code, NEW_PASSWORD, `${NEW_PASSWORD}x`)).body).toBe('Passwords do not match');
    expect((await reset('sita', code, 'short1')).body).toBe('Password must be at least 8 characters long');
    expect((await reset('sita', code, '          ')).body).toBe('Password must contain a character other than a space');
    expect((await reset('sita', code)).statusCode).toBe(200);
  });

  it('verifies an account that was never verified: the code proved the address', async () => {
    await t.call({ method: 'POST', url: '/api/Auth/register', payload: { email: 'lost@example.com', username: 'lost', password: PASSWORD, confirmPassword: PASSWORD } });
    expect((await signIn('lost', PASSWORD)).body).toBe('Please Verify user Account !');
    await forgot('lost');
    expect((await reset('lost', resetCode('lost@example.com'))).statusCode).toBe(200);
    expect((await signIn('lost', NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a password change or reset ends every earlier session', () => {
  it('refuses a token issued before a reset with 401, on every authenticated call', async () => {
    const before = await t.login('sita');
    expect((await myProfile(before)).statusCode).toBe(200);
    await forgot('sita');
    expect((await reset('sita', resetCode('sita@example.com'))).statusCode).toBe(200);
    const refused = await myProfile(before);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect((await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token: before })).statusCode).toBe(401);
    const after = await t.login('sita', NEW_PASSWORD);
    expect((await myProfile(after)).statusCode).toBe(200);
  });

  it('refuses every token issued before a change, and answers a new one that works', async () => {
    const first = await t.login('sita');
    const second = await t.login('sita');
    const changed = await change(first, PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'success', statusCode: 200, message: 'Password changed successfully', user: { id: IDS.sita, username: 'sita' } });
    for (const old of [first, second]) expect((await myProfile(old)).statusCode).toBe(401);
    expect((await myProfile(changed.json().token)).statusCode).toBe(200);
    expect((await signIn('sita', PASSWORD)).statusCode).toBe(401);
    expect((await signIn('sita', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps accepting a token of the previous release (no version) until the password changes', async () => {
    const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
    const issuedAt = Math.floor(t.clock.now().getTime() / 1000);
    const legacy = await new SignJWT({ username: 'sita', email: 'sita@example.com', role: 'User' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(IDS.sita)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 86_400)
      .sign(key);
    expect((await myProfile(legacy)).statusCode).toBe(200);
    expect((await change(await t.login('sita'), PASSWORD)).statusCode).toBe(200);
    expect((await myProfile(legacy)).statusCode).toBe(401);
  });

  it("lets a previous release's account (inserted without the new columns) sign in, reset and change", async () => {
    await sql`insert into users (id, username, email, password_hash, role, is_verified, created_at)
      select gen_random_uuid(), 'oldrelease', 'oldrelease@example.com', password_hash, 'User', true, now() from users where username = 'sita'`.execute(t.server.services.db);
    const token = await t.login('oldrelease');
    await forgot('oldrelease');
    expect((await reset('oldrelease', resetCode('oldrelease@example.com'))).statusCode).toBe(200);
    expect((await change(await t.login('oldrelease', NEW_PASSWORD), NEW_PASSWORD, 'Third#Password3')).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token })).statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('refuses a wrong current password in plain text, and changes nothing', async () => {
    const token = await t.login('sita');
    const reply = await change(token, 'not-my-password');
    expect(reply.statusCode).toBe(400);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toBe('Current password is incorrect');
    expect((await myProfile(token)).statusCode).toBe(200);
    expect((await signIn('sita', PASSWORD)).statusCode).toBe(200);
  });

  it('checks the new password as registration does', async () => {
    const token = await t.login('sita');
    expect((await change(token, PASSWORD, NEW_PASSWORD, 'different1')).body).toBe('Passwords do not match');
    expect((await change(token, PASSWORD, 'short1')).body).toBe('Password must be at least 8 characters long');
    expect((await change(token, PASSWORD, ' '.repeat(9))).body).toBe('Password must contain a character other than a space');
    expect((await myProfile(token)).statusCode).toBe(200);
  });

  it('works for staff and admins too', async () => {
    for (const name of ['staff', 'admin']) {
      const changed = await change(await t.login(name), PASSWORD);
      expect(changed.statusCode, name).toBe(200);
      expect(changed.json().user.username).toBe(name);
    }
  });
});

describe('a new one-time code for an unverified account', () => {
  const resend = (username: string, password: string) => t.call({ method: 'POST', url: '/api/auth/resend-code', payload: { username, password } });

  it("mails a new code that replaces the old one, and answers the account's id", async () => {
    const registered = await t.call({ method: 'POST', url: '/api/Auth/register', payload: { email: 'again@example.com', username: 'again', password: PASSWORD, confirmPassword: PASSWORD } });
    const old = lastCode(t, 'again@example.com');
    t.clock.advance(20 * 60_000); // the first code has expired
    const reply = await resend('again', PASSWORD);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ status: 'success', statusCode: 200, user: { id: registered.json().user.id, username: 'again', isVerified: false } });
    const fresh = lastCode(t, 'again@example.com');
    expect(mailsTo('again@example.com')).toHaveLength(2);
    if (fresh !== old) expect((await t.call({ method: 'PUT', url: '/api/auth/verify', payload: { Id: reply.json().user.id, VerificationCode: old } })).statusCode).toBe(400);
    expect((await t.call({ method: 'PUT', url: '/api/auth/verify', payload: { Id: reply.json().user.id, VerificationCode: fresh } })).statusCode).toBe(200);
    expect((await signIn('again', PASSWORD)).statusCode).toBe(200);
  });

  it('gives back the 5 tries', async () => {
    const registered = await t.call({ method: 'POST', url: '/api/Auth/register', payload: { email: 'tries@example.com', username: 'tries', password: PASSWORD, confirmPassword: PASSWORD } });
    const id = registered.json().user.id;
    const wrong = otherThan(lastCode(t, 'tries@example.com'));
    for (let i = 0; i < 5; i += 1) await t.call({ method: 'PUT', url: '/api/auth/verify', payload: { Id: id, VerificationCode: wrong } });
    expect((await resend('tries', PASSWORD)).statusCode).toBe(200);
    expect((await t.call({ method: 'PUT', url: '/api/auth/verify', payload: { Id: id, VerificationCode: lastCode(t, 'tries@example.com') } })).statusCode).toBe(200);
  });

  it('answers a wrong password or an unknown name as sign-in does, and a verified account with 400, mailing nothing', async () => {
    await t.call({ method: 'POST', url: '/api/Auth/register', payload: { email: 'guarded@example.com', username: 'guarded', password: PASSWORD, confirmPassword: PASSWORD } });
    for (const [username, password] of [['guarded', 'wrong-password'], ['nobody-here', PASSWORD]] as const) {
      const reply = await resend(username, password);
      expect(reply.statusCode).toBe(401);
      expect(reply.body).toBe('Invalid username or password');
    }
    const verified = await resend('sita', PASSWORD);
    expect(verified.statusCode).toBe(400);
    expect(verified.body).toBe('User is already verified');
    expect(mailsTo('guarded@example.com')).toHaveLength(1);
    expect(mailsTo('sita@example.com')).toHaveLength(0);
  });
});

describe('the new customer helper', () => {
  it('still registers, verifies and signs in (the token carries version 0)', async () => {
    const { token } = await newCustomer(t, 'helper');
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.ver).toBe(0);
  });
});
