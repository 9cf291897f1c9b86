import { type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { OpenSignIn } from './guards';
import { useSession } from './session';

/**
 * Guard for the back office: a guest goes to / with the sign-in dialog open; a signed-in
 * user with another role goes to / (Admin/Staff are then moved to their own area by RoleRedirect).
 */
export function RequireRole({ role, children }: { role: 'Admin' | 'Staff'; children?: ReactNode }) {
  const session = useSession();
  if (!session.isSignedIn) {
    return (
      <>
        <OpenSignIn />
        <Navigate to="/" replace />
      </>
    );
  }
  if (session.role !== role) return <Navigate to="/" replace />;
  return <>{children ?? <Outlet />}</>;
}
