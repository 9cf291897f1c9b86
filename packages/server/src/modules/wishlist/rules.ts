// The customer's wishlist: every entry belongs to one customer.
import type { Db } from '../../shared/context.js';
import { notFound, rejected } from '../../shared/errors.js';
import { withReviews, type BookWithReviews } from '../books/index.js';

export async function wishlist(db: Db, userId: string): Promise<BookWithReviews[]> {
  const books = await db
    .selectFrom('wishlist')
    .innerJoin('books', 'books.id', 'wishlist.book_id')
    .selectAll('books')
    .where('wishlist.user_id', '=', userId)
    .orderBy('wishlist.created_at', 'desc')
    .orderBy('books.id')
    .execute();
  return withReviews(db, books);
}

export async function isWishlisted(db: Db, userId: string, bookId: string): Promise<boolean> {
  const row = await db.selectFrom('wishlist').select('book_id').where('user_id', '=', userId).where('book_id', '=', bookId).executeTakeFirst();
  return row !== undefined;
}

export async function addToWishlist(db: Db, userId: string, bookId: string, now: Date): Promise<void> {
  const book = await db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst();
  if (!book) throw notFound('Book not found');
  const inserted = await db
    .insertInto('wishlist')
    .values({ user_id: userId, book_id: bookId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
    .returning('book_id')
    .executeTakeFirst();
  if (!inserted) throw rejected('Already bookmarked');
}

export async function removeFromWishlist(db: Db, userId: string, bookId: string): Promise<boolean> {
  const result = await db.deleteFrom('wishlist').where('user_id', '=', userId).where('book_id', '=', bookId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
