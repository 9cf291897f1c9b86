import { matchPath } from 'react-router';

export type BackOfficeRole = 'Admin' | 'Staff';

export type NavIcon = 'dashboard' | 'books' | 'orders' | 'users' | 'staff' | 'banners' | 'activity' | 'reports';

export interface NavItem {
  /** Path relative to the area root ('' = the dashboard). */
  path: string;
  label: string;
  icon: NavIcon;
}

/** Sidebar entries per area (spec section 2). */
export const NAV_ITEMS: Record<BackOfficeRole, readonly NavItem[]> = {
  Admin: [
    { path: '', label: 'Dashboard', icon: 'dashboard' },
    { path: 'books', label: 'Books', icon: 'books' },
    { path: 'orders', label: 'Orders', icon: 'orders' },
    { path: 'users', label: 'Users', icon: 'users' },
    { path: 'staff', label: 'Staff', icon: 'staff' },
    { path: 'banners', label: 'Banners', icon: 'banners' },
    { path: 'activity', label: 'Activity', icon: 'activity' },
    { path: 'reports', label: 'Reports', icon: 'reports' },
  ],
  Staff: [
    { path: '', label: 'Dashboard', icon: 'dashboard' },
    { path: 'orders', label: 'Orders', icon: 'orders' },
  ],
};

export const AREA_BASE: Record<BackOfficeRole, string> = { Admin: '/admin', Staff: '/staff' };

/** Paths (relative to the area root) that render the dashboard: the spec's placeholders. */
const DASHBOARD_ALIASES: Record<BackOfficeRole, readonly string[]> = {
  Admin: ['', 'settings'],
  Staff: [''],
};

/** The area-relative path of a location, without leading or trailing slashes. */
export function relativePath(area: BackOfficeRole, pathname: string): string {
  const base = AREA_BASE[area];
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  return rest.replace(/^\/+|\/+$/g, '');
}

/** Which sidebar entry is current: the dashboard for its aliases, else the first path segment. */
export function activeNavPath(area: BackOfficeRole, pathname: string): string | null {
  const rest = relativePath(area, pathname);
  if (DASHBOARD_ALIASES[area].includes(rest)) return '';
  const first = rest.split('/')[0] ?? '';
  return NAV_ITEMS[area].some((item) => item.path === first) ? first : null;
}

/** What the header calls the current page; `bookId` is set on a book's view page. */
export type PageTitle = { kind: 'fixed'; title: string } | { kind: 'book'; bookId: string };

const ADMIN_TITLES: readonly [pattern: string, title: string][] = [
  ['books', 'Books'],
  ['books/addBooks', 'Add Book'],
  ['books/edit/:bookId', 'Edit Book'],
  ['orders', 'All Orders'],
  ['users', 'Users'],
  ['staff', 'Staff'],
  ['banners', 'Banners'],
  ['activity', 'Activity'],
  ['reports', 'Reports'],
];

const STAFF_TITLES: readonly [pattern: string, title: string][] = [['orders', 'Orders']];

export function pageTitleFor(area: BackOfficeRole, pathname: string): PageTitle {
  const rest = relativePath(area, pathname);
  if (DASHBOARD_ALIASES[area].includes(rest)) return { kind: 'fixed', title: 'Dashboard' };
  if (area === 'Admin') {
    const view = matchPath('/books/view/:bookId', `/${rest}`);
    if (view?.params.bookId) return { kind: 'book', bookId: view.params.bookId };
  }
  const table = area === 'Admin' ? ADMIN_TITLES : STAFF_TITLES;
  const hit = table.find(([pattern]) => matchPath(`/${pattern}`, `/${rest}`));
  return { kind: 'fixed', title: hit ? hit[1] : 'Page not found' };
}
