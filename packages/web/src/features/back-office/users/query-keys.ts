export type AccountKind = 'users' | 'staff';

/** SWR keys of the admin account tables; every page key starts with `pages[0]`. */
export const userKeys = {
  /** The prefix every Users and Staff page key starts with (a role change refreshes them all). */
  all: 'user-pages',
  page: (kind: AccountKind, page: number, search: string) => ['user-pages', kind, page, search] as const,
};
