import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { bookKeys } from '../query-keys';

/** The whole public book list (`GET /book/all` without params), which the home page slices into sections. */
export function useBookList() {
  const api = useApi();
  return useSWR(bookKeys.all, () => api.books.list(), { keepPreviousData: true });
}
