import { ADMIN_PAGE_SIZE } from '@pustak/sdk/domain';
import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';
import { type AccountKind, userKeys } from '../query-keys';

/** One server page of customers or staff (`GET /user/getallusers` / `/user/getAllStaffs`). */
export function useUserPage(kind: AccountKind, page: number, search: string) {
  const api = useApi();
  return useSWR(
    userKeys.page(kind, page, search),
    ([, which, p, s]) => {
      const params = { page: p, pageSize: ADMIN_PAGE_SIZE, ...(s ? { search: s } : {}) };
      return which === 'users' ? api.users.list(params) : api.users.listStaff(params);
    },
    // The previous page stays on screen while the next one loads.
    { keepPreviousData: true },
  );
}
