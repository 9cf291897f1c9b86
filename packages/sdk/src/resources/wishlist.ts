import type { Book, RequestOptions, WishlistResult } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** The customer's bookmarks. All need a bearer token. */
export interface WishlistApi {
  /** `getWishlist` — the bookmarked books. */
  list(options?: RequestOptions): Promise<Book[]>;
  /** `checkWishlist` — whether the book is bookmarked (the reply's boolean `status`). */
  check(bookId: string, options?: RequestOptions): Promise<boolean>;
  /** `addToWishlist` — a duplicate is a 400 "Already bookmarked". */
  add(bookId: string, options?: RequestOptions): Promise<WishlistResult>;
  /** `removeFromWishlist` — DELETE; `status: false` when it was not bookmarked. */
  remove(bookId: string, options?: RequestOptions): Promise<WishlistResult>;
  /** `removeFromWishlistByPut` — the deal card's PUT form with an empty body; same reply. */
  removeWithPut(bookId: string, options?: RequestOptions): Promise<WishlistResult>;
}

export function wishlistApi(raw: RawClient): WishlistApi {
  const book = (bookId: string) => ({ params: { path: { bookId } } });
  return {
    list: async (options) => (await unwrap(raw.GET('/book/getWishlist', init(options)))).data,
    check: async (bookId, options) =>
      (await unwrap(raw.GET('/book/checkWishlist/{bookId}', { ...book(bookId), ...init(options) }))).status,
    add: (bookId, options) => unwrap(raw.POST('/book/addWishlist', { body: { bookId }, ...init(options) })),
    remove: (bookId, options) => unwrap(raw.DELETE('/book/remove/{bookId}', { ...book(bookId), ...init(options) })),
    removeWithPut: (bookId, options) => unwrap(raw.PUT('/book/remove/{bookId}', { ...book(bookId), ...init(options) })),
  };
}
