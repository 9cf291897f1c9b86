import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';
import { dashboardKeys } from '../query-keys';

/** Dashboard figures (`GET /dashboard/all`). */
export function useDashboard() {
  const api = useApi();
  return useSWR(dashboardKeys.summary, () => api.dashboard.get());
}
