import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AnnouncementBanner } from '../announcements/announcement-banner';
import { NotificationToast } from '../notifications/notification-toast';
import { Footer } from './footer';
import { Header } from './header';
import styles from './public-layout.module.css';

/** Storefront chrome (never under /admin or /staff): banner, header, live toast, footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
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
      <main id="main" className={styles.main} tabIndex={-1} aria-busy={navigation.state === 'loading' || undefined}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
