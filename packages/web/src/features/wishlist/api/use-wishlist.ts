import { type Book } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { WISHLIST_KEY } from '../../books';

/** The customer's bookmarked books (the book cards' heart keeps this cache in step). */
export function useWishlist() {
  const api = useApi();
  const { isSignedIn } = useSession();
  return useSWR<Book[]>(isSignedIn ? WISHLIST_KEY : null, () => api.wishlist.list());
}
