import { type ReviewInput } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { bookKeys } from '../query-keys';

/** Adds a review (`POST /review/addReview`) and reloads the book's reviews. */
export function useAddReview() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (review: ReviewInput) => {
      const reply = await api.reviews.add(review);
      void mutate(bookKeys.reviews(review.bookId));
      return reply;
    },
    [api, mutate],
  );
}
