// Public surface of the auth feature: the session, the sign-in dialogs' store, the guards and
// the signed-in user's record. The dialogs themselves load lazily (app/app-root.tsx).
export { useCurrentUser } from './api/use-current-user';
export { ChangePasswordForm } from './change-password-form';
export {
  type AuthDialogView,
  closeAuthDialog,
  getAuthDialogState,
  openAuthDialog,
  useAuthDialog,
} from './auth-dialog-store';
export { RequireAuth, RoleRedirect } from './guards';
export { RequireRole } from './require-role';
export { signedInOrAsk } from './signed-in-or-ask';
export { authKeys } from './query-keys';
export { type Session, appSession, getSession, getToken, signIn, signOut, useSession } from './session';
