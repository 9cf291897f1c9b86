import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { RoleRedirect, useAuthDialog } from '../features/auth';
import { LiveNotificationsProvider } from '../features/notifications';
import { RouteErrorBoundary } from './route-error';
import { lazy } from '../lib/lazy';

/** Root route: role redirect, the auth dialogs and the live connection around every page. */
export function AppRoot() {
  const { pathname } = useLocation();
  return (
    <LiveNotificationsProvider>
      <RoleRedirect>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<AppRootFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </RoleRedirect>
      <LazyAuthDialogs />
    </LiveNotificationsProvider>
  );
}

const AuthDialogs = lazy(() => import('../features/auth/auth-dialogs').then((m) => ({ default: m.AuthDialogs })));

/** The sign-in/sign-up/verify forms are fetched the first time one of them opens. */
function LazyAuthDialogs() {
  const { view } = useAuthDialog();
  const [wanted, setWanted] = useState(false);
  if (view !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}

/** Shown while the first lazy route module loads. */
export function AppRootFallback() {
  return <Spinner label="Loading Pustak" centered />;
}
