// Bearer tokens: a token checked once is remembered (its signature is not checked again on
// every request), but never past its expiry, and a forged one is never taken for it.
import { describe, expect, it } from 'vitest';
import { createTokenService, TOKEN_LIFETIME_SECONDS } from '../src/auth/tokens.js';
import { manualClock } from '../src/clock.js';

const SECRET = 'tokens-test-secret-that-is-long-enough-0123';
const SITA = { id: '00000000-0000-4000-8000-000000000001', username: 'sita', email: 'sita@example.com', role: 'User' as const };

describe('bearer tokens', () => {
  it('are accepted again and again until they expire, then refused', async () => {
    const clock = manualClock('2026-11-23T10:00:00Z');
    const tokens = createTokenService(SECRET, clock);
    const token = await tokens.issue(SITA);
    expect(await tokens.read(token)).toEqual({ ...SITA, version: 0 });
    clock.advance(TOKEN_LIFETIME_SECONDS * 1000 - 1000);
    expect(await tokens.read(token)).toEqual({ ...SITA, version: 0 });
    clock.advance(1000);
    expect(await tokens.read(token)).toBeNull();
    expect(await tokens.read(token)).toBeNull();
  });

  it('refuses a token signed with another secret, or changed, after the real one was accepted', async () => {
    const clock = manualClock('2026-11-23T10:00:00Z');
    const tokens = createTokenService(SECRET, clock);
    const token = await tokens.issue(SITA);
    expect(await tokens.read(token)).not.toBeNull();
    const forged = await createTokenService(`${SECRET}-other`, clock).issue({ ...SITA, role: 'Admin' });
    expect(await tokens.read(forged)).toBeNull();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: SITA.id, username: 'sita', email: SITA.email, role: 'Admin', ver: 0, iat: 1, exp: 4_000_000_000 })).toString('base64url');
    expect(await tokens.read(`${header}.${payload}.${signature}`)).toBeNull();
  });
});
