import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { bookKeys } from '../query-keys';

/** Best sellers, best first (`GET /book/bestSeller`). */
export function useBestSellers() {
  const api = useApi();
  return useSWR(bookKeys.bestSellers, () => api.books.bestSellers());
}
