import { type ElementType, type HTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import styles from './display.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Element to render (div, article, section, li...). */
  as?: ElementType;
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Lift on hover (for clickable cards). */
  interactive?: boolean;
}

const paddings = { none: styles.padNone, sm: styles.padSm, md: styles.padMd, lg: styles.padLg };

export function Card({ as: Element = 'div', padding = 'md', interactive, className, ...rest }: CardProps) {
  return <Element className={cx(styles.card, paddings[padding], interactive && styles.interactive, className)} {...rest} />;
}
