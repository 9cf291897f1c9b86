import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';

/** SWR key of the unpaged admin book list. */
export const ALL_BOOKS_KEY = ['catalog', 'all'] as const;

/** Every book (`GET /bookcrud/getallbooks`). */
export function useAllBooks() {
  const api = useApi();
  return useSWR(ALL_BOOKS_KEY, () => api.catalog.listAll());
}
