import { type OrderSearchSort, type OrderStatus } from '@pustak/sdk';

/** What an order search asks the server for (`GET /order/search`). */
export interface OrderSearchQuery {
  search: string;
  /** undefined: every status. */
  statuses: readonly OrderStatus[] | undefined;
  sort: OrderSearchSort;
  page: number;
}

/** SWR keys of what the back-office order lists read. */
export const allOrderKeys = {
  /** One page of a search (the Admin and Staff order pages). */
  search: ({ search, statuses, sort, page }: OrderSearchQuery) => ['orders', 'search', search, statuses?.join(',') ?? '', sort, page] as const,
};

/** Whether an SWR key is one of the back-office order lists (every one is read again after a change). */
export const isOrderListKey = (key: unknown) => Array.isArray(key) && key[0] === 'orders' && key[1] === 'search';
