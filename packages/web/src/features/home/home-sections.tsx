import { type BestSeller, type Book, type GenreCount } from '@pustak/sdk';
import { HOME_LIMITS, homeSections } from '@pustak/sdk/domain';
import { type ReactNode, useDeferredValue } from 'react';
import { Link } from '../../components/link';
import {
  ArrowRightIcon,
  ButtonLink,
  ErrorState,
  PackageIcon,
  ShieldIcon,
  Skeleton,
  TagIcon,
  TruckIcon,
} from '../../components';
import { BookGrid, BookGridSkeleton, type GridColumns, SaleClockProvider, useBestSellers, useBookList, useGenreCounts } from '../books';
import { Newsletter } from './components/newsletter';
// The page's own style sheet, which the first script loads: the prerendered sections need it
// for the first paint, before this module has arrived.
import styles from './home-page.module.css';

/**
 * Below the hero: genres, new arrivals, coming soon, best sellers, deals, why us, newsletter.
 * Its own module, loaded beside the first script (home-page.tsx).
 */
export default function HomeSections() {
  // The whole list (GET /book/all with no parameters), sliced into the sections below. While
  // React takes over the prerendered sections, SWR answers what it had when the page started
  // (nothing), so they hydrate as the placeholders the server wrote, then show what is known.
  //
  // Each answer is shown in a render React may interrupt (useDeferredValue): SWR renders what it
  // reads at once and in one go, here every card of five sections, then their layout and paint:
  // one long task on a slow phone, right after the page has been taken over.
  const list = useBookList();
  const books = { data: useDeferredValue(list.data)?.items, error: list.error, mutate: list.mutate };
  const bestSellerRead = useBestSellers();
  const bestSellers = { data: useDeferredValue(bestSellerRead.data), error: bestSellerRead.error, mutate: bestSellerRead.mutate };
  // Counted by the server over the whole catalogue: the list above holds only its first page.
  const genreRead = useGenreCounts();
  const genres = { data: useDeferredValue(genreRead.data), error: genreRead.error, mutate: genreRead.mutate };
  // Which deals run is the server's pricing; a card whose countdown ends reads the list again.
  const sections = homeSections(books.data ?? [], bestSellers.data ?? []);
  const retryBooks = () => void books.mutate();

  return (
    <SaleClockProvider>
      <div className={`container ${styles.sections}`}>
        <Section id="genres" title="Shop By Genre" action={<SeeAll to="/books">All genres</SeeAll>}>
          {genres.error && !genres.data ? (
            <BooksError onRetry={() => void genres.mutate()} />
          ) : !genres.data ? (
            <GenreSkeleton />
          ) : (
            <GenreTiles genres={genres.data.slice(0, HOME_LIMITS.genres)} />
          )}
        </Section>

        <BookSection
          id="new-arrivals"
          title="New Arrivals"
          action={<SeeAll to="/books?sortBy=newestarrivals">See all new arrivals</SeeAll>}
          state={books}
          books={sections.newArrivals}
          count={HOME_LIMITS.newArrivals}
          columns={5}
          empty="New books are on their way — check back soon."
          onRetry={retryBooks}
        />

        <BookSection
          id="coming-soon"
          title="Coming Soon"
          action={<SeeAll to="/books">Browse the catalogue</SeeAll>}
          state={books}
          books={sections.comingSoon}
          count={HOME_LIMITS.comingSoon}
          columns={5}
          empty="No sales announced yet. Today’s deals are below."
          onRetry={retryBooks}
        />

        <BookSection
          id="best-selling"
          title="Best Selling"
          action={<SeeAll to="/best-selling">Why they sell</SeeAll>}
          state={bestSellers}
          books={sections.bestSelling.map((entry: BestSeller) => entry.book)}
          count={HOME_LIMITS.bestSelling}
          columns={3}
          empty="No best sellers yet — be the first to order."
          onRetry={() => void bestSellers.mutate()}
          ribbon={(index) => (
            <>
              #{index + 1}
              <span className="visually-hidden"> best seller</span>
            </>
          )}
        />

        <BookSection
          id="deals"
          title="Deal Of the Day"
          description="Limited-time prices — each card shows when its deal ends."
          action={<SeeAll to="/deal-of-the-day">About our deals</SeeAll>}
          state={books}
          books={sections.deals}
          count={HOME_LIMITS.deals}
          columns={3}
          empty="No deals are running right now. New ones start every week."
          onRetry={retryBooks}
        />

        <WhyShopWithUs />
        <Newsletter />
      </div>
    </SaleClockProvider>
  );
}

