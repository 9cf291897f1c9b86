import { type ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './display.module.css';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Small label above the title. */
  eyebrow?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
  /** Usually a <Breadcrumb>, rendered above the title. */
  breadcrumb?: ReactNode;
  className?: string;
}

/** The page's single <h1> with optional description and actions. */
export function PageHeader({ title, description, eyebrow, actions, breadcrumb, className }: PageHeaderProps) {
  return (
    <header className={cx(styles.pageHeader, className)}>
      <div className={styles.pageHeaderText}>
        {breadcrumb}
        {eyebrow ? <span className={styles.eyebrow}>{eyebrow}</span> : null}
        <h1 className={styles.pageHeaderTitle}>{title}</h1>
        {description ? <p className={styles.pageHeaderDescription}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.pageHeaderActions}>{actions}</div> : null}
    </header>
  );
}
