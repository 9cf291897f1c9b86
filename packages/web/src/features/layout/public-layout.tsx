import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { AnnouncementBanner } from '../announcements/announcement-banner';
import { NotificationToast } from '../notifications/notification-toast';
import { Header } from './header';
import styles from './public-layout.module.css';

// Below the fold on every page: fetched after the page itself has rendered.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

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
      <AnnouncementBanner />
      <Header />
      <NotificationToast />
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
