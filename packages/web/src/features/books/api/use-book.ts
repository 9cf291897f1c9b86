import { type Book } from '@pustak/sdk';
import { useBook as useBookRead } from '@pustak/sdk/swr';

/**
 * One book by id (`GET /bookcrud/getbookbyid/{id}`), for the storefront page and the back
 * office alike. A book handed over by a card shows at once and is still revalidated, so a
 * direct link or a reload works the same way.
 */
export function useBook(bookId: string | undefined, passed?: Book) {
  return useBookRead(bookId ?? null, {
    fallbackData: passed && passed.bookId === bookId ? passed : undefined,
    revalidateOnMount: true,
  });
}
