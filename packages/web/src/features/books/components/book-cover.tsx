import { BookIcon } from '../../../components';
import { cx } from '../../../lib/cx';
import styles from './book-cover.module.css';

export interface BookCoverProps {
  title: string;
  imageUrl: string | null | undefined;
  /** Load right away (above the fold) instead of lazily. */
  eager?: boolean;
  className?: string;
}

/** A 2:3 book cover; the alt text is the title. Books without a cover get a titled placeholder. */
export function BookCover({ title, imageUrl, eager = false, className }: BookCoverProps) {
  if (!imageUrl) {
    return (
      <div role="img" aria-label={title} className={cx(styles.cover, styles.placeholder, className)}>
        <BookIcon size={36} />
        <span className={styles.placeholderTitle} aria-hidden="true">
          {title}
        </span>
      </div>
    );
  }
  return (
    <img
      src={imageUrl}
      alt={title}
      width={300}
      height={450}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cx(styles.cover, className)}
    />
  );
}
