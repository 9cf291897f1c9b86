import { pustakKey } from '@pustak/sdk/swr';

/** SWR keys of what the wishlist feature reads (the SDK hooks' keys: the call is the key). */
export const wishlistKeys = {
  /** The signed-in customer's bookmarked books (`wishlist.list()`). */
  list: pustakKey('wishlist', 'list'),
  /** Whether one book is bookmarked (`wishlist.check(bookId)`). */
  check: (bookId: string) => pustakKey('wishlist', 'check', bookId),
};
