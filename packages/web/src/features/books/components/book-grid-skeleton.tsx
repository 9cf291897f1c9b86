import { Skeleton } from '../../../components';
import { cx } from '../../../lib/cx';
import styles from './book-grid.module.css';

// The grid's placeholder in a module of its own: a page can show it without loading the cards
// (the home page's first script, features/home).

export type GridColumns = 3 | 4 | 5;

const columnClass: Record<GridColumns, string | undefined> = {
  3: styles.cols3,
  4: styles.cols4,
  5: styles.cols5,
};

/** The list's classes: 2 columns on phones and `columns` on wide screens; 'row' cards 1, 2 then 3. */
export function gridClassName(columns: GridColumns, layout: 'tile' | 'row', className?: string): string {
  return cx(styles.grid, layout === 'row' ? styles.rows : columnClass[columns], className);
}

/** Placeholder cards while books load; pair with a Spinner or an aria-busy region. */
export function BookGridSkeleton({
  count = 8,
  columns = 4,
  layout = 'tile',
  className,
}: {
  count?: number;
  columns?: GridColumns;
  layout?: 'tile' | 'row';
  className?: string;
}) {
  return (
    <ul className={gridClassName(columns, layout, className)} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={cx(styles.item, styles.skeletonCard)}>
          {/* Shaped by classes, not props: the home page is prerendered (Skeleton). */}
          <Skeleton className={styles.skeletonCover} />
          <Skeleton lines={2} className={styles.skeletonTitle} />
          <Skeleton className={styles.skeletonPrice} />
          <Skeleton className={styles.skeletonButton} />
        </li>
      ))}
    </ul>
  );
}
