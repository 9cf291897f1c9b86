import { type Notification } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { notificationKeys } from '../query-keys';

/**
 * The bell's list (`GET /notification/all`, public; with the SDK's bearer a signed-in reader's
 * own messages come beside the public ones). Keyed by the reader, so signing in or out reads it again.
 */
export function useNotifications() {
  const api = useApi();
  const { userId, isSignedIn } = useSession();
  return useSWR<Notification[]>(notificationKeys.listFor(isSignedIn ? (userId ?? 'signed-in') : null), () => api.notifications.list());
}
