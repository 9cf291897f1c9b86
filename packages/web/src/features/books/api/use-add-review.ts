import { type ReviewInput } from '@pustak/sdk';
import { pustakKey } from '@pustak/sdk/swr';
import { useApiCommand } from '../../../lib/use-api-command';

/** Adds a review (`POST /review/addReview`) and reloads the book's reviews. */
export const useAddReview = () =>
  useApiCommand((api, review: ReviewInput) => api.reviews.add(review), ([review]) => [pustakKey('reviews', 'list', review.bookId)]);
