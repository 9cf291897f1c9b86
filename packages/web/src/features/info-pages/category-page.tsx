import { isNetworkError } from '@pustak/sdk';
import { BOOKS_PAGE_SIZE, type GenreName } from '@pustak/sdk/domain';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { BookGrid, BookGridSkeleton, useBookPage } from '../books';
import styles from './category-page.module.css';
import NotFoundPage from './not-found-page';
import { useDocumentTitle } from '../../lib/use-document-title';

interface Category {
  title: string;
  lead: string;
  /** The catalogue genre (GENRES) this category lists; none when the catalogue has no such genre. */
  genre?: GenreName;
}

const CATEGORIES: Record<string, Category> = {
  fiction: {
    title: 'Fiction',
    lead: 'Novels and short stories from Nepal and around the world — from Laxmi Prasad Devkota to today’s debut authors.',
    genre: 'Fiction',
  },
  'non-fiction': {
    title: 'Non-Fiction',
    lead: 'History, memoir, travel, science and ideas: true stories, well told.',
    genre: 'Non-Fiction',
  },
  children: {
    title: "Children's Books",
    lead: 'Picture books, first readers and adventures for young minds, in Nepali and English.',
  },
  academic: {
    title: 'Academic',
    lead: 'Textbooks, references and study guides for school, +2 and university courses.',
  },
};

const ALL_BOOKS = (
  <ButtonLink to="/books" variant="secondary">
    Browse all books
  </ButtonLink>
);

/**
 * /category/fiction | non-fiction | children | academic: the newest books of the category's
 * genre, with a link to the whole genre on /books; a category the catalogue has no genre for
 * says so and links to the full list. Any other slug is not found.
 */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  const category = CATEGORIES[slug];
  useDocumentTitle(category?.title ?? 'Page not found');
  if (!category) return <NotFoundPage />;
  return (
    <div className="container">
      <PageHeader eyebrow="Category" title={category.title} description={category.lead} />
      {category.genre ? (
        <GenreBooks genre={category.genre} title={category.title} />
      ) : (
        <EmptyState
          title={`No ${category.title.toLowerCase()} in the catalogue yet`}
          text="Our shelves have no books in this category for now. Every book we have is in the full list."
          action={ALL_BOOKS}
        />
      )}
    </div>
  );
}

function GenreBooks({ genre, title }: { genre: GenreName; title: string }) {
  const { data, error, mutate } = useBookPage({ page: 1, pageSize: BOOKS_PAGE_SIZE, sortBy: 'createdat', sortDesc: true, genre });
  if (error && !data) {
    return (
      <ErrorState
        title="Books are unavailable right now"
        text={isNetworkError(error) ? 'Check your connection and try again.' : "We couldn't load the books."}
        onRetry={() => void mutate()}
      />
    );
  }
  if (!data) return <BookGridSkeleton count={BOOKS_PAGE_SIZE} />;
  if (data.items.length === 0) {
    return <EmptyState title={`No ${title.toLowerCase()} books in the catalogue yet`} text="Every book we have is in the full list." action={ALL_BOOKS} />;
  }
  const total = data.pagination.totalItems;
  const more = total > data.items.length;
  return (
    <section aria-label={`${title} books`} className={styles.books}>
      {/* Under the page's h1 with no h2 between: the cards' titles are the next level. */}
      <BookGrid books={data.items} label={`${title} books`} eagerCount={4} cardProps={() => ({ headingLevel: 2 })} />
      <p className={styles.more}>
        <ButtonLink to={`/books?genre=${encodeURIComponent(genre)}`} variant={more ? 'primary' : 'secondary'}>
          {more ? `See all ${total} ${title.toLowerCase()} books` : `Sort and search ${title.toLowerCase()} books`}
        </ButtonLink>
      </p>
    </section>
  );
}
