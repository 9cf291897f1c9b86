import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';

/** SWR key of a book's reviews. */
export const reviewsKey = (bookId: string) => ['reviews', bookId] as const;

/** A book's reviews (a book without reviews gives []). */
export function useReviews(bookId: string | undefined) {
  const api = useApi();
  return useSWR(bookId ? reviewsKey(bookId) : null, () => api.reviews.list(bookId as string));
}
