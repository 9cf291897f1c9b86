import { type CartItem } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { cartKeys } from '../query-keys';

/** The server-side cart lines (`GET /addToCart/getcartitems`), possibly several per book; no call for guests. */
export function useCart() {
  const api = useApi();
  const { isSignedIn } = useSession();
  return useSWR<CartItem[]>(isSignedIn ? cartKeys.lines : null, () => api.cart.list());
}
