import { type Book } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { wishlistKeys } from '../query-keys';

/** The customer's bookmarked books (`GET /book/getWishlist`); the hearts keep this cache in step. */
export function useWishlist() {
  const api = useApi();
  const { isSignedIn } = useSession();
  return useSWR<Book[]>(isSignedIn ? wishlistKeys.list : null, () => api.wishlist.list());
}
