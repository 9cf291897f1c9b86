/**
 * `@pustak/sdk/swr`: React hooks over the client's reads, with [SWR](https://swr.vercel.app).
 * `react` and `swr` are optional peer dependencies, needed by this entry only.
 *
 * ```tsx
 * import { createPustakClient } from '@pustak/sdk';
 * import { PustakClientProvider, useBook, useBookPages } from '@pustak/sdk/swr';
 *
 * const client = createPustakClient({ baseUrl: '/api' });
 * <PustakClientProvider client={client}><Shelf /></PustakClientProvider>;
 *
 * function Shelf() {
 *   const { items, hasNextPage, loadMore } = useBookPages({ genre: 'Fiction' });
 *   const { data: first, error } = useBook(items[0]?.bookId ?? null); // null: not yet
 *   ...
 * }
 * ```
 *
 * - one hook per read (`useBooks`, `useBook`, `useCart`, `useMyOrders`, `useUsers`...), typed
 *   with the call's data and its errors ({@link PustakError}: the SDK's `ApiError` subclasses
 *   and `NetworkError`);
 * - its SWR key is the call: {@link pustakKey}`(group, method, ...args)`, so two components
 *   making the same call share one request and one cache entry, and a write can `mutate()` it;
 * - null instead of the call's argument (or of the options, for a call without one) fetches
 *   nothing, as SWR's conditional fetching;
 * - paged lists page after page (`useBookPages`, `useUserPages`, `useStaffPages`,
 *   `useOrderPages`, `useActivityPages`): `pages`, `items`, `hasNextPage`, `loadMore`;
 * - the client comes from {@link PustakClientProvider}, or a hook's `client` option.
 *
 * @module @pustak/sdk/swr
 */
export { PustakClientProvider, usePustakClient, type PustakClientProviderProps } from './client-context.js';
export { PUSTAK_KEY_PREFIX, isPustakKey, pustakKey, type PustakGroup, type PustakKey, type PustakMethod } from './keys.js';
export { usePustakRead, type PustakError, type PustakSWRConfiguration, type PustakSWRResponse } from './read.js';
export * from './hooks.js';
export {
  useActivityPages, useBookPages, useOrderPages, usePustakPages, useStaffPages, useUserPages,
  type PustakPages, type PustakPagesConfiguration,
} from './pages.js';
