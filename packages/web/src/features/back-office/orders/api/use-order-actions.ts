import { useApiCommand } from '../../../../lib/use-api-command';
import { allOrderKeys } from '../query-keys';

/** Marks a Pending order ready for pickup (`PUT /staff/readyOrder/{id}`); the lists are read again. */
export const useMarkOrderReady = () => useApiCommand((api, orderId: string) => api.staff.markReady(orderId), () => [allOrderKeys.all]);

/** Cancels an open order with a reason (`PUT /staff/cancelOrder/{id}`); the lists are read again. */
export const useShopCancelOrder = () =>
  useApiCommand((api, orderId: string, reason: string) => api.staff.cancelOrder(orderId, reason), () => [allOrderKeys.all]);
