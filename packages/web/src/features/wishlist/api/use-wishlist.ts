import { useWishlist as useWishlistRead } from '@pustak/sdk/swr';
import { useSession } from '../../auth';

/** The customer's bookmarked books (`GET /book/getWishlist`); the hearts keep this cache in step. */
export function useWishlist() {
  const { isSignedIn } = useSession();
  return useWishlistRead(isSignedIn ? undefined : null);
}
