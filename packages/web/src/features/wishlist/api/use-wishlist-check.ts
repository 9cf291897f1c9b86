import { useWishlistCheck as useWishlistCheckRead } from '@pustak/sdk/swr';
import { useSession } from '../../auth';

/**
 * Whether a book is bookmarked (`GET /book/checkWishlist/{id}`, signed-in users only).
 * `known` skips the call where the caller already knows (the wishlist page).
 */
export function useWishlistCheck(bookId: string, known?: boolean) {
  const { isSignedIn } = useSession();
  return useWishlistCheckRead(isSignedIn ? bookId : null, {
    fallbackData: known,
    revalidateOnMount: known === undefined,
  });
}
