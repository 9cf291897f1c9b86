import { useState } from 'react';
import { cx } from '../lib/cx';
import styles from './form.module.css';
import { MinusIcon, PlusIcon } from './icons';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Never goes below this (spec: 1). */
  min?: number;
  max?: number;
  /** Accessible name of the number input, e.g. "Quantity" or "Quantity of Muna Madan". */
  label?: string;
  disabled?: boolean;
  className?: string;
}

/** − [n] + : the minus button is disabled at `min`, plus at `max`; typed values are clamped. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  label = 'Quantity',
  disabled,
  className,
}: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  // Follow a value changed from outside (e.g. the server's answer) without an effect.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }

  const clamp = (n: number) => {
    let next = Math.floor(n);
    if (!Number.isFinite(next) || next < min) next = min;
    if (max !== undefined && next > max) next = max;
    return next;
  };
  const commit = (n: number) => {
    const next = clamp(n);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={cx(styles.stepper, className)} role="group" aria-label={label}>
      <button
        type="button"
        className={styles.stepperButton}
        onClick={() => commit(value - 1)}
        disabled={disabled || value <= min}
        aria-label="Decrease quantity"
      >
        <MinusIcon size={16} />
      </button>
      <input
        type="number"
        inputMode="numeric"
        className={styles.stepperValue}
        value={draft}
        min={min}
        max={max}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => commit(Number(draft))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(Number(draft));
        }}
      />
      <button
        type="button"
        className={styles.stepperButton}
        onClick={() => commit(value + 1)}
        disabled={disabled || (max !== undefined && value >= max)}
        aria-label="Increase quantity"
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
