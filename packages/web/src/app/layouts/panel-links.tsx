import { type ReactNode } from 'react';
import { NavLink } from '../../components/link';
import { cx } from '../../lib/cx';
import styles from './panels.module.css';

export interface PanelLink {
  to: string;
  label: string;
  /** Current only on this exact path (the home link). */
  end?: boolean;
  icon?: ReactNode;
}

/** The big touch-friendly links of the drawers (menu, account panel); following one closes the drawer. */
export function PanelLinks({ links, onNavigate }: { links: readonly PanelLink[]; onNavigate: () => void }) {
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.end}
            onClick={onNavigate}
            className={({ isActive }) => cx(styles.link, isActive && styles.linkActive)}
          >
            {link.icon ? <span className={styles.linkIcon}>{link.icon}</span> : null}
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
