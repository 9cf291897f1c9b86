import { type Book, isApiError } from '@pustak/sdk';
import { SIMILAR_BOOKS_SHOWN, formatDate } from '@pustak/sdk/domain';
import { useLocation, useParams } from 'react-router';
import {
  BookCover,
  BookIcon,
  Breadcrumb,
  ButtonLink,
  ErrorState,
  LoadFailed,
  Skeleton,
  Spinner,
  StarRating,
} from '../../components';
import { useBook } from './api/use-book';
import { useBooksByAuthor } from './api/use-books-by-author';
import { useReviews } from './api/use-reviews';
import { cx } from '../../lib/cx';
import styles from './book-details-page.module.css';
import { BookGrid, BookGridSkeleton } from './components/book-grid';
import { PurchaseCard } from './components/purchase-card';
import { ReviewForm } from './components/review-form';
import { ReviewsList } from './components/reviews-list';
import { SaleClockProvider } from './components/sale-clock';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The book a card handed over in router state, if any. */
function passedBook(state: unknown): Book | undefined {
  if (typeof state !== 'object' || state === null || !('book' in state)) return undefined;
  const book = (state as { book: unknown }).book;
  return typeof book === 'object' && book !== null && 'bookId' in book ? (book as Book) : undefined;
}

/** /bookDetails/{bookId}: the book, its buy box, reviews, the review form and more by the author. */
export default function BookDetailsPage() {
  const { bookId } = useParams();
  const location = useLocation();
  const { data: book, error, mutate } = useBook(bookId, passedBook(location.state));
  useDocumentTitle(book?.title ?? (isApiError(error, 404) ? 'Book not found' : 'Book details'));

  if (!book && isApiError(error, 404)) {
    return (
      <div className="container">
        <div className={styles.notFound}>
          <span className={styles.notFoundIcon}>
            <BookIcon size={30} />
          </span>
          <h1>Book not found</h1>
          <p className={styles.muted}>This book may have been removed from the catalogue, or the link is mistyped.</p>
          <ButtonLink to="/books">Back to Books</ButtonLink>
        </div>
      </div>
    );
  }
  if (!book && error) {
    return (
      <div className="container">
        <h1 className="visually-hidden">Book details</h1>
        <LoadFailed what="this book" onRetry={() => void mutate()} className={styles.state} />
      </div>
    );
  }
  if (!book) return <BookDetailsSkeleton />;
  return <BookDetails book={book} />;
}

function BookDetails({ book }: { book: Book }) {
  const details: [string, string][] = [
    ['ISBN', book.isbn],
    ['Language', book.language],
    ['Publisher', book.publisher],
    ['Format', book.format],
    ['Genre', book.genre],
    ['Published', formatDate(book.publicationDate)],
  ];
  return (
    <SaleClockProvider>
      <div className="container">
        <Breadcrumb
          className={styles.breadcrumb}
          items={[{ label: 'Home', to: '/' }, { label: 'Books', to: '/books' }, { label: book.title }]}
        />
        <div className={styles.top}>
          <div className={styles.coverColumn}>
            <BookCover title={book.title} src={book.imageUrl} eager titledPlaceholder className={styles.cover} />
          </div>
          {/* On a phone the cover sits beside the title, so price and ADD TO CART come next,
              on the first screen; synopsis and details follow the buy box. */}
          <div className={styles.head}>
            <h1 className={styles.title}>
              <span aria-hidden="true">{book.title.toUpperCase()}</span>
              <span className="visually-hidden">{book.title}</span>
            </h1>
            <p className={styles.author}>
              by <span className={styles.authorName}>{book.author}</span>
            </p>
            {book.averageStars > 0 ? (
              <StarRating value={book.averageStars} showValue className={styles.rating} />
            ) : null}
          </div>
          <div className={styles.buy}>
            <PurchaseCard book={book} />
          </div>
          <div className={styles.about}>
            <h2 className={styles.subheading}>Synopsis</h2>
            <p className={styles.synopsis}>{book.description}</p>
            <dl className={styles.details}>
              {details.map(([term, value]) => (
                // An ISBN's hyphens are break points to a browser: the number stays whole, on a row of its own when narrow.
                <div key={term} className={cx(styles.detail, term === 'ISBN' && styles.unbroken)}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>

        <div className={styles.reviews}>
          <section aria-labelledby="reviews-heading" className={styles.reviewsList}>
            <h2 id="reviews-heading">Rating and Reviews</h2>
            <BookReviews bookId={book.bookId} />
          </section>
          <ReviewForm bookId={book.bookId} />
        </div>

        <SimilarBooks book={book} />
      </div>
    </SaleClockProvider>
  );
}

function BookReviews({ bookId }: { bookId: string }) {
  const { data, error, mutate } = useReviews(bookId);
  return <ReviewsList reviews={data} error={error} onRetry={() => void mutate()} />;
}

function SimilarBooks({ book }: { book: Book }) {
  const { data, error, mutate } = useBooksByAuthor(book.author);
  const others = data?.filter((other) => other.bookId !== book.bookId).slice(0, SIMILAR_BOOKS_SHOWN);
  return (
    <section aria-labelledby="similar-heading" className={styles.similar}>
      <h2 id="similar-heading">Similar Books by Author</h2>
      {error && !data ? (
        <ErrorState compact text="We couldn't load more books by this author." onRetry={() => void mutate()} />
      ) : !others ? (
        <BookGridSkeleton count={4} columns={5} />
      ) : others.length === 0 ? (
        <p className={styles.muted}>No other books by {book.author} yet.</p>
      ) : (
        <BookGrid books={others} columns={5} label={`More books by ${book.author}`} />
      )}
    </section>
  );
}

function BookDetailsSkeleton() {
  return (
    <div className="container" aria-busy="true">
      <Spinner label="Loading book" />
      <div className={styles.top}>
        <div className={styles.coverColumn}>
          <Skeleton className={styles.coverSkeleton} />
        </div>
        <div className={styles.head}>
          <Skeleton className={styles.titleSkeleton} />
          <Skeleton className={styles.authorSkeleton} />
        </div>
        <div className={styles.buy}>
          <Skeleton className={styles.buySkeleton} />
        </div>
        <div className={styles.about}>
          <Skeleton lines={5} />
        </div>
      </div>
    </div>
  );
}
