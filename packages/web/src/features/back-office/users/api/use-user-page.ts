import { ADMIN_PAGE_SIZE } from '@pustak/sdk/domain';
import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';

export type AccountKind = 'users' | 'staff';

/** SWR keys of every user and staff page start with this (a role change refreshes them all). */
export const USER_PAGES = 'user-pages';

/** One server page of customers or staff (`GET /user/getallusers` / `/user/getAllStaffs`). */
export function useUserPage(kind: AccountKind, page: number, search: string) {
  const api = useApi();
  return useSWR(
    [USER_PAGES, kind, page, search] as const,
    ([, which, p, s]) => {
      const params = { page: p, pageSize: ADMIN_PAGE_SIZE, ...(s ? { search: s } : {}) };
      return which === 'users' ? api.users.list(params) : api.users.listStaff(params);
    },
    // The previous page stays on screen while the next one loads.
    { keepPreviousData: true },
  );
}
