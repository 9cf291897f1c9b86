import { useState } from 'react';
import { cx } from '../lib/cx';
import { safeImageSrc } from '../lib/safe-image-src';
import styles from './book-cover.module.css';
import { BookIcon } from './icons/core';

export interface BookCoverProps {
  title: string;
  /** The cover image; none, one that is not http(s) or same-origin, or one that fails to load, shows a placeholder. */
  src: string | null | undefined;
  /** Accessible name (default: the title). */
  label?: string;
  /** 'fill': the container's width (default); 'sm': a 40 px thumbnail; 'lg': up to 300 px, raised. */
  size?: 'fill' | 'sm' | 'lg';
  /** The placeholder shows the title under its icon (storefront cards). */
  titledPlaceholder?: boolean;
  /** Load right away and first (above the fold) instead of lazily. */
  eager?: boolean;
  className?: string;
}

/** A 2:3 book cover, or a placeholder with a book icon when there is none, it is unsafe, or it fails to load. */
export function BookCover({
  title,
  src: rawSrc,
  label = title,
  size = 'fill',
  titledPlaceholder = false,
  eager = false,
  className,
}: BookCoverProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const src = safeImageSrc(rawSrc);
  if (!src || brokenSrc === src) {
    return (
      <span role="img" aria-label={label} className={cx(styles.cover, styles.placeholder, styles[size], className)}>
        <BookIcon size={size === 'sm' ? 18 : 36} />
        {titledPlaceholder ? (
          <span className={styles.placeholderTitle} aria-hidden="true">
            {title}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={label}
      width={300}
      height={450}
      loading={eager ? 'eager' : 'lazy'}
      // A first-row cover is the page's largest paint (/books): asked for before other images.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={cx(styles.cover, styles[size], className)}
      onError={() => setBrokenSrc(src)}
    />
  );
}
