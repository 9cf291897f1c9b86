import { type CartItem } from '@pustak/sdk';
import { cartLineTotal, formatRupees, isDealRunning } from '@pustak/sdk/domain';
import { Link } from '../../../components/link';
import { BookCover, Button, Price, QuantityStepper, TrashIcon } from '../../../components';
import { bookDetailsPath } from '../../../lib/paths';
import styles from '../cart-page.module.css';

export interface CartLineProps {
  line: CartItem;
  /** The clock prices are read at: the sale price counts only while the book's sale runs. */
  now: Date;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  /** A quiet note under the row when its last change failed. */
  error?: string | null;
  removing?: boolean;
}

/**
 * One cart row: cover, title, author, the unit price the customer pays (the sale price while
 * the sale runs, the list price struck beside it), quantity stepper, line total, remove.
 */
export function CartLine({ line, now, onQuantityChange, onRemove, error, removing }: CartLineProps) {
  const { book } = line;
  return (
    <li className={styles.line}>
      <div className={styles.lineCover}>
        <BookCover title={book.title} src={book.imageUrl} titledPlaceholder />
      </div>
      <div className={styles.lineMain}>
        <h3 className={styles.lineTitle}>
          <Link to={bookDetailsPath(line.bookId)}>{book.title}</Link>
        </h3>
        <p className={styles.lineAuthor}>{book.author}</p>
        <p className={styles.linePrice}>
          <Price price={book.price} discount={book.discount} onSale={isDealRunning(book, now)} size="sm" />{' '}
          <span className={styles.each}>each</span>
        </p>
        <div className={styles.lineControls}>
          <QuantityStepper value={line.quantity} onChange={onQuantityChange} label={`Quantity of ${book.title}`} />
          <Button
            variant="ghost"
            size="sm"
            leadingIcon={<TrashIcon size={16} />}
            onClick={onRemove}
            loading={removing}
            className={styles.remove}
          >
            Remove{' '}<span className="visually-hidden">{book.title}</span>
          </Button>
        </div>
        {error ? (
          <p role="alert" className={styles.lineError}>
            {error}
          </p>
        ) : null}
      </div>
      <p className={styles.lineTotal}>
        <span className="visually-hidden">Line total </span>
        {formatRupees(cartLineTotal(line, now))}
      </p>
    </li>
  );
}
