import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  forwardRef,
  useId,
  useState,
} from 'react';
import { cx } from '../lib/cx';
import styles from './form.module.css';
import { AlertIcon, EyeIcon, EyeOffIcon } from './icons';

interface FieldChrome {
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
function useField<P extends FieldChrome & { id?: string; required?: boolean }>(props: P) {
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

function FieldFrame({
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

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a Show password / Hide password toggle (aria-pressed). */
export const PasswordField = /* @__PURE__ */ forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          disabled={props.disabled}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
});

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldChrome {
  /** Options; alternatively pass <option> children. */
  options?: readonly SelectOption[];
  /** Adds a first empty option with this text (e.g. "Select genre"). */
  placeholder?: string;
}

export const SelectField = /* @__PURE__ */ forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { options, placeholder, children, ...props },
  ref,
) {
  const { frame, control, invalid, rest } = useField(props);
  return (
    <FieldFrame {...frame}>
      <select ref={ref} {...control} className={cx(styles.select, invalid)} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </FieldFrame>
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldChrome {}

export const Textarea = /* @__PURE__ */ forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(props, ref) {
  const { frame, control, invalid, rest } = useField(props);
  return (
    <FieldFrame {...frame}>
      <textarea ref={ref} {...control} className={cx(styles.textarea, invalid)} {...rest} />
    </FieldFrame>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

export const Checkbox = /* @__PURE__ */ forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, className, ...rest },
  ref,
) {
  return (
    <label className={cx(styles.check, className)}>
      <input ref={ref} type="checkbox" className={styles.checkInput} {...rest} />
      <span className={styles.checkLabel}>{label}</span>
    </label>
  );
});

export interface ToggleProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  label: ReactNode;
}

/** An on/off switch (a checkbox with role="switch"), e.g. "On sale". */
export const Toggle = /* @__PURE__ */ forwardRef<HTMLInputElement, ToggleProps>(function Toggle({ label, className, ...rest }, ref) {
  return (
    <label className={cx(styles.toggle, className)}>
      <input ref={ref} type="checkbox" role="switch" className={styles.toggleInput} {...rest} />
      <span className={styles.toggleTrack} aria-hidden="true" />
      <span className={styles.checkLabel}>{label}</span>
    </label>
  );
});
