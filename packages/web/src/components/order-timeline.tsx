import { type OrderEvent } from '@pustak/sdk';
import { formatDateTime, orderEventLabel } from '@pustak/sdk/domain';
import { cx } from '../lib/cx';
import styles from './order-timeline.module.css';

/**
 * An order's history, oldest first, as the server records it: each step with when and by whom
 * (the shop's reason under a cancel). A step older than the history shows "time not recorded".
 */
export function OrderTimeline({ history, label = 'Order history', className }: { history: readonly OrderEvent[]; label?: string; className?: string }) {
  return (
    <ol aria-label={label} className={cx(styles.timeline, className)}>
      {history.map((event, index) => (
        <li key={`${event.kind}-${index}`} className={cx(styles.step, styles[event.kind])}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.what}>{orderEventLabel(event.kind)}</span>
          <span className={styles.when}>
            {event.at ? <time dateTime={event.at}>{formatDateTime(event.at)}</time> : 'time not recorded'}
            {event.by ? <> · by {event.by}</> : null}
          </span>
          {event.reason ? <span className={styles.reason}>Reason: {event.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}
