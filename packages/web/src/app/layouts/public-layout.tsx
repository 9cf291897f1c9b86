import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { AnnouncementBanner } from '../../features/announcements';
import { scheduleWithTimeout, useAppConfig } from '../../lib/app-config';
import { Header } from './header';
import styles from './public-layout.module.css';
import { lazy } from '../../lib/lazy';

// Fetched after the page itself has rendered: the footer sits below the fold and the toast
// only shows when a live message arrives. The banner ships with the layout: the first paint
// waits for it (its data is preloaded by index.html while the app's code downloads).
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
const NotificationToast = lazy(() =>
  import('../../features/notifications/notification-toast').then((m) => ({ default: m.NotificationToast })),
);

/**
 * How long the storefront stays unpainted waiting to know whether the announcement banner shows.
 * It is normally known before the app's code has run; past this the page shows without it, and a
 * banner that comes later pushes the page down.
 */
export const BANNER_WAIT_MS = 1500;

/** Storefront chrome (never under /admin or /staff): banner, header, live toast, footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  const bannerKnown = useBannerKnown();

  return (
    // Rendered (so the page's chunk and data load) but not painted until the banner's space is
    // known: the first paint has the banner in place, and nothing shifts when it arrives.
    <div className={styles.shell} data-awaiting-banner={bannerKnown.known ? undefined : ''}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AnnouncementBanner onSettled={bannerKnown.settle} />
      <Header />
      <Suspense fallback={null}>
        <NotificationToast />
      </Suspense>
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* The header stays while a page's chunk loads on first visit. */}
        <Suspense fallback={<Spinner label="Loading page" centered />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}

/** Whether the banner's state is known, or BANNER_WAIT_MS went by without it. */
function useBannerKnown() {
  const [settled, setSettled] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const { schedule = scheduleWithTimeout } = useAppConfig();
  useEffect(() => schedule(() => setGaveUp(true), BANNER_WAIT_MS), [schedule]);
  const settle = useCallback(() => setSettled(true), []);
  return { known: settled || gaveUp, settle };
}
