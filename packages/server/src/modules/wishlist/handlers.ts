// wishlist: the customer's bookmarked books.
import type { Handler } from '../../shared/handler.js';
import { bookView } from '../books/index.js';
import { addToWishlist as addToWishlistRule, isWishlisted, removeFromWishlist as removeFromWishlistRule, wishlist } from './rules.js';

export const getWishlist: Handler<'getWishlist'> = async ({ caller, services, origin }) => {
  const now = services.clock.now();
  return {
    status: 'success',
    code: 200,
    message: 'Wishlist retrieved successfully',
    data: (await wishlist(services.db, caller().id)).map((row) => bookView(row, origin, now)),
  };
};

export const checkWishlist: Handler<'checkWishlist'> = async ({ caller, params, services }) =>
  (await isWishlisted(services.db, caller().id, params.bookId))
    ? { status: true, code: 200, message: 'Book is in the wishlist' }
    : { status: false, code: 200, message: 'Book is not in the wishlist' };

export const addToWishlist: Handler<'addToWishlist'> = async ({ caller, body, services }) => {
  await addToWishlistRule(services.db, caller().id, body.bookId, services.clock.now());
  return { status: true, statusCode: 200, message: 'Bookmarked successfully' };
};

const removeFromWishlistBoth = async (userId: string, bookId: string, db: Parameters<typeof removeFromWishlistRule>[0]) =>
  (await removeFromWishlistRule(db, userId, bookId))
    ? { status: true, statusCode: 200, message: 'Removed from wishlist' }
    : { status: false, code: 200, message: 'Book is not in the wishlist' };

export const removeFromWishlist: Handler<'removeFromWishlist'> = async ({ caller, params, services }) =>
  removeFromWishlistBoth(caller().id, params.bookId, services.db);

export const removeFromWishlistByPut: Handler<'removeFromWishlistByPut'> = async ({ caller, params, services }) =>
  removeFromWishlistBoth(caller().id, params.bookId, services.db);
