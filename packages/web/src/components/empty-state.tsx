import { type ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './feedback.module.css';
import { BookIcon } from './icons';

export interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  /** A Button or ButtonLink. */
  action?: ReactNode;
  icon?: ReactNode;
  compact?: boolean;
  /** Heading level of the title (default h2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function EmptyState({ title, text, action, icon, compact, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as 'h2';
  return (
    <div className={cx(styles.state, compact && styles.stateCompact, className)}>
      <span className={styles.stateIcon}>{icon ?? <BookIcon size={26} />}</span>
      <Heading className={styles.stateTitle}>{title}</Heading>
      {text ? <p className={styles.stateText}>{text}</p> : null}
      {action ? <div className={styles.stateAction}>{action}</div> : null}
    </div>
  );
}
