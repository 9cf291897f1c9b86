import { type Order } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { orderKeys } from '../query-keys';

/** The customer's orders (`GET /order/userOrder`; none gives []); no call for guests. */
export function useMyOrders() {
  const api = useApi();
  const { isSignedIn } = useSession();
  return useSWR<Order[]>(isSignedIn ? orderKeys.mine : null, () => api.orders.mine());
}
