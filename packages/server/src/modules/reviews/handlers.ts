// reviews: a book's reviews, and a customer's review of a book they bought.
import { forgetBooks } from '../../read-cache/policy.js';
import { transact } from '../../shared/context.js';
import type { Handler } from '../../shared/handler.js';
import { reviewView } from '../books/index.js';
import { addReview as addReviewRule, hideReview as hideReviewRule, reviewsOf } from './rules.js';

export const listReviews: Handler<'listReviews'> = async ({ params, services }) => (await reviewsOf(services.db, params.bookId)).map(reviewView);

export const addReview: Handler<'addReview'> = async ({ caller, body, services }) => {
  const review = await addReviewRule(services.db, caller(), body, services.clock.now());
  await forgetBooks(services, [review.book_id]); // the book's stars and reviews; no list's books or order
  return { statusCode: 200, message: 'Review added Successfully;', data: reviewView(review) };
};

export const hideReview: Handler<'hideReview'> = async ({ caller, params, body, services }) => {
  const by = { actor: caller(), now: services.clock.now() };
  const { bookId } = await transact(services.db, services.broadcaster, (tx) => hideReviewRule(tx, params.reviewId, body.reason, by));
  await forgetBooks(services, [bookId]); // the book's stars and reviews
  return { status: 'success', message: 'Review hidden' };
};
