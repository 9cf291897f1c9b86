import { pustakKey } from '@pustak/sdk/swr';

/** SWR keys of what the receipts feature reads (the SDK hooks' keys: the call is the key). */
export const receiptKeys = {
  /** One order's receipt (it never changes once the order is handed over). */
  of: (orderId: string) => pustakKey('orders', 'receipt', orderId),
};
