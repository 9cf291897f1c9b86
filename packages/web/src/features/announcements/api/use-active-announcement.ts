import { type ActiveAnnouncement } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';

export const ACTIVE_ANNOUNCEMENT_KEY = ['announcement', 'active'] as const;

/** The public banner (no token). */
export function useActiveAnnouncement() {
  const api = useApi();
  return useSWR<ActiveAnnouncement>(ACTIVE_ANNOUNCEMENT_KEY, () => api.announcements.active());
}
