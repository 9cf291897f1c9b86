import { AuthenticationError } from './errors.js';

/**
 * Where a {@link Session} keeps its bearer token: {@link memoryTokenStore},
 * {@link localStorageTokenStore}, or the caller's own (a file, a keychain...).
 */
export interface TokenStore {
  /** The stored token, or nothing when signed out. */
  get(): string | null | undefined | Promise<string | null | undefined>;
  /** Keeps the token (and the role the sign-in answered, when given). */
  set(token: string, role?: string | null): void | Promise<void>;
  /** Forgets the token and the role. */
  clear(): void | Promise<void>;
}

/** Why a session ended: its token expired, the server refused it, or `signOut()` was called. */
export type SessionEndReason = 'expired' | 'refused' | 'signedOut';

/** Options of {@link createSession}. */
export interface SessionOptions {
  /** Where the token lives (default: {@link memoryTokenStore}). */
  store?: TokenStore | undefined;
  /**
   * Signs in again when the server refuses the session's token (401) or the token has
   * expired: resolves to a new token, or null to stay signed out. Called at most once per
   * call, never for the public operations (sign-in itself included); concurrent calls share
   * one sign-in.
   */
  reauthenticate?: (() => Promise<string | null>) | undefined;
  /** Called once each time the session ends, after the store was cleared. */
  onSessionEnd?: ((reason: SessionEndReason) => void) | undefined;
}

/** A signed-in state the client sends its calls with (`createPustakClient({ session })`). */
export interface Session {
  /** Stores the token of a sign-in (and its role) and watches its expiry. */
  signIn(token: string, role?: string | null): Promise<void>;
  /** Clears the store; `onSessionEnd('signedOut')`. */
  signOut(): Promise<void>;
  /** The stored token while it is valid; null when there is none or it expired (which ends the session). */
  token(): Promise<string | null>;
  /** When the stored token expires (its `exp`), or null (none stored, or a token without `exp`). */
  expiresAt(): Promise<Date | null>;
}

/** A call refused before it was sent: the session's token had expired and no new one came. */
export class SessionExpiredError extends AuthenticationError {
  override readonly name: string = 'SessionExpiredError';

  constructor(operation: string) {
    super({ status: 401, body: undefined, operation });
    this.message = `The session expired; sign in again (${operation} was not sent)`;
  }
}

/** What the client asks of a session; kept off the public {@link Session} type. */
export interface SessionControl {
  /** The token to send (null when signed out); `expired`: the stored one had expired, and the session just ended. */
  authorize(): Promise<{ token: string | null; expired: boolean }>;
  /** Whether {@link renew} can bring a new token. */
  readonly renews: boolean;
  /**
   * A new token after the server refused `refused` (null: after the stored one expired), from
   * `reauthenticate`; null when none came, which ends the session.
   */
  renew(refused: string | null): Promise<string | null>;
  /** The server refused `token`: ends the session if it is still the stored one. */
  refuse(token: string): Promise<void>;
  /** The error of a call that found the session expired and got no new token. */
  expiredError(operation: string): Error;
}

const controls = new WeakMap<Session, SessionControl>();

/** The client's side of a session made by {@link createSession}. */
export function controlOf(session: Session): SessionControl {
  const control = controls.get(session);
  if (!control) throw new TypeError('session must be made by createSession()');
  return control;
}

/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A session over a token store: it reads each token's expiry (the JWT's `exp`, decoded, not
 * verified: the server verifies), signs out at that moment (clears the store,
 * `onSessionEnd('expired')`), never sends an expired token, and signs in again through
 * `reauthenticate` when it has one.
 */
