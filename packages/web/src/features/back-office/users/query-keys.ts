import { isPustakKey } from '@pustak/sdk/swr';

export type AccountKind = 'users' | 'staff';

/** SWR keys of the admin account tables: the SDK hooks' keys of `users.list` and `users.listStaff`. */
export const userKeys = {
  /** Whether a key is a page of either table (a role change refreshes them all). */
  isPage: (key: unknown) => isPustakKey(key, 'users', 'list') || isPustakKey(key, 'users', 'listStaff'),
};
