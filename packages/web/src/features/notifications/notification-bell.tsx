import { Suspense, useId, useRef, useState } from 'react';
import { IconButton } from '../../components/icon-button';
import { BellIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useCloseOnEscape, useCloseOnOutsideClick } from '../../lib/use-close-on-outside-click';
import { useNotifications } from './api/use-notifications';
import styles from './notification-bell.module.css';
import { lazy } from '../../lib/lazy';

// The list (and its date formatting) loads the first time the bell opens.
const NotificationList = lazy(() => import('./notification-list'));

/** Header bell: a disclosure with the notification list (public call, loaded with the page). */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data, error, isLoading, mutate } = useNotifications();

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
