import { type Book } from '@pustak/sdk';
import { Skeleton } from '../../../components';
import { cx } from '../../../lib/cx';
import { BookCard, type BookCardProps } from './book-card';
import styles from './book-grid.module.css';
import { SaleClockProvider } from './sale-clock';

export type GridColumns = 3 | 4 | 5;

const columnClass: Record<GridColumns, string | undefined> = {
  3: styles.cols3,
  4: styles.cols4,
  5: styles.cols5,
};

export interface BookGridProps {
  books: readonly Book[];
  /** Columns on wide screens; phones always get 2. */
  columns?: GridColumns;
  /** Accessible name of the list. */
  label?: string;
  /** Per-book extras for the card (ribbon, known wishlist state...). */
  cardProps?: (book: Book, index: number) => Partial<Omit<BookCardProps, 'book'>>;
  /** Load the first N covers eagerly. */
  eagerCount?: number;
  /** 'row' cards: one per line on phones, `columns` wide cards side by side from 1024 px. */
  layout?: 'tile' | 'row';
  className?: string;
}

/** A responsive list of book cards sharing one countdown clock (2 columns on phones). */
export function BookGrid({
  books,
  columns = 4,
  label,
  cardProps,
  eagerCount = 0,
  layout = 'tile',
  className,
}: BookGridProps) {
  return (
    <SaleClockProvider>
      <ul
        className={cx(styles.grid, layout === 'row' ? styles.rows : columnClass[columns], className)}
        aria-label={label}
      >
        {books.map((book, index) => (
          <li key={book.bookId} className={styles.item}>
            <BookCard book={book} eager={index < eagerCount} layout={layout} {...cardProps?.(book, index)} />
          </li>
        ))}
      </ul>
    </SaleClockProvider>
  );
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
    <ul
      className={cx(styles.grid, layout === 'row' ? styles.rows : columnClass[columns], className)}
      aria-hidden="true"
    >
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
