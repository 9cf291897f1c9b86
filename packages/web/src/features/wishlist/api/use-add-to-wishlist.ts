import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { wishlistKeys } from '../query-keys';

/** Bookmarks a book (`POST /book/addWishlist`); the reply settles its heart and the list is read again. */
export function useAddToWishlist() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (bookId: string) => {
      await api.wishlist.add(bookId);
      await mutate(wishlistKeys.check(bookId), true, { revalidate: false });
      void mutate(wishlistKeys.list);
    },
    [api, mutate],
  );
}
