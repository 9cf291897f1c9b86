import type { components } from '../generated/schema.js';
import type { AssignableRole, ListUsersParams, PagedUsers, RequestOptions, User } from '../types.js';
import { firstPage, iteratePages, pageFigures, type Page, type PageFetcher } from '../pages.js';
import { init, unwrap, type RawClient } from './call.js';

/** Accounts as the Admin sees them. All need a bearer token. */
export interface UsersApi {
  /** `getUserById` — one profile. */
  get(id: string, options?: RequestOptions): Promise<User>;
  /** `listUsers` — customers, paged (`pageSize` 10 in the admin screen). */
  list(params?: ListUsersParams, options?: RequestOptions): Promise<PagedUsers>;
  /** `listStaff` — staff accounts, paged. */
  listStaff(params?: ListUsersParams, options?: RequestOptions): Promise<PagedUsers>;
  /** `listUsers` as a {@link Page}: `hasNextPage()`, `getNextPage()`. */
  page(params?: ListUsersParams, options?: RequestOptions): Promise<Page<User>>;
  /** `listStaff` as a {@link Page}. */
  staffPage(params?: ListUsersParams, options?: RequestOptions): Promise<Page<User>>;
  /** Every customer under the filters, page after page. */
  iterate(params?: ListUsersParams, options?: RequestOptions): AsyncGenerator<User, void, undefined>;
  /** Every staff account under the filters, page after page. */
  iterateStaff(params?: ListUsersParams, options?: RequestOptions): AsyncGenerator<User, void, undefined>;
  /** `updateUserRole` — the body is the bare JSON string (`"Staff"` or `"User"`; Admin is never assigned); answers 204. */
  updateRole(userId: string, role: AssignableRole, options?: RequestOptions): Promise<void>;
}

type UserPageReply = components['schemas']['UserPage'];

export function usersApi(raw: RawClient): UsersApi {
  const page = ({ data, currentPage, pageSize, totalCount, totalPages }: UserPageReply): PagedUsers =>
    ({ items: data, currentPage, pageSize, totalCount, totalPages });
  const list: UsersApi['list'] = async (params, options) =>
    page(await unwrap(raw.GET('/user/getallusers', { params: { query: params ?? {} }, ...init(options) })));
  const listStaff: UsersApi['listStaff'] = async (params, options) =>
    page(await unwrap(raw.GET('/user/getAllStaffs', { params: { query: params ?? {} }, ...init(options) })));
  const customers: PageFetcher<User, ListUsersParams> = async (params, options) => pageFigures(await list(params, options));
  const staff: PageFetcher<User, ListUsersParams> = async (params, options) => pageFigures(await listStaff(params, options));
  return {
    get: (id, options) => unwrap(raw.GET('/user/getuserbyid/{id}', { params: { path: { id } }, ...init(options) })),
    list,
    listStaff,
    page: (params, options) => firstPage(customers, params ?? {}, options),
    staffPage: (params, options) => firstPage(staff, params ?? {}, options),
    iterate: (params, options) => iteratePages(customers, params ?? {}, options),
    iterateStaff: (params, options) => iteratePages(staff, params ?? {}, options),
    async updateRole(userId, role, options) {
      // openapi-fetch JSON.stringifies the body once: 'Staff' goes out as "Staff".
      await unwrap(raw.PUT('/user/updaterole/{userId}', { params: { path: { userId } }, body: role, ...init(options) }));
    },
  };
}
