import type { DashboardSummary, RequestOptions } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** Back-office figures (Admin, Staff). */
export interface DashboardApi {
  /** `getDashboard` — totals, weekly sales (Sun..Sat) and recent activity. */
  get(options?: RequestOptions): Promise<DashboardSummary>;
}

export function dashboardApi(raw: RawClient): DashboardApi {
  return { get: (options) => unwrap(raw.GET('/dashboard/all', init(options))) };
}
