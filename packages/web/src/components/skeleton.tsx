import { type CSSProperties } from 'react';
import { cx } from '../lib/cx';
import styles from './feedback.module.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** Render N text-like lines (the last one shorter). */
  lines?: number;
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/**
 * A placeholder shape while content loads; hidden from assistive technology. Full width and 1em
 * high unless `className` or the props say otherwise. The props become a style attribute, which
 * the prerendered home page cannot carry (its CSP allows none): shapes there take a class.
 */
export function Skeleton({ width, height, lines, radius, className }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <span className={cx(styles.skeletonLines, className)} aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <span
            key={index}
            className={styles.skeleton}
            // The last line is shorter (feedback.module.css).
            style={{ width: index === lines - 1 ? undefined : width, height, borderRadius: radius }}
          />
        ))}
      </span>
    );
  }
  return (
    <span
      className={cx(styles.skeleton, className)}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
