import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { bookKeys } from '../query-keys';

/** Every genre with its books in the whole catalogue, as the server counts them (`GET /book/genres`). */
export function useGenreCounts() {
  const api = useApi();
  return useSWR(bookKeys.genreCounts, () => api.books.genreCounts());
}
