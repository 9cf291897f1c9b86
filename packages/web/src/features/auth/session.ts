import { type TokenStore, createSession, localStorageTokenStore, tokenExpiry } from '@pustak/sdk';
import { useSyncExternalStore } from 'react';

/** localStorage keys, exactly as the legacy client used them. */
export const SESSION_KEYS = { token: 'token', role: 'role', userId: 'userId' } as const;

export interface Session {
  token: string | null;
  /** 'Admin' | 'Staff' | 'User' as the server spells it, or null when signed out. */
  role: string | null;
  userId: string | null;
  /** Signed-in state is "a token is stored" (spec section 4), one that has not expired. */
  isSignedIn: boolean;
}

const listeners = new Set<() => void>();

/** What the server renders, and what React hydrates a page it sent against: nobody signed in. */
const SIGNED_OUT: Session = { token: null, role: null, userId: null, isSignedIn: false };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy mode); the app then behaves as signed out.
    return null;
  }
}

/** A token past its `exp` is no session: the SDK's session clears it at that moment (or at its next call). */
function isExpired(token: string): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && Date.now() >= expiry.getTime();
}

function read(): Session {
  const store = storage();
  const stored = store?.getItem(SESSION_KEYS.token) || null;
  const token = stored && !isExpired(stored) ? stored : null;
  // A guest's session is the one object the server's render had (useSession below): React then
  // finds nothing changed after hydrating a page sent for a guest, and renders nothing again.
  if (token === null) return SIGNED_OUT;
  const role = store?.getItem(SESSION_KEYS.role) || null;
  const userId = store?.getItem(SESSION_KEYS.userId) || null;
  return { token, role, userId, isSignedIn: true };
}

let snapshot: Session = read();

function refresh() {
  const next = read();
  if (next.token !== snapshot.token || next.role !== snapshot.role || next.userId !== snapshot.userId) {
    snapshot = next;
    listeners.forEach((listener) => listener());
  }
}

/** The SDK's localStorage store under the legacy keys (token, role), as the legacy client kept them. */
const sdkStore = localStorageTokenStore(() => window.localStorage, SESSION_KEYS);

/** That store, clearing the user id beside them (set by signIn below), so a session ends with all three gone. */
const legacyKeysStore: TokenStore = {
  ...sdkStore,
  clear: () => {
    void sdkStore.clear();
    storage()?.removeItem(SESSION_KEYS.userId);
  },
};

/**
 * The app's SDK session (the client's `session`, main.tsx): it reads the token's `exp` and signs
 * out at that moment, never sends an expired token, and ends when the server refuses it; each
 * end reaches every useSession() consumer at once.
 */
export const appSession = createSession({ store: legacyKeysStore, onSessionEnd: refresh });

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes this tab too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(SESSION_KEYS).includes(event.key as never)) refresh();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Current session without subscribing (for non-React code such as the live connection's token). */
export function getSession(): Session {
  refresh();
  return snapshot;
}

/** The stored bearer token while it is valid, read fresh on every call. */
export function getToken(): string | null {
  return getSession().token;
}

/** Stores token, role and user id and notifies every useSession() consumer. */
export function signIn({ token, role, userId }: { token: string; role: string; userId: string }) {
  storage()?.setItem(SESSION_KEYS.userId, userId);
  // The store is written before signIn's first await: the session below reads it at once.
  void appSession.signIn(token, role);
  refresh();
}

/** Removes token, role and user id. */
export function signOut() {
  void appSession.signOut();
  refresh();
}

const signedOut = () => SIGNED_OUT;

/**
 * The reactive session: `{ token, role, userId, isSignedIn }`. While React hydrates a page the
 * server sent (always as a guest sees it), it is the signed-out session, so the markup matches;
 * React then renders again at once with the stored one.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, signedOut);
}
