import { roleRedirect } from '@pustak/sdk/domain';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { openAuthDialog } from './auth-dialog-store';
import { useSession } from './session';

/**
 * Role redirect on load and on every navigation: a stored Admin outside /admin goes to
 * /admin, a stored Staff outside /staff goes to /staff (spec section 4).
 */
export function RoleRedirect({ children }: { children: ReactNode }) {
  const { role } = useSession();
  const { pathname } = useLocation();
  const target = roleRedirect(role, pathname);
  if (target) return <Navigate to={target} replace />;
  return <>{children}</>;
}

/** Opens the sign-in dialog once when mounted (used while redirecting a guest). */
export function OpenSignIn() {
  useEffect(() => {
    openAuthDialog('signIn');
  }, []);
  return null;
}

/**
 * Guard for customer pages (/myOrders, /wishlist, /cart): with no stored token the sign-in
 * dialog opens and the user goes to /. Use as a layout route element or with children.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isSignedIn } = useSession();
  if (!isSignedIn) {
    return (
      <>
        <OpenSignIn />
        <Navigate to="/" replace />
      </>
    );
  }
  return <>{children ?? <Outlet />}</>;
}
