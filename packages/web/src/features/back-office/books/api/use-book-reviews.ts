import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';

/** A book's reviews; none (a legacy 404) is an empty list. */
export function useBookReviews(bookId: string | undefined) {
  const api = useApi();
  return useSWR(bookId ? ['reviews', bookId] : null, ([, id]) => api.reviews.list(id));
}
