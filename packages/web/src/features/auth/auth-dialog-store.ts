import { useSyncExternalStore } from 'react';

export type AuthDialogView = 'signIn' | 'signUp' | 'verify' | 'forgotPassword' | 'resetPassword';

/** The username and password typed at Sign In or Sign Up: what asking for a new code takes. */
export interface AccountCredentials {
  username: string;
  password: string;
}

export interface AuthDialogState {
  /** Which dialog is open, or null. */
  view: AuthDialogView | null;
  /** The new account's id, needed by Verify Email. */
  userId: string | null;
  /** Verify Email: the credentials that can ask for a new code (kept in memory while open). */
  credentials: AccountCredentials | null;
  /** Reset Password: the username or e-mail the code was asked for. */
  usernameOrEmail: string | null;
  /** Sign In: a success message shown above the form (after a password reset). */
  notice: string | null;
  /** Sign In: the username the form starts with. */
  username: string | null;
}

export interface AuthDialogOptions {
  userId?: string | null;
  credentials?: AccountCredentials | null;
  usernameOrEmail?: string | null;
  notice?: string | null;
  username?: string | null;
}

const closed: AuthDialogState = { view: null, userId: null, credentials: null, usernameOrEmail: null, notice: null, username: null };
let state: AuthDialogState = closed;
const listeners = new Set<() => void>();

function set(next: AuthDialogState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Opens a dialog from anywhere, React or not (the 401 handler uses this). */
export function openAuthDialog(view: AuthDialogView, options: AuthDialogOptions = {}) {
  // Verify Email and Reset Password opened again (after a new code) keep what they were opened with.
  const same = view === state.view;
  set({
    view,
    userId: options.userId ?? (view === 'verify' ? state.userId : null),
    credentials: options.credentials ?? (view === 'verify' && same ? state.credentials : null),
    usernameOrEmail: options.usernameOrEmail ?? (view === 'resetPassword' && same ? state.usernameOrEmail : null),
    notice: options.notice ?? null,
    username: options.username ?? null,
  });
}

export function closeAuthDialog() {
  if (state.view !== null) set(closed);
}

export function getAuthDialogState(): AuthDialogState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface AuthDialogControls extends AuthDialogState {
  open: (view: AuthDialogView, options?: AuthDialogOptions) => void;
  close: () => void;
}

/** `const auth = useAuthDialog(); auth.open('signIn')`. */
export function useAuthDialog(): AuthDialogControls {
  const current = useSyncExternalStore(subscribe, getAuthDialogState, getAuthDialogState);
  return { ...current, open: openAuthDialog, close: closeAuthDialog };
}
