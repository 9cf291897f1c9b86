import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';
import { allOrderKeys } from '../query-keys';

/** Every order (`GET /order/all`); none at all (a legacy 404) is an empty list. */
export function useAllOrders() {
  const api = useApi();
  return useSWR(allOrderKeys.all, () => api.orders.all());
}
