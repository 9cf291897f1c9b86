import { type Book } from '@pustak/sdk';

/** The admin Books search: title, author or genre contain the query, case-insensitive. */
export function filterBooks(books: readonly Book[], query: string): Book[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...books];
  return books.filter((book) =>
    [book.title, book.author, book.genre].some((field) => (field ?? '').toLowerCase().includes(needle)),
  );
}
