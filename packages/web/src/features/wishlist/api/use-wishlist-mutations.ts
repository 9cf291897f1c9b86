import { type Book, type PustakClient } from '@pustak/sdk';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { wishlistKeys } from '../query-keys';

/**
 * A wishlist write whose reply settles the book's heart: asking the server again could
 * contradict it on a stale replica, so the caches are set in place.
 */
function useWishlistWrite(call: (api: PustakClient, bookId: string) => Promise<unknown>, saved: boolean) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return async (bookId: string) => {
    await call(api, bookId);
    await mutate(wishlistKeys.check(bookId), saved, { revalidate: false });
    if (saved) void mutate(wishlistKeys.list);
    else {
      const without = (list: Book[] | undefined) => list?.filter((book) => book.bookId !== bookId);
      await mutate(wishlistKeys.list, without, { revalidate: false });
    }
  };
}

/** Bookmarks a book (`POST /book/addWishlist`); the list is read again. */
export const useAddToWishlist = () => useWishlistWrite((api, bookId) => api.wishlist.add(bookId), true);

/** Removes a bookmark with DELETE (`DELETE /book/remove/{id}`); the list drops it in place. */
export const useRemoveFromWishlist = () => useWishlistWrite((api, bookId) => api.wishlist.remove(bookId), false);
