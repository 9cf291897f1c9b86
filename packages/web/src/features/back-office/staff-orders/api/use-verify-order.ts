import { type PaymentMethod } from '@pustak/sdk';
import { useOrderCommand } from '../../orders';

/**
 * Hands an order over at pickup with its claim code and how the customer paid
 * (`PUT /staff/verifyOrder/{id}`); every order list is read again.
 */
export const useVerifyOrder = () =>
  useOrderCommand((api, orderId: string, claimCode: string, paymentMethod: PaymentMethod) => api.staff.verifyOrder(orderId, claimCode, { paymentMethod }));
