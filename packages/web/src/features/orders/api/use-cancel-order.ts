import { useApiCommand } from '../../../lib/use-api-command';
import { orderKeys } from '../query-keys';

/** Cancels a Pending order (`PUT /order/cancel/{id}`) and reads the orders again. */
export const useCancelOrder = () =>
  useApiCommand((api, orderId: string) => api.orders.cancel(orderId), () => [orderKeys.mine]);
