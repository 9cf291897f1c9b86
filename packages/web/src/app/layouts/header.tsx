import { Suspense, useState } from 'react';
import { NavLink } from '../../components/link';
import { Brand } from '../../components/brand';
import { IconButton } from '../../components/icon-button';
import { MenuIcon, UserIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { useCurrentUser, useSession } from '../../features/auth';
import { NotificationBell } from '../../features/notifications';
import { BooksMenu } from './books-menu';
import styles from './header.module.css';
import { MAIN_LINKS } from './nav-items';
import { lazy } from '../../lib/lazy';

// The drawers' contents load on first use, keeping them out of the first paint.
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));
const UserPanel = lazy(() => import('./user-panel').then((m) => ({ default: m.UserPanel })));

/** Public site header: brand, main links, Books dropdown, bell, user panel, mobile menu. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const [panelUsed, setPanelUsed] = useState(false);
  if (menuOpen && !menuUsed) setMenuUsed(true);
  if (panelOpen && !panelUsed) setPanelUsed(true);
  const session = useSession();
  const { data: user } = useCurrentUser();
  const initial = session.isSignedIn ? user?.username?.charAt(0) : undefined;

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <IconButton
          aria-label="Open menu"
          icon={<MenuIcon size={22} />}
          className={styles.menuToggle}
          onClick={() => setMenuOpen(true)}
        />
        <Brand to="/" tone="light" sub="Books · Kathmandu" spokenName="home" />

        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.navList}>
            {MAIN_LINKS.slice(0, 2).map((item) => (
              <NavItem key={item.to} item={item} />
            ))}
            <BooksMenu />
            {MAIN_LINKS.slice(2).map((item) => (
              <NavItem key={item.to} item={item} />
            ))}
          </ul>
        </nav>

        <div className={styles.actions}>
          <NotificationBell />
          <IconButton
            aria-label="Open account panel"
            aria-haspopup="dialog"
            icon={initial ? <span className={styles.avatar}>{initial}</span> : <UserIcon size={22} />}
            onClick={() => setPanelOpen(true)}
          />
        </div>
      </div>
      <Suspense fallback={null}>
        {menuUsed ? <MobileNav open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
        {panelUsed ? <UserPanel open={panelOpen} onClose={() => setPanelOpen(false)} /> : null}
      </Suspense>
    </header>
  );
}

function NavItem({ item }: { item: (typeof MAIN_LINKS)[number] }) {
  return (
    <li>
      <NavLink to={item.to} end={item.end} className={({ isActive }) => cx(styles.navLink, isActive && styles.navLinkActive)}>
        {item.label}
      </NavLink>
    </li>
  );
}
