import { memo, Suspense } from 'react';
import { BookIcon } from '../../components';
import { lazy } from '../../lib/lazy';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookGridSkeleton, useBestSellers, useBookList, useGenreCounts } from '../books';
import { HomeSearch } from './components/home-search';
import styles from './home-page.module.css';

// Below the hero is a module of its own (home-sections.tsx), loaded as soon as the page renders:
// the first script carries what the first screen needs (`npm run size`). A prerendered page
// shows the sections' markup at once, and React takes it over when their module has arrived.
const HomeSections = lazy(() => import('./home-sections'));

/**
 * Loads the sections' module. Before React takes a sent home page over (main.tsx): the whole
 * page is then hydrated in one go, and a click on a section's button is answered, not dropped.
 */
export const preloadHomePage = (): Promise<unknown> => HomeSections.preload();

/** Home: hero search, then genres, new arrivals, coming soon, best sellers, deals, why us, newsletter. */
export default function HomePage() {
  useDocumentTitle(null);
  // The sections' reads start with the page, not once their module is here (SWR shares them).
  // The page uses none of the answers, so it does not re-render as they come.
  useBookList();
  useBestSellers();
  useGenreCounts();
  return (
    <>
      <Hero />
      <Sections />
    </>
  );
}

/**
 * Without props, memoised: nothing the page does reaches the sections while their prerendered
 * markup waits for the module (an update there would make React drop that markup for the
 * placeholder). The placeholder shows only on a page rendered afresh (signed in, or reached by
 * a link) before the module has arrived.
 */
const Sections = memo(function Sections() {
  return (
    <Suspense
      fallback={
        <div className={`container ${styles.sections}`}>
          <BookGridSkeleton count={5} columns={5} />
        </div>
      }
    >
      <HomeSections />
    </Suspense>
  );
});

function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>Pustak · Books from Kathmandu</p>
          <h1 id="hero-heading" className={styles.heroTitle}>
            Find your next favourite book
          </h1>
          <p className={styles.heroLead}>
            Nepali classics, new voices and the world&apos;s best-loved titles — delivered within 1 to 2 days or
            ready for pickup.
          </p>
          <HomeSearch className={styles.heroSearch} />
        </div>
        <div className={styles.heroArt} aria-hidden="true">
          <BookIcon size={180} />
        </div>
      </div>
    </section>
  );
}

