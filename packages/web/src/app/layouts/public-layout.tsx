import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { Header } from './header';
import styles from './public-layout.module.css';
import { lazy } from '../../lib/lazy';

// Fetched after the page itself has rendered: the footer sits below the fold, the banner
// waits for its own API call anyway, and the toast only shows when a live message arrives.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
const AnnouncementBanner = lazy(() =>
  import('../../features/announcements/announcement-banner').then((m) => ({ default: m.AnnouncementBanner })),
);
const NotificationToast = lazy(() =>
  import('../../features/notifications/notification-toast').then((m) => ({ default: m.NotificationToast })),
);

/** Storefront chrome (never under /admin or /staff): banner, header, live toast, footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Suspense fallback={null}>
        <AnnouncementBanner />
      </Suspense>
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
