import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';

/** The whole list the home page slices into sections (GET /book/all with no parameters). */
export function useHomeBooks() {
  const api = useApi();
  return useSWR(['books', 'home'], async () => (await api.books.list()).items);
}

/** Best sellers, best first. */
export function useBestSellers() {
  const api = useApi();
  return useSWR(['books', 'bestSellers'], () => api.books.bestSellers());
}
