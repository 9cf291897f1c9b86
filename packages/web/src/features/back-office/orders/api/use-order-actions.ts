import { type PustakClient } from '@pustak/sdk';
import { useApi } from '../../../../lib/api-client';
import { useRefreshOrderLists } from './use-refresh-order-lists';

/** One of the shop's changes to an order; every back-office order list is read again after it. */
export function useOrderCommand<A extends unknown[], R>(call: (api: PustakClient, ...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const api = useApi();
  const refresh = useRefreshOrderLists();
  return async (...args: A) => {
    const result = await call(api, ...args);
    refresh();
    return result;
  };
}

/** Marks a Pending order ready for pickup (`PUT /staff/readyOrder/{id}`). */
export const useMarkOrderReady = () => useOrderCommand((api, orderId: string) => api.staff.markReady(orderId));

/** Cancels an open order with a reason (`PUT /staff/cancelOrder/{id}`). */
export const useShopCancelOrder = () => useOrderCommand((api, orderId: string, reason: string) => api.staff.cancelOrder(orderId, reason));
