import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';
import { adminBookKeys } from '../query-keys';

/**
 * The header's book title from `GET /api/bookcrud/get/{id}` (the legacy doubled-/api path). No
 * legacy server answers it, so one failure is enough: the header then uses the loaded book.
 */
export function useBookTitle(bookId: string | undefined) {
  const api = useApi();
  return useSWR(bookId ? adminBookKeys.title(bookId) : null, ([, id]: readonly [string, string]) => api.catalog.getTitle(id), {
    shouldRetryOnError: false,
  });
}
