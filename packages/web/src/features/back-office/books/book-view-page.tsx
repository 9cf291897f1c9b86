import { type Book, type Review } from '@pustak/sdk';
import { formatDate } from '@pustak/sdk/domain';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { InlineError, PageStack, Panel } from '../../../components/back-office/back-office-ui';
import { Badge } from '../../../components/badge';
import { BookCover } from '../../../components/book-cover';
import { Breadcrumb } from '../../../components/breadcrumb';
import { Button, ButtonLink } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditIcon, TagIcon, TrashIcon } from '../../../components/icons';
import { Price } from '../../../components/price';
import { StarRating } from '../../../components/star-rating';
import { useToast } from '../../../components/toaster';
import { useNow } from '../../../lib/use-now';
import { useBook, useReviews } from '../../books';
import { useDeleteBook } from './api/use-delete-book';
import { BookLoadError, BookSkeleton } from './book-load-state';
import { cx } from '../../../lib/cx';
import styles from './book-view.module.css';
import { DiscountDialog } from './discount-dialog';
import { HideReviewDialog } from './hide-review-dialog';

/** Spec: the admin book page shows a fixed rating. */
const FIXED_RATING = 4.5;

/** /admin/books/view/{bookId}. */
export default function BookViewPage() {
  const { bookId = '' } = useParams();
  const { data: book, error, isLoading, mutate } = useBook(bookId);
  if (error && !book) return <BookLoadError error={error} onRetry={() => void mutate()} />;
  if (isLoading || !book) return <BookSkeleton />;
  return <BookView book={book} />;
}

function BookView({ book }: { book: Book }) {
  const deleteBook = useDeleteBook();
  const toast = useToast();
  const navigate = useNavigate();
  const now = useNow(60_000);
  const [offerOpen, setOfferOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);

  const remove = async () => {
    setDeleting(true);
    setDeleteFailed(false);
    try {
      const reply = await deleteBook(book.bookId);
      toast.success(reply.message || 'Book deleted successfully');
      void navigate('/admin/books');
    } catch (error) {
      // Spec: a failed delete is only logged; the page says so quietly.
      console.error('Deleting the book failed', error);
      setDeleting(false);
      setConfirmOpen(false);
      setDeleteFailed(true);
    }
  };

  const hasWindow = Boolean(book.startTime || book.endTime);

  return (
    <PageStack>
      <Breadcrumb items={[{ label: 'Books', to: '/admin/books' }, { label: book.title }]} />
      <Panel as="article" className={styles.detail} labelledBy="book-view-title">
        <div className={styles.coverColumn}>
          <BookCover src={book.imageUrl} title={book.title} label={`Cover of ${book.title}`} size="lg" />
        </div>
        <div className={styles.info}>
          <div className={styles.badges}>
            <Badge tone="accent">{book.genre}</Badge>
            {book.isOnSale ? <Badge tone="sale">On sale</Badge> : null}
            {book.awardWinners ? <Badge tone="warning">Award winner</Badge> : null}
            {book.availableInLibrary ? <Badge tone="info">In library</Badge> : null}
          </div>
          <h2 id="book-view-title" className={styles.title}>
            {book.title}
          </h2>
          <p className={styles.author}>by {book.author}</p>
          <div className={styles.rating}>
            <StarRating value={FIXED_RATING} size={18} />
            <span className={styles.ratingText}>{FIXED_RATING}/5</span>
          </div>

          <p className={styles.price}>
            <Price pricing={book.pricing} size="lg" showPercent />
          </p>

          <dl className={styles.facts}>
            <Fact label="Stock" value={`${book.quantity} ${book.quantity === 1 ? 'copy' : 'copies'}`} />
            <Fact label="Format" value={book.format} />
            <Fact label="ISBN" value={book.isbn} unbroken />
            <Fact label="Language" value={book.language} />
            <Fact label="Publisher" value={book.publisher} />
            <Fact label="Published" value={formatDate(book.publicationDate)} />
            <Fact label="Discount" value={`${book.discount ?? 0}%`} />
            {hasWindow ? (
              <Fact label="Offer runs" value={`${formatDate(book.startTime)} – ${formatDate(book.endTime)}`} />
            ) : null}
          </dl>

          <div className={styles.actions}>
            <Button variant="warm" leadingIcon={<TagIcon size={18} />} onClick={() => setOfferOpen(true)}>
              Add Timed Discount
            </Button>
            <ButtonLink to={`/admin/books/edit/${book.bookId}`} variant="secondary">
              <EditIcon size={18} />
              Edit
            </ButtonLink>
            <Button variant="danger" leadingIcon={<TrashIcon size={18} />} onClick={() => setConfirmOpen(true)}>
              Delete
            </Button>
          </div>
          {deleteFailed ? <InlineError>The book was not deleted. Please try again.</InlineError> : null}

          <section aria-labelledby="book-view-synopsis" className={styles.synopsis}>
            <h3 id="book-view-synopsis" className={styles.subTitle}>
              Synopsis
            </h3>
            <p>{book.description}</p>
          </section>
        </div>
      </Panel>

      <Reviews bookId={book.bookId} />

      <DiscountDialog book={book} now={now} open={offerOpen} onClose={() => setOfferOpen(false)} />
      <ConfirmDialog
        open={confirmOpen}
        title="Delete book"
        message="Are you sure you want to delete this book? This action cannot be undone."
        confirmLabel="Delete"
        danger
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmOpen(false)}
      />
    </PageStack>
  );
}

function Fact({ label, value, unbroken }: { label: string; value: string; unbroken?: boolean }) {
  return (
    <div className={cx(styles.fact, unbroken && styles.unbroken)}>
      <dt className={styles.factName}>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

function Reviews({ bookId }: { bookId: string }) {
  const { data, error, isLoading } = useReviews(bookId);
  const [hiding, setHiding] = useState<Review | null>(null);
  return (
    <Panel title="Customer Reviews" headingId="book-view-reviews">
      {error && !data ? (
        <p className="muted">Reviews could not be loaded.</p>
      ) : isLoading || !data ? (
        <p className="muted">Loading reviews…</p>
      ) : data.length === 0 ? (
        <p className="muted">No reviews yet.</p>
      ) : (
        <ul className={styles.reviews}>
          {data.map((review) => (
            <li key={review.reviewId} className={styles.review}>
              <div className={styles.reviewHead}>
                <span className={styles.avatar} aria-hidden="true">
                  {review.username.slice(0, 1).toUpperCase()}
                </span>
                <span className="strong">{review.username}</span>
                <StarRating value={review.stars} size={14} />
                {review.createdAt ? <span className={styles.reviewDate}>{formatDate(review.createdAt)}</span> : null}
                <Button size="sm" variant="secondary" onClick={() => setHiding(review)} aria-label={`Hide ${review.username}'s review`}>
                  Hide
                </Button>
              </div>
              <p className={styles.reviewText}>{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
      <HideReviewDialog bookId={bookId} review={hiding} onClose={() => setHiding(null)} />
    </Panel>
  );
}
