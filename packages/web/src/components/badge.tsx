import { type HTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import styles from './display.module.css';

export type BadgeTone = 'neutral' | 'accent' | 'sale' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cx(styles.badge, `tone-${tone}`, tone === 'neutral' && styles.neutral, className)} {...rest} />;
}
