// Reviews: one per customer and book, after a Completed order with it.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db } from '../../shared/context.js';
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
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id')
    .execute();
}
