import { type Cart } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { cartKeys } from '../query-keys';

/**
 * The server-side cart (`GET /addToCart/getcartitems`): its lines and its totals, priced by the
 * server in one answer (shown as they are); no call for guests.
 */
export function useCart() {
  const api = useApi();
  const { isSignedIn } = useSession();
  return useSWR<Cart>(isSignedIn ? cartKeys.lines : null, () => api.cart.list());
}
