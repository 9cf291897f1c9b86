import type { RequestOptions, Review, ReviewAdded, ReviewInput, StatusMessage } from '../types.js';
import { emptyOn404, init, unwrap, type RawClient } from './call.js';

/** Book reviews. */
export interface ReviewsApi {
  /** `listReviews` — public; a book without reviews (a 404) gives `[]`. */
  list(bookId: string, options?: RequestOptions): Promise<Review[]>;
  /** `addReview` — sends `{bookId, Stars, Comment}`; only after a completed purchase (400 otherwise). */
  add(input: ReviewInput, options?: RequestOptions): Promise<ReviewAdded>;
  /** `hideReview` (Admin) — the review leaves the book's list and average; the reason goes to the activity log. */
  hide(reviewId: string, reason: string, options?: RequestOptions): Promise<StatusMessage>;
}

export function reviewsApi(raw: RawClient): ReviewsApi {
  return {
    list: (bookId, options) =>
      emptyOn404(unwrap(raw.GET('/review/getReviews/{bookId}', { params: { path: { bookId } }, ...init(options) }))),
    add: ({ bookId, stars, comment }, options) =>
      unwrap(raw.POST('/review/addReview', { body: { bookId, Stars: stars, Comment: comment }, ...init(options) })),
    hide: (reviewId, reason, options) => unwrap(raw.POST('/review/hide/{reviewId}', { params: { path: { reviewId } }, body: { reason }, ...init(options) })),
  };
}
