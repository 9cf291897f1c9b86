import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { useAuthDialog } from '../../auth/auth-dialog-store';
import { useSession } from '../../auth/session';

/** SWR key of the customer's cart lines (the /cart page reads it). */
export const CART_KEY = ['cart'] as const;

export interface AddToCart {
  /** Resolves true when the book was added; guests get the sign-in dialog and false. */
  add: (bookId: string, quantity?: number) => Promise<boolean>;
  busy: boolean;
}

/**
 * Adds a book to the server-side cart and refreshes the cart. Rejections are passed on
 * (the caller decides between the spec's 'Failed to Add' toast and a logged failure).
 */
export function useAddToCart(): AddToCart {
  const api = useApi();
  const { isSignedIn } = useSession();
  const authDialog = useAuthDialog();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  const add = async (bookId: string, quantity = 1) => {
    if (!isSignedIn) {
      authDialog.open('signIn');
      return false;
    }
    setBusy(true);
    try {
      await api.cart.add(bookId, quantity);
      void mutate(CART_KEY);
      return true;
    } finally {
      setBusy(false);
    }
  };

  return { add, busy };
}
