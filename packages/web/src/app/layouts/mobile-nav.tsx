import { NavLink } from 'react-router';
import { Drawer } from '../../components/drawer';
import { cx } from '../../lib/cx';
import { CategoryGroups } from './books-menu';
import { MAIN_LINKS } from './nav-items';
import styles from './panels.module.css';

/** The compact navigation drawer for narrow screens (hamburger). */
export function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} title="Menu" side="left">
      <nav aria-label="Main">
        <ul className={styles.links}>
          {MAIN_LINKS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onClose}
                className={({ isActive }) => cx(styles.link, isActive && styles.linkActive)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {/* The group headings (Categories, Discover) title this part; a third "Books" heading above them read as clutter. */}
        <section className={styles.section} aria-label="Books">
          <div className={styles.categoryGrid}>
            <CategoryGroups onNavigate={onClose} />
          </div>
        </section>
      </nav>
    </Drawer>
  );
}
