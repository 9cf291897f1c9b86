import { Suspense, useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Link } from '../../components/link';
import { Brand } from '../../components/brand';
import { Drawer } from '../../components/drawer';
import { IconButton } from '../../components/icon-button';
import {
  BookIcon,
  ChartIcon,
  ClockIcon,
  FileIcon,
  LogoutIcon,
  MegaphoneIcon,
  MenuIcon,
  PackageIcon,
  SearchIcon,
  ShieldIcon,
  UserIcon,
  UsersIcon,
} from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { cx } from '../../lib/cx';
import { ReplayHeldClicks } from '../../lib/held-clicks';
import { useBookTitle } from '../../features/back-office/books';
import { useBook } from '../../features/books';
import { useLogout } from './back-office-area';
import styles from './back-office-layout.module.css';
import { AREA_BASE, type BackOfficeRole, NAV_ITEMS, type NavIcon, activeNavPath, pageTitleFor } from './back-office-nav';

const ICONS: Record<NavIcon, typeof BookIcon> = {
  dashboard: ChartIcon,
  books: BookIcon,
  orders: PackageIcon,
  users: UsersIcon,
  staff: ShieldIcon,
  banners: MegaphoneIcon,
  activity: ClockIcon,
  reports: FileIcon,
};

/**
 * The admin/staff shell: sidebar (a drawer on narrow screens), a header with the page title,
 * an inert search box and the area label, and the page. The storefront header, footer and
 * live toast are not part of it.
 */
export function BackOfficeLayout({ area }: { area: BackOfficeRole }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const title = useHeaderTitle(area, pathname);

  useEffect(() => {
    // Leaving the back office (logout) gives the storefront its own title back.
    const storefrontTitle = document.title;
    return () => {
      document.title = storefrontTitle;
    };
  }, []);
  useEffect(() => {
    document.title = `${title} · Pustak ${area}`;
  }, [title, area]);

  return (
    <div className={styles.shell}>
      <a href="#back-office-main" className="skip-link">
        Skip to content
      </a>
      <aside className={styles.sidebar} aria-label={`${area} sidebar`}>
        <Brand to={AREA_BASE[area]} tone="dark" sub={area === 'Admin' ? 'Admin panel' : 'Staff desk'} />
        <SideNav area={area} pathname={pathname} />
        <LogoutButton className={styles.sidebarLogout} />
      </aside>
      <div className={styles.column}>
        <header className={styles.topbar}>
          <IconButton
            aria-label="Open menu"
            aria-expanded={menuOpen}
            icon={<MenuIcon />}
            className={styles.menuButton}
            onClick={() => setMenuOpen(true)}
          />
          <h1 className={styles.title}>{title}</h1>
          <InertSearch />
          <span className={styles.areaLabel}>
            <span className={styles.avatar} aria-hidden="true">
              <UserIcon size={16} />
            </span>
            {area}
          </span>
        </header>
        <main id="back-office-main" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<Spinner label="Loading page" centered />}>
            <Outlet />
            <ReplayHeldClicks />
          </Suspense>
        </main>
      </div>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={`Pustak ${area}`} side="left" className={styles.drawer}>
        <SideNav area={area} pathname={pathname} onNavigate={() => setMenuOpen(false)} />
        <LogoutButton className={styles.drawerLogout} />
      </Drawer>
    </div>
  );
}


function SideNav({
  area,
  pathname,
  onNavigate,
}: {
  area: BackOfficeRole;
  pathname: string;
  onNavigate?: () => void;
}) {
  const active = activeNavPath(area, pathname);
  const base = AREA_BASE[area];
  return (
    <nav aria-label={area === 'Admin' ? 'Admin' : 'Staff'} className={styles.nav}>
      <ul className={styles.navList}>
        {NAV_ITEMS[area].map((item) => {
          const Icon = ICONS[item.icon];
          const isActive = item.path === active;
          return (
            <li key={item.path}>
              <Link
                to={item.path ? `${base}/${item.path}` : base}
                onClick={onNavigate}
                // Book sub-pages and the dashboard's placeholder routes keep their section current.
                aria-current={isActive ? 'page' : undefined}
                className={cx(styles.navLink, isActive && styles.navLinkActive)}
              >
                <Icon size={18} />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function LogoutButton({ className }: { className?: string }) {
  const logout = useLogout();
  return (
    <button type="button" className={cx(styles.logout, className)} onClick={logout}>
      <LogoutIcon size={18} />
      Logout
    </button>
  );
}

/** The header search of the spec "does nothing": it is shown, labelled, and says so. */
function InertSearch() {
  const noteId = useId();
  return (
    <form role="search" aria-label="Back office" className={styles.search} onSubmit={(event) => event.preventDefault()}>
      <SearchIcon size={16} className={styles.searchIcon} />
      <input type="search" aria-label="Search" aria-describedby={noteId} placeholder="Search…" className={styles.searchInput} />
      <span id={noteId} className="visually-hidden">
        Search is not available in the back office yet.
      </span>
    </form>
  );
}

/** The page title for the header; on a book's view page, the book's own title. */
function useHeaderTitle(area: BackOfficeRole, pathname: string): string {
  const page = pageTitleFor(area, pathname);
  const bookId = page.kind === 'book' ? page.bookId : undefined;
  const titleCall = useBookTitle(bookId);
  const loaded = useBook(bookId);
  if (page.kind === 'fixed') return page.title;
  return titleCall.data?.title || loaded.data?.title || 'Book Details';
}
