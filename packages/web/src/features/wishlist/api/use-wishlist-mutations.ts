import { type Book } from '@pustak/sdk';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { wishlistKeys } from '../query-keys';

/** Bookmarks a book (`POST /book/addWishlist`); the reply settles its heart and the list is read again. */
export function useAddToWishlist() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return async (bookId: string) => {
    await api.wishlist.add(bookId);
    await mutate(wishlistKeys.check(bookId), true, { revalidate: false });
    void mutate(wishlistKeys.list);
  };
}

/**
 * Removes a bookmark with DELETE (`DELETE /book/remove/{id}`). The reply settles the state:
 * asking again could contradict it on a stale replica, so the caches are updated in place.
 */
export function useRemoveFromWishlist() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return async (bookId: string) => {
    await api.wishlist.remove(bookId);
    await mutate(wishlistKeys.check(bookId), false, { revalidate: false });
    await mutate(wishlistKeys.list, (list: Book[] | undefined) => list?.filter((book) => book.bookId !== bookId), {
      revalidate: false,
    });
  };
}
