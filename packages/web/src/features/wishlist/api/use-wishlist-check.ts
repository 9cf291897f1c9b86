import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { wishlistKeys } from '../query-keys';

/**
 * Whether a book is bookmarked (`GET /book/checkWishlist/{id}`, signed-in users only).
 * `known` skips the call where the caller already knows (the wishlist page).
 */
export function useWishlistCheck(bookId: string, known?: boolean) {
  const api = useApi();
  const { isSignedIn } = useSession();
  return useSWR(isSignedIn ? wishlistKeys.check(bookId) : null, () => api.wishlist.check(bookId), {
    fallbackData: known,
    revalidateOnMount: known === undefined,
  });
}
