import { type Book } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';

/**
 * One book by id (public). A book handed over by the card shows at once and is still
 * revalidated, so a direct link or a reload works the same way.
 */
export function useBook(bookId: string | undefined, passed?: Book) {
  const api = useApi();
  return useSWR(bookId ? ['book', bookId] : null, () => api.catalog.get(bookId as string), {
    fallbackData: passed && passed.bookId === bookId ? passed : undefined,
    revalidateOnMount: true,
  });
}
