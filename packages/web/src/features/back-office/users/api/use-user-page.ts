import { ADMIN_PAGE_SIZE } from '@pustak/sdk/domain';
import { useStaffUsers, useUsers } from '@pustak/sdk/swr';
import { type AccountKind } from '../query-keys';

/** One server page of customers or staff (`GET /user/getallusers` / `/user/getAllStaffs`). */
export function useUserPage(kind: AccountKind, page: number, search: string) {
  const params = { page, pageSize: ADMIN_PAGE_SIZE, ...(search ? { search } : {}) };
  // The previous page stays on screen while the next one loads.
  const users = useUsers(kind === 'users' ? params : null, { keepPreviousData: true });
  const staff = useStaffUsers(kind === 'staff' ? params : null, { keepPreviousData: true });
  return kind === 'users' ? users : staff;
}
