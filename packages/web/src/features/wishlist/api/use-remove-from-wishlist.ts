import { type Book } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { wishlistKeys } from '../query-keys';

/**
 * Removes a bookmark with DELETE (`DELETE /book/remove/{id}`). The reply settles the state:
 * asking again could contradict it on a stale replica, so the caches are updated in place.
 */
export function useRemoveFromWishlist() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (bookId: string) => {
      await api.wishlist.remove(bookId);
      await mutate(wishlistKeys.check(bookId), false, { revalidate: false });
      await mutate(wishlistKeys.list, (list: Book[] | undefined) => list?.filter((book) => book.bookId !== bookId), {
        revalidate: false,
      });
    },
    [api, mutate],
  );
}
