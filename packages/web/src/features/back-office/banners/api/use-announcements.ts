import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';
import { bannerKeys } from '../query-keys';

/** Every banner (`GET /announcement/all`). */
export function useAnnouncements() {
  const api = useApi();
  return useSWR(bannerKeys.all, () => api.announcements.list());
}
