import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders';
import { cartKeys } from '../query-keys';

/**
 * Places the cart as an order (`POST /order/place`) at the total the customer is looking at:
 * when the server's total differs (a deal ended, a price changed), nothing is ordered and the
 * SDK's PricesChangedError is thrown. Either way the cart is read again (and My Orders).
 */
export function usePlaceOrder() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (expectedTotal: number) => {
      try {
        const reply = await api.orders.place({ expectedTotal });
        void mutate(orderKeys.mine);
        return reply.data;
      } finally {
        void mutate(cartKeys.lines);
      }
    },
    [api, mutate],
  );
}
