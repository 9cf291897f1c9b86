import { formatRelativeTime } from '@pustak/sdk/domain';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { BellIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useNow } from '../../lib/use-now';
import styles from './notification-bell.module.css';

/** The bell's panel content: loading, failure with Retry, empty, or the latest notifications. */
export default function NotificationList({
  items,
  loading,
  failed,
  onRetry,
}: {
  items: { message: string; createdAt?: string | null; personal?: boolean }[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const now = useNow(30_000);
  if (loading && !items) return <Spinner label="Loading notifications" centered />;
  if (failed) return <ErrorState text="Could not load notifications." onRetry={onRetry} compact />;
  if (!items || items.length === 0) {
    return <EmptyState title="No notifications yet" text="News about books and orders shows up here." compact headingLevel={3} icon={<BellIcon size={24} />} />;
  }
  return (
    // Focusable so keyboard users can scroll the list once it outgrows its max height.
    <ul className={styles.list} tabIndex={0} aria-label="Latest notifications">
      {items.map((item, index) => (
        <li key={`${item.createdAt ?? ''}-${index}`} className={styles.item}>
          <span className={styles.itemIcon} aria-hidden="true">
            <BellIcon size={15} />
          </span>
          <p className={styles.itemText}>
            {item.personal ? <span className={styles.itemTag}>For you</span> : null}
            {item.message}
            <time className={styles.itemTime} dateTime={item.createdAt ?? undefined}>
              {formatRelativeTime(item.createdAt, now)}
            </time>
          </p>
        </li>
      ))}
    </ul>
  );
}
