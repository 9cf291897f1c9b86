import { type BooksListRequest } from '@pustak/sdk/domain';

/** SWR keys of what the books feature reads (the back office reads books and reviews through them too). */
export const bookKeys = {
  /** One page of the public list; no params = the whole list the home page slices. */
  list: (params: BooksListRequest | null) => ['books', 'list', params] as const,
  bestSellers: ['books', 'bestSellers'] as const,
  genreCounts: ['books', 'genreCounts'] as const,
  byAuthor: (author: string) => ['books', 'byAuthor', author] as const,
  /** One book by id (`getBookById`). */
  one: (bookId: string) => ['book', bookId] as const,
  reviews: (bookId: string) => ['reviews', bookId] as const,
};
