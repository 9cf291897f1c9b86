import { type Notification } from '@pustak/sdk';
import { useSWRConfig } from 'swr';
import { isNotificationList } from '../query-keys';

/** Puts a live message on top of the bell's list without asking the server again (`personal`: meant for this reader). */
export function usePrependNotification() {
  const { mutate } = useSWRConfig();
  return (text: string, personal = false) => {
    const entry: Notification = { message: text, createdAt: new Date().toISOString(), ...(personal ? { personal: true } : {}) };
    void mutate(isNotificationList, (list: Notification[] | undefined) => [entry, ...(list ?? [])], { revalidate: false });
  };
}
