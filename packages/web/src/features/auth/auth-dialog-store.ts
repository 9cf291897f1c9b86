import { useSyncExternalStore } from 'react';

export type AuthDialogView = 'signIn' | 'signUp' | 'verify';

export interface AuthDialogState {
  /** Which dialog is open, or null. */
  view: AuthDialogView | null;
  /** The new account's id, needed by Verify Email. */
  userId: string | null;
}

const closed: AuthDialogState = { view: null, userId: null };
let state: AuthDialogState = closed;
const listeners = new Set<() => void>();

function set(next: AuthDialogState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Opens a dialog from anywhere, React or not (the 401 handler uses this). */
export function openAuthDialog(view: AuthDialogView, options: { userId?: string | null } = {}) {
  set({ view, userId: options.userId ?? (view === 'verify' ? state.userId : null) });
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
  open: (view: AuthDialogView, options?: { userId?: string | null }) => void;
  close: () => void;
}

/** `const auth = useAuthDialog(); auth.open('signIn')`. */
export function useAuthDialog(): AuthDialogControls {
  const current = useSyncExternalStore(subscribe, getAuthDialogState, getAuthDialogState);
  return { ...current, open: openAuthDialog, close: closeAuthDialog };
}
