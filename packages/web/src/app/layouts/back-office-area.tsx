import { type ReactNode, createContext, useCallback, useContext, useState } from 'react';
import { Navigate } from 'react-router';
import { RequireRole, signOut } from '../../features/auth';
import { type BackOfficeRole } from './back-office-nav';

const LogoutContext = createContext<() => void>(() => signOut());

/** Logout for the back-office layout: clears token, role and userId and goes to /. */
export function useLogout(): () => void {
  return useContext(LogoutContext);
}

/**
 * The guard around an area (RequireRole: guest -> / with sign-in; other role -> /). Logging
 * out marks the area as left first, so the guard does not treat the now signed-out user as
 * a guest and open the sign-in dialog on the way to /.
 */
export function BackOfficeArea({ role, children }: { role: BackOfficeRole; children: ReactNode }) {
  const [leaving, setLeaving] = useState(false);
  const logout = useCallback(() => {
    setLeaving(true);
    signOut();
  }, []);
  if (leaving) return <Navigate to="/" replace />;
  return (
    <LogoutContext.Provider value={logout}>
      <RequireRole role={role}>{children}</RequireRole>
    </LogoutContext.Provider>
  );
}
