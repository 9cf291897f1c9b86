import { type Receipt } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { receiptKeys } from '../query-keys';

/** A completed order's receipt (`GET /order/receipt/{orderId}`); the server decides who may read it. */
export function useReceipt(orderId: string) {
  const api = useApi();
  return useSWR<Receipt>(receiptKeys.of(orderId), () => api.orders.receipt(orderId), { revalidateOnFocus: false });
}
