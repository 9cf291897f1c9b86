import { type Book } from '@pustak/sdk';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useToast } from '../../../components';
import { useApi } from '../../../lib/api-client';
import { useAuthDialog } from '../../auth/auth-dialog-store';
import { useSession } from '../../auth/session';

/** SWR key of the signed-in customer's wishlist (the /wishlist page reads it). */
export const WISHLIST_KEY = ['wishlist'] as const;
const checkKey = (bookId: string) => ['wishlist', 'check', bookId] as const;

export interface WishlistStatus {
  /** Bookmarked? false for guests and while the check is loading. */
  saved: boolean;
  /** A toggle call is in flight. */
  busy: boolean;
  toggle: () => Promise<void>;
}

/**
 * Whether a book is on the customer's wishlist (sdk.wishlist.check, signed-in users only)
 * and the toggle behind the heart: add, or remove with DELETE, with the spec's toasts.
 * `known` skips the check where the caller already knows (the wishlist page).
 */
export function useWishlistStatus(bookId: string, known?: boolean): WishlistStatus {
  const api = useApi();
  const toast = useToast();
  const { isSignedIn } = useSession();
  const authDialog = useAuthDialog();
  const { mutate: mutateGlobal } = useSWRConfig();
  const key = isSignedIn ? checkKey(bookId) : null;
  const { data, mutate } = useSWR(key, () => api.wishlist.check(bookId), {
    fallbackData: known,
    revalidateOnMount: known === undefined,
  });
  const [busy, setBusy] = useState(false);
  const saved = isSignedIn && data === true;

  const toggle = async () => {
    if (!isSignedIn) {
      authDialog.open('signIn');
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      if (saved) {
        try {
          await api.wishlist.remove(bookId);
        } catch (error) {
          console.error('Failed to remove from wishlist', error);
          toast.error('Failed to remove from wishlist');
          return;
        }
        toast.success('Removed from Wishlist');
        // The reply settles the state; asking again could contradict it on a stale replica.
        await mutate(false, { revalidate: false });
        await mutateGlobal(
          WISHLIST_KEY,
          (list: Book[] | undefined) => list?.filter((book) => book.bookId !== bookId),
          { revalidate: false },
        );
      } else {
        try {
          await api.wishlist.add(bookId);
        } catch (error) {
          console.error('Failed to add to wishlist', error);
          toast.error('Failed to add to wishlist');
          return;
        }
        toast.success('Bookmarked Successfully');
        await mutate(true, { revalidate: false });
        void mutateGlobal(WISHLIST_KEY);
      }
    } finally {
      setBusy(false);
    }
  };

  return { saved, busy, toggle };
}
