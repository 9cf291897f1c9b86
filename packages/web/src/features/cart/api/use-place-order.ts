import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { orderKeys } from '../../orders';
import { cartKeys } from '../query-keys';

/** Places the cart as an order (`POST /order/place`); the cart and My Orders are read again. */
export function usePlaceOrder() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    const reply = await api.orders.place();
    void mutate(cartKeys.lines);
    void mutate(orderKeys.mine);
    return reply.data;
  }, [api, mutate]);
}
