import { openAuthDialog } from './auth-dialog-store';
import { getSession } from './session';

/**
 * For a click that needs an account (ADD TO CART, the heart, Submit Review): true when someone
 * is signed in; otherwise opens the sign-in dialog and returns false. It reads the session at
 * the click, not as last rendered: a page the server sent renders as a guest sees it until
 * React has taken it over, and a signed-in visitor's click there must not be asked to sign in.
 */
export function signedInOrAsk(): boolean {
  if (getSession().isSignedIn) return true;
  openAuthDialog('signIn');
  return false;
}
