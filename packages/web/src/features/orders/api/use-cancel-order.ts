import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { orderKeys } from '../query-keys';

/** Cancels a Pending order (`PUT /order/cancel/{id}`) and reads the orders again. */
export function useCancelOrder() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (orderId: string) => {
      const reply = await api.orders.cancel(orderId);
      void mutate(orderKeys.mine);
      return reply;
    },
    [api, mutate],
  );
}
