import { type PustakClient } from '@pustak/sdk';
import { parseBooksQuery, toListBooksParams } from '@pustak/sdk/domain';
import { pustakKey } from '@pustak/sdk/swr';

/**
 * One read a page makes on its first render: the SWR key its hook reads under and the SDK call
 * behind it. A page served with its data (src/prerender.tsx) makes these on the server, and the
 * build records their addresses (page hints); the hooks below make the same calls under the same keys.
 */
export interface PageRead {
  key: readonly unknown[];
  read: (api: PustakClient) => Promise<unknown>;
}

/** /books with `search` (its query string): the page of books (useBookPage). */
export function booksPageReads(search: string): PageRead[] {
  const params = toListBooksParams(parseBooksQuery(search));
  return [{ key: pustakKey('books', 'list', params), read: (api) => api.books.list(params) }];
}

/** A book page: the book and its reviews (useBook, useReviews); more by its author needs the book first. */
export function bookPageReads(bookId: string): PageRead[] {
  return [
    { key: pustakKey('catalog', 'get', bookId), read: (api) => api.catalog.get(bookId) },
    { key: pustakKey('reviews', 'list', bookId), read: (api) => api.reviews.list(bookId) },
  ];
}
