import { ADMIN_PAGE_SIZE } from '@pustak/sdk/domain';
import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';
import { type OrderSearchQuery, allOrderKeys } from '../query-keys';

/**
 * One server page of orders found, filtered and sorted (`GET /order/search`). Each page says
 * which query it answers (`query`): while the next one loads, the previous stays on screen.
 */
export function useOrderSearch(query: OrderSearchQuery) {
  const api = useApi();
  return useSWR(
    allOrderKeys.search(query),
    async () => {
      const { search, statuses, sort, page } = query;
      const found = await api.orders.search({ page, pageSize: ADMIN_PAGE_SIZE, sort, ...(search ? { search } : {}), ...(statuses ? { status: [...statuses] } : {}) });
      return { ...found, query };
    },
    { keepPreviousData: true },
  );
}
