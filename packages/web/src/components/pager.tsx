import { pagerPages } from '@pustak/sdk/domain';
import { cx } from '../lib/cx';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from './icons';
import styles from './pager.module.css';

export interface PagerProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Disables every button (e.g. while the next page loads). */
  disabled?: boolean;
  /** How many consecutive page numbers to show (spec: 5). */
  maxNumbers?: number;
  /** Show the First/Last buttons (in addition to the 1 and last-page numbers). */
  showEnds?: boolean;
  label?: string;
  className?: string;
}

/** Pagination: Previous/Next (disabled at the ends), up to 5 numbers with ellipses, first and last page. */
export function Pager({
  page,
  totalPages,
  onPageChange,
  disabled = false,
  maxNumbers = 5,
  showEnds = false,
  label = 'Pagination',
  className,
}: PagerProps) {
  if (totalPages <= 1) return null;
  const items = pagerPages(page, totalPages, maxNumbers);
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  // With first/last buttons the row is 11 controls wide, more than a phone has: there it
  // shrinks to « ‹ 5 of 8 › » instead of wrapping onto a second line.
  const compact = showEnds;
  const go = (target: number) => {
    if (!disabled && target !== page && target >= 1 && target <= totalPages) onPageChange(target);
  };
  return (
    <nav aria-label={label} className={cx(styles.pager, compact && styles.compact, className)}>
      <ul className={styles.list}>
        {showEnds ? (
          <li>
            <button type="button" className={styles.item} onClick={() => go(1)} disabled={disabled || atStart} aria-label="First page">
              <ChevronsLeftIcon size={16} />
            </button>
          </li>
        ) : null}
        <li>
          <button type="button" className={styles.item} onClick={() => go(page - 1)} disabled={disabled || atStart} aria-label="Previous page">
            <ChevronLeftIcon size={16} />
          </button>
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`gap-${index}`} className={cx(styles.ellipsis, compact && styles.wideOnly)} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item} className={compact && item !== page ? styles.wideOnly : undefined}>
              <button
                type="button"
                className={cx(styles.item, item === page && styles.current)}
                onClick={() => go(item)}
                disabled={disabled}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                data-total={totalPages}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={styles.item} onClick={() => go(page + 1)} disabled={disabled || atEnd} aria-label="Next page">
            <ChevronRightIcon size={16} />
          </button>
        </li>
        {showEnds ? (
          <li>
            <button type="button" className={styles.item} onClick={() => go(totalPages)} disabled={disabled || atEnd} aria-label="Last page">
              <ChevronsRightIcon size={16} />
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
