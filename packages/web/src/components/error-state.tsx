import { type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { Button } from './button';
import styles from './feedback.module.css';
import { AlertIcon, RefreshIcon } from './icons';

export interface ErrorStateProps {
  /** What went wrong, in the user's words (spec section 8 texts). */
  text: ReactNode;
  title?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  compact?: boolean;
  className?: string;
}

export function ErrorState({ text, title, onRetry, retryLabel = 'Retry', compact, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cx(styles.state, compact && styles.stateCompact, className)}>
      <span className={cx(styles.stateIcon, styles.errorIcon)}>
        <AlertIcon size={26} />
      </span>
      {title ? <p className={styles.stateTitle}>{title}</p> : null}
      <p className={styles.stateText}>{text}</p>
      {onRetry ? (
        <div className={styles.stateAction}>
          <Button variant="secondary" size="sm" onClick={onRetry} leadingIcon={<RefreshIcon size={16} />}>
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A page's data could not be loaded: "We couldn't load {what}", the connection hint and Retry.
 * `what` reads like "your cart" or "this book".
 */
export function LoadFailed({ what, onRetry, className }: { what: string; onRetry: () => void; className?: string }) {
  return (
    <ErrorState
      title={`We couldn't load ${what}`}
      text="Please check your connection and try again."
      onRetry={onRetry}
      className={className}
    />
  );
}
