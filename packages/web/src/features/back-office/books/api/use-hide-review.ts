import { pustakKey } from '@pustak/sdk/swr';
import { useApiCommand } from '../../../../lib/use-api-command';
import { adminBookKeys } from '../query-keys';

/** Hides a review (`POST /review/hide/{reviewId}`, Admin) and reads the book's reviews and stars again. */
export const useHideReview = () =>
  useApiCommand(
    (api, _bookId: string, reviewId: string, reason: string) => api.reviews.hide(reviewId, reason),
    ([bookId]) => [pustakKey('reviews', 'list', bookId), pustakKey('catalog', 'get', bookId), adminBookKeys.all],
  );
