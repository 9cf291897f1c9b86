import { type ReviewInput } from '@pustak/sdk';
import { useApiCommand } from '../../../lib/use-api-command';
import { bookKeys } from '../query-keys';

/** Adds a review (`POST /review/addReview`) and reloads the book's reviews. */
export const useAddReview = () =>
  useApiCommand((api, review: ReviewInput) => api.reviews.add(review), ([review]) => [bookKeys.reviews(review.bookId)]);
