import { type Notification } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** The bell's list (public call, no token). */
export function useNotifications(enabled = true) {
  const api = useApi();
  return useSWR<Notification[]>(enabled ? NOTIFICATIONS_KEY : null, () => api.notifications.list());
}
