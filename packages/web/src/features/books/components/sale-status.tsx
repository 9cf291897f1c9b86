import { type Book } from '@pustak/sdk';
import { saleCountdown } from '@pustak/sdk/domain';
import { Badge, ClockIcon } from '../../../components';
import { cx } from '../../../lib/cx';
import { useRefreshPricesWhen } from '../api/use-refresh-prices';
import styles from './sale-status.module.css';
import { useSaleClock } from './sale-clock';

type SaleBook = Pick<Book, 'pricing'>;

/**
 * A book's sale state on a card or the detail page, read from the server's pricing: while the
 * deal runs, a sale badge with its end date ('Ends 31 Dec 2029') while that is more than a week
 * away, then an HH:MM:SS countdown (days in front); for an announced deal the spec's plain note
 * 'Starts in future'. When the countdown reaches zero (or the announced start comes) the badge
 * goes and the prices are read again: the server says what the book costs then.
 */
export function SaleStatus({ book, className }: { book: SaleBook; className?: string }) {
  const now = useSaleClock();
  const countdown = saleCountdown(book.pricing, now);
  useRefreshPricesWhen(countdown.state === 'stale');
  if (countdown.state === 'none' || countdown.state === 'stale') return null;
  if (countdown.state === 'future') {
    return <span className={cx(styles.note, className)}>{countdown.text}</span>;
  }
  const { dealPercent } = book.pricing;
  return (
    <span className={cx(styles.sale, className)}>
      <Badge tone="sale">{dealPercent > 0 ? `Sale −${dealPercent}%` : 'Sale'}</Badge>
      {countdown.text === null ? null : (
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
      )}
    </span>
  );
}
