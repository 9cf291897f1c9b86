import { type FieldErrors, hasErrors } from '@pustak/sdk/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/button';
import { AlertIcon } from '../../components/icons';
import styles from './auth-form.module.css';

/**
 * The state the Sign In / Sign Up / Verify forms share: their values, the inline field errors,
 * the form-level failure banner and the busy flag, plus the submit sequence around a request.
 * Field names double as error keys and as the inputs' `name`s.
 */
export function useAuthForm<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => FieldErrors<keyof V & string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: keyof V, value: string) => setValues((current) => ({ ...current, [name]: value }));

  /** The value, change handler, error and name that wire one TextField/PasswordField. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: errors[name],
    required: true,
  });

  /**
   * A submit handler: checks the values (focusing the first invalid field), then runs `action`
   * with the button busy; if it throws, the banner shows `failureText(error)`.
   */
  const onSubmit =
    (action: () => Promise<void>, failureText: (error: unknown) => string) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = validate(values);
      setErrors(found);
      setFailure(null);
      if (hasErrors(found)) {
        focusFirstInvalid(event.currentTarget, found);
        return;
      }
      setBusy(true);
      try {
        await action();
      } catch (error) {
        setFailure(failureText(error));
      } finally {
        setBusy(false);
      }
    };

  return { values, set, field, onSubmit, failure, busy };
}

/** After a failed check, puts the keyboard on the first field that needs fixing (named like its error key). */
function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string | undefined>) {
  const first = Object.keys(errors).find((key) => errors[key]);
  if (!first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}

/** The form frame: failure banner, the fields, a full-width submit button and an optional footer. */
export function AuthForm({
  form,
  onSubmit,
  submitLabel,
  busyLabel,
  footer,
  children,
}: {
  form: { failure: string | null; busy: boolean };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busyLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert message={form.failure} />
      {children}
      <Button type="submit" block size="lg" loading={form.busy} loadingText={busyLabel}>
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.alert}>
      <AlertIcon size={16} />
      {message}
    </p>
  );
}

/** "New to Pustak? Create an account"-style link to the other dialog view. */
export function SwitchView({ prompt, label, onClick }: { prompt: string; label: string; onClick: () => void }) {
  return (
    <p className={styles.switch}>
      {prompt}{' '}
      <button type="button" className={styles.linkButton} onClick={onClick}>
        {label}
      </button>
    </p>
  );
}
