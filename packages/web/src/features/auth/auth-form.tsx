import { type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { AlertIcon } from '../../components/icons';
import styles from './auth-form.module.css';

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
