import { type Notification } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { notificationKeys } from '../query-keys';

/** The bell's list (`GET /notification/all`, public). */
export function useNotifications() {
  const api = useApi();
  return useSWR<Notification[]>(notificationKeys.list, () => api.notifications.list());
}
