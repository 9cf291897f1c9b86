// The app's session on the SDK's session (session.ts): the legacy keys (token, role, userId)
// cleared at the token's expiry with every useSession() consumer told, and the 401 reaction
// (the sign-in dialog) for a signed-in call refused only, never for a wrong password at sign-in.
import { AuthenticationError } from '@pustak/sdk';
import { act, renderHook } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppClient } from '../../lib/api-client';
import { SESSION_KEYS, appSession, signIn, useSession } from './session';

const NOW = new Date('2026-03-01T10:00:00Z');
const USER_ID = '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a03';

/** An unsigned JWT-shaped token expiring `seconds` after NOW (the app never verifies it). */
function jwt(seconds: number): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: USER_ID, exp: Math.floor(NOW.getTime() / 1000) + seconds })}.signature`;
}

const stored = () => Object.values(SESSION_KEYS).map((key) => localStorage.getItem(key));
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The app's client on the app's session over a fake fetch, and what its 401 reaction saw. */
function appClient(answer: (request: Request) => Response) {
  const unauthorized = vi.fn();
  const sent: Request[] = [];
  const client = createAppClient({
    baseUrl: 'http://api.test/api',
    session: appSession,
    onUnauthorized: unauthorized,
    maxRetries: 0,
    fetch: async (request) => {
      sent.push(request);
      return answer(request);
    },
  });
  return { client, unauthorized, sent };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the app session', () => {
  it('signs out at the token\'s expiry: token, role and user id are gone and every reader sees a guest', async () => {
    vi.useFakeTimers({ now: NOW });
    const token = jwt(60);
    signIn({ token, role: 'User', userId: USER_ID });
    const { result } = renderHook(() => useSession());
    expect(result.current).toMatchObject({ isSignedIn: true, token, role: 'User', userId: USER_ID });

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(result.current.isSignedIn).toBe(true);
    expect(stored()).toEqual([token, 'User', USER_ID]);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toMatchObject({ isSignedIn: false, token: null, role: null, userId: null });
    expect(stored()).toEqual([null, null, null]);
  });

  it('sends no expired token: a signed-in call after the expiry is refused before it goes out, as a 401', async () => {
    vi.useFakeTimers({ now: NOW });
    signIn({ token: jwt(60), role: 'User', userId: USER_ID });
    const { client, unauthorized, sent } = appClient(() => json({ status: 'success', data: [], totals: null }, 200));
    // The clock jumps past the expiry without the timer firing (a sleeping laptop).
    vi.setSystemTime(NOW.getTime() + 61_000);

    await expect(client.cart.list()).rejects.toBeInstanceOf(AuthenticationError);
    expect(sent).toHaveLength(0);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual([null, null, null]);
  });

  it('opens the 401 flow for a signed-in call refused, not for a wrong password at sign-in', async () => {
    vi.useFakeTimers({ now: NOW });
    const token = jwt(3600);
    signIn({ token, role: 'User', userId: USER_ID });
    const { client, unauthorized } = appClient((request) =>
      request.url.endsWith('/auth/login')
        ? json({ statusCode: 401, message: 'Invalid username or password' }, 401)
        : json({ statusCode: 401, message: 'Unauthorized' }, 401));
    const { result } = renderHook(() => useSession());

    const wrongPassword = client.auth.login({ username: 'sita', password: 'wrong' });
    await expect(wrongPassword).rejects.toBeInstanceOf(AuthenticationError);
    expect(unauthorized).not.toHaveBeenCalled();
    expect(result.current.isSignedIn).toBe(true);
    expect(stored()).toEqual([token, 'User', USER_ID]);

    await expect(client.cart.list()).rejects.toBeInstanceOf(AuthenticationError);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.isSignedIn).toBe(false);
    expect(stored()).toEqual([null, null, null]);
  });

  it("takes a page sent for a guest over without rendering the session's readers again", async () => {
    localStorage.clear();
    let renders = 0;
    function Greeting() {
      renders++;
      return <p>{useSession().isSignedIn ? 'Welcome back' : 'Sign in'}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Greeting />);
    document.body.append(container);
    renders = 0;
    // Each render after hydration would be one more task on a slow phone, with nothing to change.
    await act(async () => {
      hydrateRoot(container, <Greeting />);
    });
    expect(container.textContent).toBe('Sign in');
    expect(renders).toBe(1);
    container.remove();
  });
});
