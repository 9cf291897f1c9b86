/**
 * SWR keys of the home page's book reads (they keep their own hooks, so the home page's first
 * script carries nothing more). A page of books, a book, its reviews and an author's books are
 * read with the SDK's hooks, under their keys: `pustakKey('books', 'list', params)`,
 * `pustakKey('catalog', 'get', bookId)`, `pustakKey('reviews', 'list', bookId)`,
 * `pustakKey('books', 'byAuthor', author)`.
 */
export const bookKeys = {
  /** The whole list the home page slices. */
  all: ['books', 'list', null] as const,
  bestSellers: ['books', 'bestSellers'] as const,
  genreCounts: ['books', 'genreCounts'] as const,
};
