import { Drawer } from '../../components/drawer';
import { CategoryGroups } from './books-menu';
import { MAIN_LINKS } from './nav-items';
import { PanelLinks } from './panel-links';
import styles from './panels.module.css';

/** The compact navigation drawer for narrow screens (hamburger). */
export function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} title="Menu" side="left">
      <nav aria-label="Main">
        <PanelLinks links={MAIN_LINKS} onNavigate={onClose} />
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