function Section({
  id,
  title,
  description,
  action,
  children,
  tone,
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
  tone?: 'warm';
}) {
  return (
    <section className={tone === 'warm' ? `${styles.section} ${styles.warm}` : styles.section} aria-labelledby={`${id}-heading`}>
      <div className={styles.sectionHead}>
        <div>
          <h2 id={`${id}-heading`} className={styles.sectionTitle}>
            {title}
          </h2>
          {description ? <p className={styles.sectionDescription}>{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

function SeeAll({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.seeAll}>
      {children}
      <ArrowRightIcon size={16} />
    </Link>
  );
}

function BooksError({ onRetry }: { onRetry: () => void }) {
  return <ErrorState compact text="We couldn't load these books right now." onRetry={onRetry} />;
}

interface LoadState {
  data?: unknown;
  error?: unknown;
}

function BookSection({
  id,
  title,
  description,
  action,
  state,
  books,
  count,
  columns,
  empty,
  onRetry,
  ribbon,
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  state: LoadState;
  books: Book[];
  count: number;
  columns: GridColumns;
  empty: string;
  onRetry: () => void;
  ribbon?: (index: number) => ReactNode;
}) {
  // Three books read better as wide cards than as three tall covers.
  const layout = columns === 3 ? 'row' : 'tile';
  let content: ReactNode;
  if (state.error && !state.data) content = <BooksError onRetry={onRetry} />;
  else if (!state.data) content = <BookGridSkeleton count={count} columns={columns} layout={layout} />;
  else if (books.length === 0) content = <p className={styles.empty}>{empty}</p>;
  else
    content = (
      <BookGrid
        books={books}
        columns={columns}
        layout={layout}
        label={title}
        cardProps={ribbon ? (_book, index) => ({ ribbon: ribbon(index) }) : undefined}
      />
    );
  return (
    <Section id={id} title={title} description={description} action={action} tone={id === 'deals' ? 'warm' : undefined}>
      <div aria-busy={!state.data && !state.error ? true : undefined}>{content}</div>
    </Section>
  );
}

function GenreTiles({ genres }: { genres: GenreCount[] }) {
  return (
    <ul className={styles.genres}>
      {genres.map(({ genre, count }) => (
        <li key={genre}>
          <Link to={`/books?genre=${encodeURIComponent(genre)}`} className={styles.genre}>
            <span className={styles.genreName}>{genre}</span>
            <span className={styles.genreCount}>
              {count} {count === 1 ? 'book' : 'books'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function GenreSkeleton() {
  return (
    <ul className={styles.genres} aria-hidden="true">
      {Array.from({ length: HOME_LIMITS.genres }, (_, index) => (
        <li key={index}>
          <Skeleton className={styles.genreSkeleton} />
        </li>
      ))}
    </ul>
  );
}

const REASONS = [
  { icon: <TruckIcon size={22} />, title: 'Fast delivery', text: 'Available within 1 to 2 days across the valley.' },
  { icon: <ShieldIcon size={22} />, title: 'Genuine books', text: 'Sourced from publishers, never photocopies.' },
  { icon: <PackageIcon size={22} />, title: 'Easy pickup', text: 'Show your claim code at the counter and go.' },
  { icon: <TagIcon size={22} />, title: 'Fair prices', text: 'Clear prices in Rs. with weekly deals.' },
];

function WhyShopWithUs() {
  return (
    <section className={styles.why} aria-labelledby="why-heading">
      <div className={styles.whyHead}>
        <h2 id="why-heading" className={styles.whyTitle}>
          Why Shop with Us
        </h2>
        <p className={styles.whyLead}>A neighbourhood bookshop, online — run by people who read.</p>
        <ButtonLink to="/books" variant="warm">
          Browse all books
          <ArrowRightIcon size={18} />
        </ButtonLink>
      </div>
      <ul className={styles.reasons}>
        {REASONS.map((reason) => (
          <li key={reason.title} className={styles.reason}>
            <span className={styles.reasonIcon}>{reason.icon}</span>
            <div>
              <h3 className={styles.reasonTitle}>{reason.title}</h3>
              <p className={styles.reasonText}>{reason.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
