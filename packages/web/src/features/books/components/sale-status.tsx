import { type Book } from '@pustak/sdk';
import { saleCountdown } from '@pustak/sdk/domain';
import { Badge, ClockIcon } from '../../../components';
import { cx } from '../../../lib/cx';
import styles from './sale-status.module.css';
import { useSaleClock } from './sale-clock';

type SaleBook = Pick<Book, 'isOnSale' | 'discount' | 'startTime' | 'endTime'>;

/**
 * A book's sale state on a card or the detail page: while the deal runs, a sale badge with its
 * end date ('Ends 31 Dec 2029') while that is more than a week away, then an HH:MM:SS
 * countdown (days in front) that disappears at zero; for an on-sale book whose window is
 * unreadable or not yet open, the spec's plain note ('Invalid start date' / 'Starts in future').
 */
export function SaleStatus({ book, className }: { book: SaleBook; className?: string }) {
  const now = useSaleClock();
  if (book.isOnSale !== true) return null;
  const countdown = saleCountdown(book, now);
  if (countdown.state === 'ended') return null;
  if (countdown.state !== 'running') {
    return <span className={cx(styles.note, className)}>{countdown.text}</span>;
  }
  return (
    <span className={cx(styles.sale, className)}>
      <Badge tone="sale">{book.discount > 0 ? `Sale −${book.discount}%` : 'Sale'}</Badge>
      <span className={styles.countdown}>
        <ClockIcon size={14} />
        {countdown.ticking ? (
          <>
            <span className="visually-hidden">Sale ends in </span>
            <span role="timer" className={styles.time}>
              {countdown.text}
            </span>
          </>
        ) : (
          countdown.text
        )}
      </span>
    </span>
  );
}
