import type { components } from '../generated/schema.js';
import type { AssignableRole, ListUsersParams, PagedUsers, RequestOptions, User } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** Accounts as the Admin sees them. All need a bearer token. */
export interface UsersApi {
  /** `getUserById` — one profile. */
  get(id: string, options?: RequestOptions): Promise<User>;
  /** `listUsers` — customers, paged (`pageSize` 10 in the admin screen). */
  list(params?: ListUsersParams, options?: RequestOptions): Promise<PagedUsers>;
  /** `listStaff` — staff accounts, paged. */
  listStaff(params?: ListUsersParams, options?: RequestOptions): Promise<PagedUsers>;
  /** `updateUserRole` — the body is the bare JSON string (`"Staff"` or `"User"`; Admin is never assigned); answers 204. */
  updateRole(userId: string, role: AssignableRole, options?: RequestOptions): Promise<void>;
}

type UserPageReply = components['schemas']['UserPage'];

export function usersApi(raw: RawClient): UsersApi {
  const page = ({ data, currentPage, pageSize, totalCount, totalPages }: UserPageReply): PagedUsers =>
    ({ items: data, currentPage, pageSize, totalCount, totalPages });
  return {
    get: (id, options) => unwrap(raw.GET('/user/getuserbyid/{id}', { params: { path: { id } }, ...init(options) })),
    list: async (params, options) =>
      page(await unwrap(raw.GET('/user/getallusers', { params: { query: params ?? {} }, ...init(options) }))),
    listStaff: async (params, options) =>
      page(await unwrap(raw.GET('/user/getAllStaffs', { params: { query: params ?? {} }, ...init(options) }))),
    async updateRole(userId, role, options) {
      // openapi-fetch JSON.stringifies the body once: 'Staff' goes out as "Staff".
      await unwrap(raw.PUT('/user/updaterole/{userId}', { params: { path: { userId } }, body: role, ...init(options) }));
    },
  };
}
