// The labelled text field and the frame every field shares (label, hint, error). The other
// controls (form-controls.tsx) live apart: the storefront's first paint has a search box only.
import { type InputHTMLAttributes, type ReactNode, forwardRef, useId } from 'react';
import { cx } from '../lib/cx';
import styles from './form.module.css';
import { AlertIcon } from './icons';

export interface FieldChrome {
  /** Visible label (required: every control is labelled). */
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Inline error; sets aria-invalid and is announced through aria-describedby. */
  error?: string | null;
  /** Hide the label visually but keep it for assistive technology. */
  hideLabel?: boolean;
  /** Class of the wrapping element. */
  className?: string;
}

/**
 * Splits a field's props: the frame's (label, hint, error), the control's wiring (id, required,
 * aria-invalid, aria-describedby to the error and hint) and the rest, which go on the control.
 */
export function useField<P extends FieldChrome & { id?: string; required?: boolean }>(props: P) {
  const { label, hint, error, hideLabel, className, id, required, ...rest } = props;
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return {
    frame: { inputId, label, hint, hintId, error, errorId, required, hideLabel, className },
    control: {
      id: inputId,
      required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    },
    invalid: error ? styles.invalid : undefined,
    rest,
  };
}

/** A field's inline error, the same under every kind of control (inputs, selects, the star rating...). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <AlertIcon size={14} />
      {children}
    </p>
  );
}

export function FieldFrame({
  inputId,
  label,
  hint,
  hintId,
  error,
  errorId,
  required,
  hideLabel,
  className,
  children,
}: {
  inputId: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  error?: string | null;
  errorId?: string;
  required?: boolean;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx(styles.field, className)}>
      {/* The required asterisk is CSS-generated so the label's text stays exactly `label`. */}
      <label htmlFor={inputId} className={cx(styles.label, required && styles.required, hideLabel && 'visually-hidden')}>
        {label}
      </label>
      {children}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldChrome {
  /** Icon inside the control on the left. */
  leading?: ReactNode;
  /** Element inside the control on the right (e.g. a button). */
  trailing?: ReactNode;
  inputClassName?: string;
}

export const TextField = /* @__PURE__ */ forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { inputClassName, leading, trailing, type = 'text', ...props },
  ref,
) {
  const { frame, control, invalid, rest } = useField(props);
  return (
    <FieldFrame {...frame}>
      <div className={styles.control}>
        {leading ? <span className={styles.leading}>{leading}</span> : null}
        <input
          ref={ref}
          {...control}
          type={type}
          className={cx(
            styles.input,
            invalid,
            leading && styles.withLeading,
            trailing && styles.withTrailing,
            inputClassName,
          )}
          {...rest}
        />
        {trailing ? <span className={styles.trailing}>{trailing}</span> : null}
      </div>
    </FieldFrame>
  );
});
