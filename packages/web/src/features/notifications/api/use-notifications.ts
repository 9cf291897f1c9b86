import { type Notification } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { notificationKeys } from '../query-keys';

/**
 * The bell's list (`GET /notification/all`, public; with a bearer a signed-in reader's own
 * messages come beside the public ones). Keyed by the reader, so signing in or out reads it
 * again. The SDK's session sends no token with a public call, so this one names it itself.
 */
export function useNotifications() {
  const api = useApi();
  const { userId, token } = useSession();
  return useSWR<Notification[]>(notificationKeys.listFor(token ? (userId ?? 'signed-in') : null), () =>
    api.notifications.list(token ? { headers: { Authorization: `Bearer ${token}` } } : undefined),
  );
}
