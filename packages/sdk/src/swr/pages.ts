import { useCallback } from 'react';
import useSWRInfinite, { type SWRInfiniteConfiguration, type SWRInfiniteKeyedMutator } from 'swr/infinite';
import type { PustakClient } from '../client.js';
import type { Page } from '../pages.js';
import type { ActivityEntry, Book, ListActivityParams, ListBooksParams, ListUsersParams, Order, SearchOrdersParams, User } from '../types.js';
import { usePustakClient } from './client-context.js';
import { pustakKey, type PustakGroup, type PustakKey, type PustakMethod } from './keys.js';
import type { PustakError } from './read.js';

/** SWR's options of a paged hook (`useSWRInfinite`'s), and the client to call. */
export type PustakPagesConfiguration<T> = SWRInfiniteConfiguration<Page<T>, PustakError> & { client?: PustakClient | undefined };

/** A list read page after page: the pages so far, their items, and the way to the next page. */
export interface PustakPages<T> {
  /** The pages read so far, first first (undefined before the first arrives). */
  pages: Page<T>[] | undefined;
  /** Every item of those pages, in order. */
  items: T[];
  /** Whether the last page read has one after it. */
  hasNextPage: boolean;
  /** Reads the next page; does nothing after the last one or while one is loading. */
  loadMore: () => Promise<void>;
  /** The first page is loading. */
  isLoading: boolean;
  /** A page after the first is loading. */
  isLoadingMore: boolean;
  /** Any page is being read (again). */
  isValidating: boolean;
  error: PustakError | undefined;
  /** useSWRInfinite's mutate: `mutate()` reads the pages again. */
  mutate: SWRInfiniteKeyedMutator<Page<T>[]>;
}

type PageCall = (params: { page?: number | undefined }) => Promise<Page<unknown>>;

/**
 * `client[group][method](params)` page after page (a {@link Page} method of the client: `page`,
 * `staffPage`), each page under its own key with its page number; null `params` fetches nothing.
 * The next page is asked for while the last read one says `hasNextPage()`; loading more does
 * not read the first page again (`revalidateFirstPage: false` unless `config` says otherwise).
 */
export function usePustakPages<T, P extends { page?: number | undefined }, G extends PustakGroup = PustakGroup>(
  group: G,
  method: PustakMethod<G>,
  params: P | null | undefined,
  config: PustakPagesConfiguration<T> | undefined,
): PustakPages<T> {
  const { client: passed, ...options } = config ?? {};
  const client = usePustakClient(passed);
  const getKey = (index: number, previous: Page<T> | null): PustakKey | null => {
    if (params === null || (previous && !previous.hasNextPage())) return null;
    const first = params?.page ?? 1;
    return pustakKey(group, method, { ...params, page: first + index });
  };
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<Page<T>, PustakError, typeof getKey>(
    getKey,
    ([, , , pageParams]: PustakKey) => (client[group][method] as PageCall)(pageParams as P) as Promise<Page<T>>,
    // Reading the next page is not a reason to read the first again (SWR's default).
    { revalidateFirstPage: false, ...options },
  );
  const last = data?.[data.length - 1];
  const hasNextPage = last?.hasNextPage() ?? false;
  const isLoadingMore = !isLoading && size > 0 && data !== undefined && data[size - 1] === undefined;
  const loadMore = useCallback(async () => {
    if (!hasNextPage || isLoadingMore) return;
    await setSize(size + 1);
  }, [hasNextPage, isLoadingMore, setSize, size]);
  return {
    pages: data,
    items: data?.flatMap((page) => page.items) ?? [],
    hasNextPage,
    loadMore,
    isLoading,
    isLoadingMore,
    isValidating,
    error,
    mutate,
  };
}

/** `books.page` page after page: `const { items, hasNextPage, loadMore } = useBookPages({ genre })`. */
export const useBookPages = (params?: ListBooksParams | null, config?: PustakPagesConfiguration<Book>): PustakPages<Book> =>
  usePustakPages('books', 'page', params, config);
/** `users.page` (customers) page after page. */
export const useUserPages = (params?: ListUsersParams | null, config?: PustakPagesConfiguration<User>): PustakPages<User> =>
  usePustakPages('users', 'page', params, config);
/** `users.staffPage` (staff accounts) page after page. */
export const useStaffPages = (params?: ListUsersParams | null, config?: PustakPagesConfiguration<User>): PustakPages<User> =>
  usePustakPages('users', 'staffPage', params, config);
/** `orders.page` (the orders a search finds) page after page. */
export const useOrderPages = (params?: SearchOrdersParams | null, config?: PustakPagesConfiguration<Order>): PustakPages<Order> =>
  usePustakPages('orders', 'page', params, config);
/** `activity.page` (the activity log, newest first) page after page. */
export const useActivityPages = (params?: ListActivityParams | null, config?: PustakPagesConfiguration<ActivityEntry>): PustakPages<ActivityEntry> =>
  usePustakPages('activity', 'page', params, config);
