import { useDashboard as useDashboardRead } from '@pustak/sdk/swr';

/** Dashboard figures (`GET /dashboard/all`). */
export const useDashboard = () => useDashboardRead();
