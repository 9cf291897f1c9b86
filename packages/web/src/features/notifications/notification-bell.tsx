import { formatRelativeTime } from '@pustak/sdk/domain';
import { useId, useRef, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { IconButton } from '../../components/icon-button';
import { BellIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useCloseOnOutsideClick } from '../../lib/use-close-on-outside-click';
import { useNow } from '../../lib/use-now';
import { useNotifications } from './api/use-notifications';
import styles from './notification-bell.module.css';

/** Header bell: a disclosure with the notification list (public call, loaded with the page). */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data, error, isLoading, mutate } = useNotifications();

  useCloseOnOutsideClick(wrapRef, open, setOpen);

  const toggle = () => {
    setOpen((value) => !value);
  };

  return (
    <div
      ref={wrapRef}
      className={styles.wrap}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <IconButton
        ref={buttonRef}
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        icon={<BellIcon size={22} />}
        onClick={toggle}
      >
        {data && data.length > 0 ? <span className={styles.dot} aria-hidden="true" /> : null}
      </IconButton>
      {open ? (
        <div id={panelId} className={styles.panel} role="region" aria-label="Notifications list">
          <div className={styles.panelHeader}>
            <h2 className={styles.panelTitle}>Notifications</h2>
          </div>
          <NotificationList
            items={data}
            loading={isLoading}
            failed={Boolean(error) && !data}
            onRetry={() => void mutate()}
          />
        </div>
      ) : null}
    </div>
  );
}

function NotificationList({
  items,
  loading,
  failed,
  onRetry,
}: {
  items: { message: string; createdAt?: string | null }[] | undefined;
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
