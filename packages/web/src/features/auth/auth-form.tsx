import { type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { AlertIcon, CheckCircleIcon } from '../../components/icons';
import styles from './auth-form.module.css';

/**
 * The form frame: a success notice (what the previous step did), the failure banner and what
 * it offers to do next, the fields, a full-width submit button and an optional footer.
 */
export function AuthForm({
  form,
  onSubmit,
  submitLabel,
  busyLabel,
  notice,
  afterFailure,
  footer,
  children,
}: {
  form: { failure: string | null; busy: boolean };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busyLabel: string;
  notice?: string | null;
  afterFailure?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {notice && !form.failure ? (
        <p role="status" className={styles.notice}>
          <CheckCircleIcon size={16} />
          {notice}
        </p>
      ) : null}
      <FormAlert message={form.failure} />
      {form.failure ? afterFailure : null}
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

/** A link-styled button inside a form ("Forgot password?"), right-aligned under its field. */
export function FormLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <p className={styles.formLink}>
      <button type="button" className={styles.linkButton} onClick={onClick}>
        {label}
      </button>
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
