import { type Notification } from '@pustak/sdk';
import { useSWRConfig } from 'swr';
import { notificationKeys } from '../query-keys';

/** Puts a live message on top of the bell's list without asking the server again. */
export function usePrependNotification() {
  const { mutate } = useSWRConfig();
  return (text: string) => {
    const entry = { message: text, createdAt: new Date().toISOString() } as Notification;
    void mutate(notificationKeys.list, (list: Notification[] | undefined) => [entry, ...(list ?? [])], { revalidate: false });
  };
}
