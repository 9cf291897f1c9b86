import { type PustakClient } from '@pustak/sdk';
import { type Key, useSWRConfig } from 'swr';
import { useApi } from './api-client';

/**
 * The shape of every write hook: one SDK call, then the SWR keys it changes are read again.
 *
 *   export const useCancelOrder = () =>
 *     useApiCommand((api, orderId: string) => api.orders.cancel(orderId), () => [orderKeys.mine]);
 */
export function useApiCommand<A extends unknown[], R>(
  call: (api: PustakClient, ...args: A) => Promise<R>,
  refresh: (args: NoInfer<A>) => readonly Key[] = () => [],
): (...args: A) => Promise<R> {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return async (...args: A) => {
    const result = await call(api, ...args);
    for (const key of refresh(args)) void mutate(key);
    return result;
  };
}
