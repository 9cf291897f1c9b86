// Public surface of the books feature for the other storefront features (home, wishlist):
// the book card, the grid, their loading placeholder and the shared countdown clock.
// Pages are not exported here: they load lazily through the route table.
export { BookCard, bookDetailsPath, type BookCardProps } from './components/book-card';
export { BookCover } from './components/book-cover';
export { BookGrid, BookGridSkeleton, type BookGridProps, type GridColumns } from './components/book-grid';
export { SaleClockProvider, useSaleClock } from './components/sale-clock';
export { SaleStatus } from './components/sale-status';
export { WISHLIST_KEY } from './api/use-wishlist-status';
export { SearchBox, type SearchBoxProps } from './components/search-box';
