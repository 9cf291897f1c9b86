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

/** A placeholder shape while content loads; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '1em', lines, radius, className }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <span className={cx(styles.skeletonLines, className)} aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <span
            key={index}
            className={styles.skeleton}
            style={{ width: index === lines - 1 ? '60%' : width, height, borderRadius: radius }}
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
