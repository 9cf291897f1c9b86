import { type Book } from '@pustak/sdk';
import { type ReactNode } from 'react';
import { Link } from '../../../components/link';
import { BookCover, Button, CartIcon, Price, TrashIcon, useToast } from '../../../components';
import { cx } from '../../../lib/cx';
import { useAddToCart } from '../../cart';
import { useWishlistStatus } from '../../wishlist';
import styles from './book-card.module.css';
import { SaleStatus } from './sale-status';
import { WishlistButton } from './wishlist-button';
import { bookDetailsPath } from '../../../lib/paths';

export interface BookCardProps {
  book: Book;
  /** Heading level of the title inside the page outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Already known wishlist state (skips sdk.wishlist.check), e.g. on the wishlist page. */
  wishlisted?: boolean;
  /** Small label above the details (never over the cover), e.g. a best-seller rank. */
  ribbon?: ReactNode;
  /** Show a visible "Remove from wishlist" button (the wishlist page). */
  showRemove?: boolean;
  /** Load the cover eagerly (first row of a page). */
  eager?: boolean;
  /** 'tile' (cover on top, the default) or 'row' (small cover beside the details). */
  layout?: 'tile' | 'row';
  className?: string;
}

/**
 * The storefront book card: cover, title, author, the server's price (sale price and struck
 * list price while the deal runs), sale badge with countdown, wishlist heart and Add to cart (or
 * "Out of stock" when the book has none). The whole card links to /bookDetails/{bookId}.
 */
export function BookCard({
  book,
  headingLevel = 3,
  wishlisted,
  ribbon,
  showRemove,
  eager,
  layout = 'tile',
  className,
}: BookCardProps) {
  const Heading = `h${headingLevel}` as 'h3';
  const wishlist = useWishlistStatus(book.bookId, wishlisted);
  const cart = useAddToCart();
  const toast = useToast();

  const addToCart = async () => {
    try {
      if (await cart.add(book.bookId, 1)) toast.success('Added to Cart');
    } catch (error) {
      // Spec: add-to-cart failures on cards are only logged (a 401 already opened sign-in).
      console.error('Add to cart failed', error);
    }
  };

  return (
    <article className={cx(styles.card, layout === 'row' && styles.row, className)}>
      <div className={styles.media}>
        <BookCover title={book.title} src={book.imageUrl} eager={eager} titledPlaceholder />
        <WishlistButton title={book.title} status={wishlist} className={styles.heartPosition} />
      </div>
      <div className={styles.body}>
        {ribbon ? <span className={styles.ribbon}>{ribbon}</span> : null}
        <SaleStatus book={book} className={styles.sale} />
        <Heading className={styles.title}>
          {/* The detail page, carrying the book so it shows before the refetch. */}
          <Link to={bookDetailsPath(book.bookId)} state={{ book }} className={styles.link}>
            {book.title}
          </Link>
        </Heading>
        <p className={styles.author}>{book.author}</p>
        <Price pricing={book.pricing} className={styles.price} />
        {book.quantity > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            block
            className={styles.cartButton}
            leadingIcon={<CartIcon size={16} />}
            loading={cart.busy}
            onClick={() => void addToCart()}
          >
            Add to cart{' '}<span className="visually-hidden">– {book.title}</span>
          </Button>
        ) : (
          // As the book page's buy box: nothing to add, said where the button would be.
          <p className={styles.outOfStock}>Out of stock</p>
        )}
        {showRemove && wishlist.saved ? (
          <Button
            variant="ghost"
            size="sm"
            block
            className={styles.removeButton}
            leadingIcon={<TrashIcon size={16} />}
            disabled={wishlist.busy}
            onClick={() => void wishlist.toggle()}
          >
            Remove{' '}<span className="visually-hidden">{book.title} from wishlist</span>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
