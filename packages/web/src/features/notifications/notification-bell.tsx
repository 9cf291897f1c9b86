import { hasUnreadNotifications, newestNotificationMs } from '@pustak/sdk/domain';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { IconButton } from '../../components/icon-button';
import { BellIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useCloseOnEscape, useCloseOnOutsideClick } from '../../lib/use-close-on-outside-click';
import { useSession } from '../auth';
import { useNotifications } from './api/use-notifications';
import { useSeenMark } from './api/use-seen-mark';
import styles from './notification-bell.module.css';
import { lazy } from '../../lib/lazy';

// The list (and its date formatting) loads the first time the bell opens.
const NotificationList = lazy(() => import('./notification-list'));

/**
 * Header bell: a disclosure with the notification list (public call, loaded with the page).
 * Its dot means unread: never for a guest; for a customer, on while a notification is newer
 * than the newest one they had when they last opened the list (a live one arriving turns it
 * on), off as soon as the list is open.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const unreadId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data, error, isLoading, mutate } = useNotifications();
  const { isSignedIn, userId } = useSession();
  const [seenMs, markSeen] = useSeenMark(isSignedIn ? (userId ?? 'signed-in') : null);
  const newestMs = data ? newestNotificationMs(data) : 0;
  const unread = isSignedIn && !open && data !== undefined && hasUnreadNotifications(data, seenMs);

  // Whatever the open list shows has been seen, including a live message arriving while it is open.
  useEffect(() => {
    if (open && isSignedIn) markSeen(newestMs);
  }, [open, isSignedIn, newestMs, markSeen]);

  useCloseOnOutsideClick(wrapRef, open, setOpen);
  const onKeyDown = useCloseOnEscape(open, setOpen, buttonRef);

  const toggle = () => {
    setOpen((value) => !value);
  };

  return (
    <div
      ref={wrapRef}
      className={styles.wrap}
      onKeyDown={onKeyDown}
    >
      <IconButton
        ref={buttonRef}
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-describedby={unread ? unreadId : undefined}
        icon={<BellIcon size={22} />}
        onClick={toggle}
      >
        {unread ? <span className={styles.dot} aria-hidden="true" /> : null}
      </IconButton>
      {unread ? (
        <span id={unreadId} className="visually-hidden">
          New notifications
        </span>
      ) : null}
      {open ? (
        <div id={panelId} className={styles.panel} role="region" aria-label="Notifications list">
          <div className={styles.panelHeader}>
            <h2 className={styles.panelTitle}>Notifications</h2>
          </div>
          <Suspense fallback={<Spinner label="Loading notifications" centered />}>
            <NotificationList
              items={data}
              loading={isLoading}
              failed={Boolean(error) && !data}
              onRetry={() => void mutate()}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
