import { type CartItem } from '@pustak/sdk';
import { formatRupees } from '@pustak/sdk/domain';
import { Link } from '../../../components/link';
import { BookCover, Button, InfoIcon, Price, QuantityStepper, TrashIcon } from '../../../components';
import { cx } from '../../../lib/cx';
import { bookDetailsPath } from '../../../lib/paths';
import styles from '../cart-page.module.css';

export interface CartLineProps {
  line: CartItem;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  /** A quiet note under the row when its last change failed. */
  error?: string | null;
  removing?: boolean;
  /** The server's figures for this line are being read again (after a quantity change). */
  updating?: boolean;
}

/**
 * One cart row: cover, title, author, what one copy costs now and the line total (the server's
 * figures: the sale price while the deal runs, the list price struck beside it), a note when
 * the price changed since the book was added, quantity stepper, remove.
 */
export function CartLine({ line, onQuantityChange, onRemove, error, removing, updating }: CartLineProps) {
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
          <Price pricing={{ ...book.pricing, unitPrice: line.unitPrice }} size="sm" />{' '}
          <span className={styles.each}>each</span>
        </p>
        {line.priceChanged ? (
          <p className={styles.priceChanged}>
            <InfoIcon size={14} />
            <span>
              Price changed since you added it
              {line.addedUnitPrice === null ? '' : `: was ${formatRupees(line.addedUnitPrice)}`}
            </span>
          </p>
        ) : null}
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
      <p className={cx(styles.lineTotal, updating && styles.updating)} aria-busy={updating || undefined}>
        <span className="visually-hidden">Line total </span>
        {formatRupees(line.lineTotal)}
      </p>
    </li>
  );
}
