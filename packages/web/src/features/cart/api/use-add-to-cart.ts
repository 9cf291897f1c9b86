import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { signedInOrAsk } from '../../auth';
import { cartKeys } from '../query-keys';

export interface AddToCart {
  /** Resolves true when the book was added; guests get the sign-in dialog and false. */
  add: (bookId: string, quantity?: number) => Promise<boolean>;
  busy: boolean;
}

/**
 * Adds a book to the server-side cart (`POST /addToCart/add`) and refreshes the cart.
 * Rejections are passed on (the caller decides between the spec's 'Failed to Add' toast and a
 * logged failure).
 */
export function useAddToCart(): AddToCart {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  const add = async (bookId: string, quantity = 1) => {
    if (!signedInOrAsk()) return false;
    setBusy(true);
    try {
      await api.cart.add(bookId, quantity);
      void mutate(cartKeys.lines);
      return true;
    } finally {
      setBusy(false);
    }
  };

  return { add, busy };
}
