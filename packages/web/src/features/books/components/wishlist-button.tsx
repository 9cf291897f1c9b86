import { HeartFilledIcon, HeartIcon, IconButton } from '../../../components';
import { cx } from '../../../lib/cx';
import { type WishlistStatus } from '../../wishlist';
import styles from './book-card.module.css';

/** The heart toggle: pressed while the book is on the wishlist. */
export function WishlistButton({
  title,
  status,
  className,
}: {
  title: string;
  status: WishlistStatus;
  className?: string;
}) {
  return (
    <IconButton
      aria-label={`Save ${title} to wishlist`}
      aria-pressed={status.saved}
      aria-busy={status.busy || undefined}
      title={status.saved ? 'Remove from wishlist' : 'Add to wishlist'}
      icon={status.saved ? <HeartFilledIcon size={20} /> : <HeartIcon size={20} />}
      className={cx(styles.heart, status.saved && styles.heartOn, className)}
      onClick={() => void status.toggle()}
      disabled={status.busy}
    />
  );
}
