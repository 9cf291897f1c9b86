import { Link } from './link';
import { cx } from '../lib/cx';
import styles from './brand.module.css';
import { BookIcon } from './icons/core';

export interface BrandProps {
  /** Where the brand links: the storefront's home or the area's dashboard. */
  to: string;
  /** The small uppercase line under the name ("Books · Kathmandu", "Admin panel"). */
  sub: string;
  /** 'light' on the storefront's white header, 'dark' on the back office's indigo sidebar. */
  tone: 'light' | 'dark';
  /** Words read after "Pustak" instead of the sub line (the header's link reads "Pustak home"). */
  spokenName?: string;
  className?: string;
}

/** The Pustak brand: the book mark on its indigo tile, the serif name and a small line under it. */
export function Brand({ to, sub, tone, spokenName, className }: BrandProps) {
  return (
    // Named by its visible word (an aria-label that drops visible text fails WCAG 2.5.3).
    <Link to={to} className={cx(styles.brand, styles[tone], className)}>
      <span className={styles.mark} aria-hidden="true">
        <BookIcon size={20} />
      </span>
      <span>
        Pustak
        {spokenName ? <span className="visually-hidden"> {spokenName}</span> : null}
        <span className={styles.sub} aria-hidden={spokenName ? true : undefined}>
          {sub}
        </span>
      </span>
    </Link>
  );
}
