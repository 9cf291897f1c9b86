import { type BooksListRequest } from '@pustak/sdk/domain';

/**
 * SWR keys of the home page's book reads (they keep their own hooks, so the home page's first
 * script carries nothing more). A book, its reviews and an author's books are read with the
 * SDK's hooks, under their keys: `pustakKey('catalog', 'get', bookId)`,
 * `pustakKey('reviews', 'list', bookId)`, `pustakKey('books', 'byAuthor', author)`.
 */
export const bookKeys = {
  /** One page of the public list; no params = the whole list the home page slices. */
  list: (params: BooksListRequest | null) => ['books', 'list', params] as const,
  bestSellers: ['books', 'bestSellers'] as const,
  genreCounts: ['books', 'genreCounts'] as const,
};
