// Reviews: one per customer and book, after a Completed order with it.
import { randomUUID } from 'node:crypto';
import { logActivity } from '../../shared/activity-log.js';
import { isUniqueViolation, type Db, type Tx } from '../../shared/context.js';
import { notFound, rejected, RuleRefusal } from '../../shared/errors.js';
import type { ReviewView } from '../books/index.js';

export interface ReviewInput {
  bookId: string;
  Stars: number;
  Comment: string;
}

const ALREADY_REVIEWED = 'You have already reviewed this book.';

/** One review per customer and book, 1..5 stars, a comment that is not blank, after a Completed order with the book. */
export async function addReview(db: Db, user: { id: string; username: string }, input: ReviewInput, now: Date): Promise<ReviewView> {
  const stars = Number(input.Stars);
  if (!Number.isInteger(stars) || stars < 1 || stars > 5) throw rejected('Stars must be a whole number from 1 to 5.');
  const comment = input.Comment.trim();
  if (!comment) throw rejected('Please enter a review');
  const book = await db.selectFrom('books').select('id').where('id', '=', input.bookId).executeTakeFirst();
  if (!book) throw notFound('Book not found');
  const bought = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('books', 'books.id', 'order_items.book_id')
    .select('orders.id')
    .where('orders.user_id', '=', user.id)
    .where('orders.status', '=', 'Completed')
    .where('order_items.book_id', '=', input.bookId)
    .executeTakeFirst();
  if (!bought) throw rejected('You must purchase the book before reviewing it.');
  try {
    const review = await db
      .insertInto('reviews')
      .values({ id: randomUUID(), book_id: input.bookId, user_id: user.id, stars, comment, created_at: now })
      .onConflict((oc) => oc.columns(['book_id', 'user_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!review) throw rejected(ALREADY_REVIEWED);
    return { ...review, username: user.username };
  } catch (error) {
    if (!(error instanceof RuleRefusal) && isUniqueViolation(error)) throw rejected(ALREADY_REVIEWED);
    throw error;
  }
}

export async function reviewsOf(db: Db, bookId: string): Promise<ReviewView[]> {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'reviews.book_id', 'reviews.user_id', 'users.username', 'reviews.stars', 'reviews.comment', 'reviews.created_at'])
    .where('reviews.book_id', '=', bookId)
    .where('reviews.hidden_at', 'is', null)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id')
    .execute();
}

/**
 * An admin hides a review: kept, but out of the book's list and average from now on. Logged with
 * the reason; hiding a hidden review again changes and logs nothing. Answers the review's book.
 */
export async function hideReview(tx: Tx, id: string, reason: string, { actor, now }: { actor: { id: string; username: string }; now: Date }): Promise<{ bookId: string }> {
  const why = reason.trim();
  if (!why) throw rejected('A reason is required');
  const review = await tx
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .innerJoin('books', 'books.id', 'reviews.book_id')
    .select(['reviews.id', 'reviews.book_id', 'reviews.hidden_at', 'reviews.stars', 'reviews.comment', 'users.username', 'books.title'])
    .where('reviews.id', '=', id)
    .forUpdate('reviews')
    .executeTakeFirst();
  if (!review) throw notFound('Review not found');
  if (review.hidden_at) return { bookId: review.book_id };
  await tx.updateTable('reviews').set({ hidden_at: now, hidden_reason: why }).where('id', '=', id).execute();
  await logActivity(tx, {
    actor,
    kind: 'review.hidden',
    target: { id, label: `${review.username} on ${review.title}` },
    before: { hidden: false, stars: review.stars, comment: review.comment },
    after: { hidden: true, reason: why },
    at: now,
  });
  return { bookId: review.book_id };
}
