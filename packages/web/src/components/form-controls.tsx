// The kit's other form controls: password, select, textarea, checkbox and switch, each in the
// frame the text field uses (form-fields.tsx).
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  forwardRef,
  useState,
} from 'react';
import { cx } from '../lib/cx';
import { type FieldChrome, FieldFrame, TextField, type TextFieldProps, useField } from './form-fields';
import styles from './form.module.css';
import { EyeIcon, EyeOffIcon } from './icons';

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
