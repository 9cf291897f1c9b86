// Public surface of the books feature: the book card and grid, the shared countdown clock,
// the search box, and the hooks of the book and review reads the home page and the back office
// share. Pages are not exported here: they load lazily through the route table.
export { useBestSellers } from './api/use-best-sellers';
export { useBook } from './api/use-book';
export { useBookList } from './api/use-book-list';
export { useBookPage } from './api/use-book-page';
export { useGenreCounts } from './api/use-genre-counts';
export { useReviews } from './api/use-reviews';
export { BookCard, type BookCardProps } from './components/book-card';
export { BookGrid, type BookGridProps } from './components/book-grid';
export { BookGridSkeleton, type GridColumns } from './components/book-grid-skeleton';
export { SaleClockProvider, useSaleClock } from './components/sale-clock';
export { SaleStatus } from './components/sale-status';
export { SearchBox, type SearchBoxProps } from './components/search-box';
export { bookKeys } from './query-keys';
export { bookPageReads, booksPageReads, type PageRead } from './page-reads';
