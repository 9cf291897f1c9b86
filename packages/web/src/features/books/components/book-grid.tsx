import { type Book } from '@pustak/sdk';
import { BookCard, type BookCardProps } from './book-card';
import styles from './book-grid.module.css';
import { type GridColumns, gridClassName } from './book-grid-skeleton';
import { SaleClockProvider } from './sale-clock';

export { BookGridSkeleton, type GridColumns } from './book-grid-skeleton';

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
      <ul className={gridClassName(columns, layout, className)} aria-label={label}>
        {books.map((book, index) => (
          <li key={book.bookId} className={styles.item}>
            <BookCard book={book} eager={index < eagerCount} layout={layout} {...cardProps?.(book, index)} />
          </li>
        ))}
      </ul>
    </SaleClockProvider>
  );
}
