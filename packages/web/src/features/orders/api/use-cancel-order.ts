import { useApiCommand } from '../../../lib/use-api-command';
import { orderKeys } from '../query-keys';

/** Cancels an open order (`PUT /order/cancel/{id}`) and reads the orders again. */
export const useCancelOrder = () =>
  useApiCommand((api, orderId: string) => api.orders.cancel(orderId), () => [orderKeys.mine]);

/** Has the order's confirmation e-mail (with its claim code) sent again (`POST /order/resendConfirmation/{id}`). */
export const useResendConfirmation = () => useApiCommand((api, orderId: string) => api.orders.resendConfirmation(orderId), () => []);
