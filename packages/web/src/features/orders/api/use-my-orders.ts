import { useMyOrders as useMyOrdersRead } from '@pustak/sdk/swr';
import { useSession } from '../../auth';

/** The customer's orders (`GET /order/userOrder`; none gives []); no call for guests. */
export function useMyOrders() {
  const { isSignedIn } = useSession();
  return useMyOrdersRead(isSignedIn ? undefined : null);
}
