import { useState } from 'react';
import { BookIcon } from '../../../components/icons';
import { cx } from '../../../lib/cx';
import styles from './book-cover.module.css';

/** A book's cover, or a book icon when it has none or the image fails to load. */
export function BookCover({
  src,
  title,
  size = 'md',
  className,
}: {
  src: string | null | undefined;
  title: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const alt = `Cover of ${title}`;
  if (!src || brokenSrc === src) {
    return (
      <span role="img" aria-label={alt} className={cx(styles.cover, styles.fallback, styles[size], className)}>
        <BookIcon size={size === 'sm' ? 18 : 36} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={cx(styles.cover, styles[size], className)}
      onError={() => setBrokenSrc(src)}
    />
  );
}
