import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { ChevronDownIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { useCloseOnEscape, useCloseOnOutsideClick } from '../../lib/use-close-on-outside-click';
import styles from './header.module.css';
import { CATEGORY_LINKS, INERT_CATEGORY_ENTRIES } from './nav-items';

/**
 * The header's Books dropdown, a disclosure: the four category pages plus the entries the
 * spec lists as dead links, rendered inert (aria-disabled text, not links).
 */
export function BooksMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Navigating anywhere closes the menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  useCloseOnOutsideClick(wrapRef, open, setOpen);
  const onKeyDown = useCloseOnEscape(open, setOpen, buttonRef);

  return (
    <li
      ref={wrapRef}
      className={styles.menuWrap}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out closes it; a null relatedTarget (a click elsewhere) is handled by mousedown.
        const next = event.relatedTarget as Node | null;
        if (open && next && wrapRef.current && !wrapRef.current.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={cx(styles.menuButton, location.pathname.startsWith('/category/') && styles.navLinkActive)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Books
        <ChevronDownIcon size={16} />
      </button>
      <div id={panelId} className={styles.menuPanel} hidden={!open}>
        <CategoryGroups />
      </div>
    </li>
  );
}

/** The dropdown's content; also used by the mobile navigation drawer. */
export function CategoryGroups({ onNavigate }: { onNavigate?: () => void }) {
  const headingId = useId();
  const moreId = useId();
  return (
    <>
      <div>
        <h3 id={headingId} className={styles.menuGroupTitle}>
          Categories
        </h3>
        <ul className={styles.menuList} aria-labelledby={headingId}>
          {CATEGORY_LINKS.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={styles.menuLink} onClick={onNavigate}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 id={moreId} className={styles.menuGroupTitle}>
          Discover <span className={styles.soon}>Coming soon</span>
        </h3>
        <ul className={cx(styles.menuList, styles.menuListSplit)} aria-labelledby={moreId}>
          {INERT_CATEGORY_ENTRIES.map((label) => (
            <li key={label}>
              <span className={styles.menuInert} aria-disabled="true" title="Coming soon">
                {label}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
