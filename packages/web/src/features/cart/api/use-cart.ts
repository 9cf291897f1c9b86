import { type CartItem } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth/session';

/** SWR key of the customer's cart lines (the book cards' Add to cart refreshes it too). */
export const CART_KEY = ['cart'] as const;

/** The server-side cart lines, as the server holds them (possibly several per book). */
export function useCart() {
  const api = useApi();
  const { isSignedIn } = useSession();
  return useSWR<CartItem[]>(isSignedIn ? CART_KEY : null, () => api.cart.list());
}
