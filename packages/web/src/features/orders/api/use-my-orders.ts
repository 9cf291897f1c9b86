import { type Order } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth/session';

/** SWR key of the customer's orders (Place Order refreshes it too). */
export const MY_ORDERS_KEY = ['orders', 'mine'] as const;

/** The customer's orders (none gives []). */
export function useMyOrders() {
  const api = useApi();
  const { isSignedIn } = useSession();
  return useSWR<Order[]>(isSignedIn ? MY_ORDERS_KEY : null, () => api.orders.mine());
}
