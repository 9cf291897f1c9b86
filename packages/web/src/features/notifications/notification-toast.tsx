import { BellIcon } from '../../components/icons';
import { useLiveNotifications } from './live-notifications';
import styles from './notification-toast.module.css';

/** The live notification toast at the top of public pages: one message at a time, 'sender: text'. */
export function NotificationToast() {
  const { current } = useLiveNotifications();
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {current ? (
        <div key={current.id} className={styles.toast}>
          <span className={styles.icon} aria-hidden="true">
            <BellIcon size={16} />
          </span>
          <p className={styles.text}>
            <span className={styles.sender}>{current.sender}</span>: {current.text}
          </p>
        </div>
      ) : null}
    </div>
  );
}
