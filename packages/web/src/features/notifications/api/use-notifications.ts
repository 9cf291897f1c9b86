import { type Notification } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { notificationKeys } from '../query-keys';

/**
 * The bell's list (`GET /notification/all`, public; with a bearer a signed-in reader's own
 * messages come beside the public ones). Keyed by the reader, so signing in or out reads it
 * again. The SDK's session sends its token with this public call (the contract marks it
 * `x-optional-bearer`).
 */
export function useNotifications() {
  const api = useApi();
  const { userId, token } = useSession();
  return useSWR<Notification[]>(notificationKeys.listFor(token ? (userId ?? 'signed-in') : null), () =>
    api.notifications.list(),
  );
}
