import { useId } from 'react';
import { cx } from '../lib/cx';
import styles from './display.module.css';
import { FieldError } from './form-fields';
import { StarIcon } from './icons';

export interface StarRatingProps {
  /** 0..max, may be fractional (rounded to the nearest half star for display). */
  value: number;
  max?: number;
  size?: number;
  /** Show "4.5" next to the stars. */
  showValue?: boolean;
  className?: string;
}

/** Read-only stars with an accessible label such as "Rated 4.5 out of 5". */
export function StarRating({ value, max = 5, size = 16, showValue, className }: StarRatingProps) {
  const safe = Number.isFinite(value) ? Math.min(Math.max(value, 0), max) : 0;
  const rounded = Math.round(safe * 2) / 2;
  const label = `Rated ${Number(safe.toFixed(1))} out of ${max}`;
  return (
    <span role="img" aria-label={label} className={cx(styles.stars, className)}>
      {Array.from({ length: max }, (_, index) => {
        const fill = rounded - index;
        if (fill >= 1) return <StarIcon key={index} size={size} />;
        if (fill === 0.5) return <HalfStar key={index} size={size} />;
        return <StarIcon key={index} size={size} className={styles.starEmpty} />;
      })}
      {showValue ? (
        <span className={styles.starsValue} aria-hidden="true">
          {safe.toFixed(1)}
        </span>
      ) : null}
    </span>
  );
}

function HalfStar({ size }: { size: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id}>
          <stop offset="50%" stopColor="currentColor" />
          <stop offset="50%" stopColor="var(--color-border-strong)" />
        </linearGradient>
      </defs>
      <path
        fill={`url(#${id})`}
        d="M12 2.5l2.95 6 6.55.95-4.75 4.6 1.12 6.52L12 17.5l-5.87 3.07 1.12-6.52L2.5 9.45l6.55-.95z"
      />
    </svg>
  );
}

export interface StarRatingInputProps {
  /** Visible legend, e.g. "Your rating". */
  label: string;
  value: number | null;
  onChange: (stars: number) => void;
  max?: number;
  /** Inline error, e.g. "Please select a rating". */
  error?: string;
  name?: string;
  disabled?: boolean;
  className?: string;
}

/** A radio group of stars ("1 star" ... "5 stars"); arrow keys move between them. */
export function StarRatingInput({
  label,
  value,
  onChange,
  max = 5,
  error,
  name,
  disabled,
  className,
}: StarRatingInputProps) {
  const autoName = useId();
  const errorId = useId();
  const groupName = name ?? autoName;
  return (
    <fieldset
      className={cx(styles.starInput, className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend className={styles.starInputLegend}>{label}</legend>
      <span className={styles.starInputOptions}>
        {Array.from({ length: max }, (_, index) => {
          const stars = index + 1;
          const on = value !== null && stars <= value;
          return (
            <label key={stars} className={cx(styles.starInputLabel, on && styles.starOn)}>
              <input
                type="radio"
                name={groupName}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
              />
              <StarIcon size={26} />
              <span className="visually-hidden">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            </label>
          );
        })}
      </span>
      {error ? (
        <div className={styles.starInputError}>
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      ) : null}
    </fieldset>
  );
}
