import { Link } from './link';
import { cx } from '../lib/cx';
import styles from './display.module.css';
import { ChevronRightIcon } from './icons';

export interface BreadcrumbItem {
  label: string;
  /** Omit for the current page (always the last item). */
  to?: string;
}

export function Breadcrumb({ items, className }: { items: BreadcrumbItem[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={cx(styles.breadcrumb, className)}>
      <ol className={styles.breadcrumbList}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className={styles.breadcrumbItem}>
              {last || !item.to ? (
                <span className={last ? styles.breadcrumbCurrent : undefined} aria-current={last ? 'page' : undefined}>
                  {item.label}
                </span>
              ) : (
                <Link to={item.to}>{item.label}</Link>
              )}
              {last ? null : <ChevronRightIcon size={14} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
