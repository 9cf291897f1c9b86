import { type ActiveAnnouncement } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { announcementKeys } from '../query-keys';

/** The public banner (`GET /announcement/active`, no token). */
export function useActiveAnnouncement() {
  const api = useApi();
  return useSWR<ActiveAnnouncement>(announcementKeys.active, () => api.announcements.active());
}
