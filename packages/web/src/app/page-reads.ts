import { matchPath } from 'react-router';
import { type PageRead, bookPageReads, booksPageReads } from '../features/books';

/**
 * The storefront routes a page server can send with their data, as patterns of app/routes.tsx
 * (a path parameter is `:name`), and the reads each makes on its first render.
 */
export const PAGES_WITH_DATA: ReadonlyArray<{ pattern: string; module: string; reads: (params: Record<string, string>, search: string) => PageRead[] }> = [
  { pattern: '/books', module: 'src/features/books/books-page.tsx', reads: (_params, search) => booksPageReads(search) },
  { pattern: '/bookDetails/:bookId', module: 'src/features/books/book-details-page.tsx', reads: (params) => bookPageReads(params.bookId ?? '') },
];

/** The reads of the page at `pathname` with `search` (a query string), or none. */
export function pageReads(pathname: string, search: string): PageRead[] {
  for (const page of PAGES_WITH_DATA) {
    const match = matchPath({ path: page.pattern, caseSensitive: false, end: true }, pathname);
    if (match) return page.reads(match.params as Record<string, string>, search);
  }
  return [];
}
