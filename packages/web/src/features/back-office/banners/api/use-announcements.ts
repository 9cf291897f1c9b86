import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';

const ANNOUNCEMENTS_KEY = ['announcements', 'all'] as const;

/** Every banner (`GET /announcement/all`). */
export function useAnnouncements() {
  const api = useApi();
  return useSWR(ANNOUNCEMENTS_KEY, () => api.announcements.list());
}
