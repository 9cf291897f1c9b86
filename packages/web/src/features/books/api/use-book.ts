import { type Book } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { bookKeys } from '../query-keys';

/**
 * One book by id (`GET /bookcrud/getbookbyid/{id}`), for the storefront page and the back
 * office alike. A book handed over by a card shows at once and is still revalidated, so a
 * direct link or a reload works the same way.
 */
export function useBook(bookId: string | undefined, passed?: Book) {
  const api = useApi();
  return useSWR(bookId ? bookKeys.one(bookId) : null, ([, id]: readonly [string, string]) => api.catalog.get(id), {
    fallbackData: passed && passed.bookId === bookId ? passed : undefined,
    revalidateOnMount: true,
  });
}
