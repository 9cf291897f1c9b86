import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { bookKeys } from '../query-keys';

/** A book's reviews (`GET /review/getReviews/{id}`); none (a legacy 404) is an empty list. */
export function useReviews(bookId: string | undefined) {
  const api = useApi();
  return useSWR(bookId ? bookKeys.reviews(bookId) : null, ([, id]: readonly [string, string]) => api.reviews.list(id));
}
