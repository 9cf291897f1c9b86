import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';

/** SWR key of every order (Admin and Staff lists). */
export const ALL_ORDERS_KEY = ['orders', 'all'] as const;

/** Every order (`GET /order/all`); none at all (a legacy 404) is an empty list. */
export function useAllOrders() {
  const api = useApi();
  return useSWR(ALL_ORDERS_KEY, () => api.orders.all());
}
