import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';

/** SWR key of one book as the admin pages load it (shared by the view page, the edit form and the header). */
export const adminBookKey = (bookId: string) => ['admin-book', bookId] as const;

/** One book (`GET /bookcrud/getbookbyid/{id}`). */
export function useAdminBook(bookId: string | undefined) {
  const api = useApi();
  return useSWR(bookId ? adminBookKey(bookId) : null, ([, id]) => api.catalog.get(id));
}

/**
 * The header's book title from `GET /api/bookcrud/get/{id}` (the legacy doubled-/api path). No
 * legacy server answers it, so one failure is enough: the header then uses the loaded book.
 */
export function useBookTitle(bookId: string | undefined) {
  const api = useApi();
  return useSWR(bookId ? ['book-title', bookId] : null, ([, id]) => api.catalog.getTitle(id), {
    shouldRetryOnError: false,
  });
}