export function createSession(options: SessionOptions = {}): Session {
  const store = options.store ?? memoryTokenStore();
  const { reauthenticate, onSessionEnd } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watched: string | null = null;
  let renewing: Promise<string | null> | undefined;

  const end = async (reason: SessionEndReason) => {
    clearTimeout(timer);
    watched = null;
    await store.clear();
    try {
      onSessionEnd?.(reason);
    } catch (handlerError) {
      console.error('[pustak] onSessionEnd handler threw', handlerError);
    }
  };

  /** Ends the session at the token's expiry, if the store still holds that token then. */
  const watch = (token: string) => {
    if (watched === token) return;
    clearTimeout(timer);
    watched = token;
    const expiry = tokenExpiry(token);
    if (!expiry) return;
    timer = setTimeout(() => {
      watched = null;
      void current().catch((error: unknown) => console.error('[pustak] session expiry check failed', error));
    }, Math.min(Math.max(0, expiry.getTime() - Date.now()), MAX_TIMER_MS));
    // A Node script is not kept alive just to sign out.
    (timer as { unref?: () => void }).unref?.();
  };

  /** The stored token; an expired one ends the session and reads as none. */
  const current = async (): Promise<{ token: string | null; expired: boolean }> => {
    const token = (await store.get()) || null;
    if (token && isExpired(token)) {
      await end('expired');
      return { token: null, expired: true };
    }
    if (token) watch(token);
    return { token, expired: false };
  };

  const control: SessionControl = {
    expiredError: (operation) => new SessionExpiredError(operation),
    authorize: current,
    renews: reauthenticate !== undefined,
    renew(refused) {
      if (!reauthenticate) return Promise.resolve(null);
      renewing ??= (async () => {
        // A call refused while another call's sign-in was under way takes that sign-in's token.
        const { token: stored, expired } = await current();
        if (stored !== null && stored !== refused) return stored;
        // Signed out while the refused call was under way: that stays so.
        if (stored === null && refused !== null && !expired) return null;
        const token = await reauthenticate().catch((error: unknown) => {
          console.error('[pustak] reauthenticate failed', error);
          return null;
        });
        if (token && !isExpired(token)) {
          await store.set(token);
          watch(token);
          return token;
        }
        if (stored !== null) await end('refused');
        return null;
      })().finally(() => {
        renewing = undefined;
      });
      return renewing;
    },
    async refuse(token) {
      if ((await store.get()) === token) await end('refused');
    },
  };

  const session: Session = {
    async signIn(token, role) {
      await store.set(token, role);
      watch(token);
    },
    signOut: () => end('signedOut'),
    token: async () => (await current()).token,
    async expiresAt() {
      const token = await session.token();
      return token ? tokenExpiry(token) : null;
    },
  };
  controls.set(session, control);
  // A token stored by an earlier run (localStorage) is watched from the start.
  void current().catch((error: unknown) => console.error('[pustak] reading the token store failed', error));
  return session;
}

/** A token store in memory: for scripts and tests; gone with the process. */
export function memoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
    clear: () => {
      token = null;
    },
  };
}

/** The localStorage keys the web app keeps its session under. */
export const WEB_SESSION_KEYS = { token: 'token', role: 'role' } as const;

/**
 * A token store in `localStorage` (or another `Storage`), under the web app's keys
 * (`token` and `role`), so a page and the SDK share one sign-in. A blocked storage (privacy
 * mode) reads as signed out.
 */
export function localStorageTokenStore(
  storage: Storage | (() => Storage) = () => globalThis.localStorage,
  keys: { token: string; role: string } = WEB_SESSION_KEYS,
): TokenStore {
  const open = (): Storage | null => {
    try {
      return typeof storage === 'function' ? storage() : storage;
    } catch {
      return null;
    }
  };
  return {
    get: () => open()?.getItem(keys.token) ?? null,
    set: (token, role) => {
      const store = open();
      store?.setItem(keys.token, token);
      if (role) store?.setItem(keys.role, role);
    },
    clear: () => {
      const store = open();
      store?.removeItem(keys.token);
      store?.removeItem(keys.role);
    },
  };
}

/** A JWT's `exp` as a Date, decoded without verifying; null for a token that is not a JWT or has none. */
export function tokenExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    const exp = typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

function isExpired(token: string): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && Date.now() >= expiry.getTime();
}
