import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isOrderListKey } from '../query-keys';

/** Reads every back-office order list again (the dashboard's and every page of every search). */
export function useRefreshOrderLists() {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(isOrderListKey), [mutate]);
}
