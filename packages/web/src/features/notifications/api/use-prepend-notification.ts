import { type Notification } from '@pustak/sdk';
import { useCallback, useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { notificationKeys } from '../query-keys';

/**
 * Puts a live message on top of the bell's list without asking the server again. The returned
 * function is stable, so the live connection does not reopen when the SWR config changes.
 */
export function usePrependNotification() {
  const { mutate } = useSWRConfig();
  const mutateRef = useRef(mutate);
  useEffect(() => {
    mutateRef.current = mutate;
  });
  return useCallback((text: string) => {
    const entry = { message: text, createdAt: new Date().toISOString() } as Notification;
    void mutateRef.current(notificationKeys.list, (list: Notification[] | undefined) => [entry, ...(list ?? [])], {
      revalidate: false,
    });
  }, []);
}
