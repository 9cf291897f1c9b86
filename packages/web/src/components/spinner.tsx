import { cx } from '../lib/cx';
import styles from './feedback.module.css';

export interface SpinnerProps {
  /** Accessible text; also shown next to the spinner when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  /** Diameter in px (default 28). */
  size?: number;
  /** Centre it in a padded block (page or section loading). */
  centered?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading', showLabel = false, size, centered = false, className }: SpinnerProps) {
  const spinner = (
    <span role="status" className={cx(styles.spinnerWrap, className)}>
      {/* 28 px unless `size` says otherwise (feedback.module.css); a style attribute only then. */}
      <span className={styles.spinner} style={size === undefined ? undefined : { width: size, height: size }} aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </span>
  );
  return centered ? <div className={styles.spinnerCentered}>{spinner}</div> : spinner;
}
