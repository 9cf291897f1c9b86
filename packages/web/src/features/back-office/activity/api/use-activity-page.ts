import { ADMIN_PAGE_SIZE } from '@pustak/sdk/domain';
import type { ActivityKind } from '@pustak/sdk';
import { useActivity } from '@pustak/sdk/swr';

/** The filters of the Activity page, as its URL carries them (dates are yyyy-mm-dd, local). */
export interface ActivityFilters {
  actor: string;
  kind: ActivityKind | '';
  from: string;
  to: string;
}

/** Local midnight of a yyyy-mm-dd date, `days` later, as an instant; undefined when no date is set. */
function midnight(date: string, days = 0): string | undefined {
  if (!date) return undefined;
  const [year, month, day] = date.split('-').map(Number);
  const at = new Date(year!, month! - 1, day! + days);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** One server page of the activity log (`GET /activity/all`); the "to" date counts in full. */
export function useActivityPage(page: number, { actor, kind, from, to }: ActivityFilters) {
  const fromInstant = midnight(from);
  const toInstant = midnight(to, 1);
  return useActivity(
    {
      page,
      pageSize: ADMIN_PAGE_SIZE,
      ...(actor ? { actor } : {}),
      ...(kind ? { kind } : {}),
      ...(fromInstant ? { from: fromInstant } : {}),
      ...(toInstant ? { to: toInstant } : {}),
    },
    { keepPreviousData: true },
  );
}
