import { Suspense } from 'react';
import { lazy } from '../../lib/lazy';
import { useHydrated } from '../../lib/use-hydrated';
import { useActiveAnnouncement } from './api/use-active-announcement';
import styles from './announcement-banner.module.css';

// What the banner shows (its colours, end date and countdown) is a module of its own: the page's
// first script only keeps the banner's space, and the view fills it in once it has arrived.
const BannerView = lazy(() => import('./announcement-banner-view'));

/**
 * The promotional banner above the header: shown only while an announcement is active. It has a
 * fixed height, and the page the server sends says whether it shows (`<html data-banner>`), so
 * its space is right from the first paint and nothing moves when it fills in. The prerendered
 * page (and the app while hydrating it) has only that space: the banner's data is not part of it.
 */
export function AnnouncementBanner() {
  const hydrated = useHydrated();
  const { data } = useActiveAnnouncement();
  const slot = <div className={styles.slot} aria-hidden="true" />;
  if (!hydrated) return slot;
  if (!data || !data.active) return null;
  return (
    <Suspense fallback={slot}>
      <BannerView announcement={data} />
    </Suspense>
  );
}
