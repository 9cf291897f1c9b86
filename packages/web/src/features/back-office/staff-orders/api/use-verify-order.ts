import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../../lib/api-client';
import { allOrderKeys } from '../../orders';

/** Completes an order at pickup with its claim code (`PUT /staff/verifyOrder/{id}`); the lists are read again. */
export function useVerifyOrder() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (orderId: string, claimCode: string) => {
      const reply = await api.staff.verifyOrder(orderId, claimCode);
      void mutate(allOrderKeys.all);
      return reply;
    },
    [api, mutate],
  );
}
