import { useApiCommand } from '../../../../lib/use-api-command';
import { allOrderKeys } from '../../orders';

/** Completes an order at pickup with its claim code (`PUT /staff/verifyOrder/{id}`); the lists are read again. */
export const useVerifyOrder = () =>
  useApiCommand((api, orderId: string, claimCode: string) => api.staff.verifyOrder(orderId, claimCode), () => [
    allOrderKeys.all,
  ]);
