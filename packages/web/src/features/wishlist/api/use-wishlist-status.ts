import { useState } from 'react';
import { useToast } from '../../../components/toaster';
import { signedInOrAsk, useSession } from '../../auth';
import { useAddToWishlist, useRemoveFromWishlist } from './use-wishlist-mutations';
import { useWishlistCheck } from './use-wishlist-check';

export interface WishlistStatus {
  /** Bookmarked? false for guests and while the check is loading. */
  saved: boolean;
  /** A toggle call is in flight. */
  busy: boolean;
  toggle: () => Promise<void>;
}

/**
 * The heart of a book card: whether it is bookmarked, and the toggle (add, or remove with
 * DELETE) with the spec's toasts. A guest gets the sign-in dialog.
 */
export function useWishlistStatus(bookId: string, known?: boolean): WishlistStatus {
  const toast = useToast();
  const { isSignedIn } = useSession();
  const { data } = useWishlistCheck(bookId, known);
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const [busy, setBusy] = useState(false);
  const saved = isSignedIn && data === true;

  const toggle = async () => {
    if (!signedInOrAsk()) return;
    if (busy) return;
    setBusy(true);
    const [call, done, failed] = saved
      ? [remove, 'Removed from Wishlist', 'Failed to remove from wishlist']
      : [add, 'Bookmarked Successfully', 'Failed to add to wishlist'];
    try {
      await call(bookId);
      toast.success(done);
    } catch (error) {
      console.error(failed, error);
      toast.error(failed);
    } finally {
      setBusy(false);
    }
  };

  return { saved, busy, toggle };
}
