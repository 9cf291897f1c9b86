import { BOOKS_PAGE_SIZE } from '@pustak/sdk/domain';
import { ButtonLink, EmptyState, HeartIcon, LoadFailed, PageHeader, Spinner } from '../../components';
import { useWishlist } from '../wishlist';
import { BookGrid, BookGridSkeleton } from './components/book-grid';
import styles from './wishlist-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /wishlist: the saved books as cards; the heart on each removes it (DELETE). */
export default function WishlistPage() {
  useDocumentTitle('Your Wishlist');
  const { data: books, error, mutate } = useWishlist();
  const count = books?.length ?? 0;
  return (
    <div className="container">
      <PageHeader
        title="Your Wishlist"
        description={books && count > 0 ? `${count} saved ${count === 1 ? 'book' : 'books'}` : undefined}
      />
      <div className={styles.content}>
        {error && !books ? (
          <LoadFailed what="your wishlist" onRetry={() => void mutate()} />
        ) : !books ? (
          <div aria-busy="true">
            <Spinner label="Loading your wishlist" />
            <BookGridSkeleton count={BOOKS_PAGE_SIZE / 2} />
          </div>
        ) : books.length === 0 ? (
          <EmptyState
            icon={<HeartIcon size={26} />}
            title="Your wishlist is empty"
            text="Tap the heart on any book to save it for later."
            action={<ButtonLink to="/books">Browse books</ButtonLink>}
          />
        ) : (
          <BookGrid books={books} label="Saved books" cardProps={() => ({ wishlisted: true, showRemove: true, headingLevel: 2 })} />
        )}
      </div>
    </div>
  );
}
