import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';

/** Dashboard figures (`GET /dashboard/all`). */
export function useDashboard() {
  const api = useApi();
  return useSWR(['dashboard'], () => api.dashboard.get());
}
