import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/spinner';
import { AnnouncementBanner } from '../../features/announcements';
import { Header } from './header';
import styles from './public-layout.module.css';
import { ReplayHeldClicks } from '../../lib/held-clicks';
import { lazy } from '../../lib/lazy';

// Fetched after the page itself has rendered: the footer sits below the fold and the toast
// only shows when a live message arrives. The banner ships with the layout: its space is known
// from the page the server sent (AnnouncementBanner), and the first paint never waits for it.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
const NotificationToast = lazy(() =>
  import('../../features/notifications/notification-toast').then((m) => ({ default: m.NotificationToast })),
);

/** Storefront chrome (never under /admin or /staff): banner, header, live toast, footer. */
export function PublicLayout() {

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AnnouncementBanner />
      <Header />
      <Suspense fallback={null}>
        <NotificationToast />
      </Suspense>
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* The header stays while a page's chunk loads on first visit. */}
        <Suspense fallback={<Spinner label="Loading page" centered />}>
          <Outlet />
          {/* Clicks on a page the server sent are given back once this part is hydrated. */}
          <ReplayHeldClicks />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
