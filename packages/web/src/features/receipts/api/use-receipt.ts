import { useReceipt as useReceiptRead } from '@pustak/sdk/swr';

/** A completed order's receipt (`GET /order/receipt/{orderId}`); the server decides who may read it. */
export function useReceipt(orderId: string) {
  return useReceiptRead(orderId, { revalidateOnFocus: false });
}
