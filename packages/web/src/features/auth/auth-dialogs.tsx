import {
  type SignInValues,
  type SignUpValues,
  hasErrors,
  validateSignIn,
  validateSignUp,
  validateVerificationCode,
} from '@pustak/sdk/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PasswordField, TextField } from '../../components/form-fields';
import { AlertIcon } from '../../components/icons';
import { useToast } from '../../components/toaster';
import { useApi } from '../../lib/api-client';
import { serverMessage } from '../../lib/errors';
import styles from './auth-dialogs.module.css';
import { type AuthDialogView, useAuthDialog } from './auth-dialog-store';
import { signIn } from './session';

const TITLES: Record<AuthDialogView, string> = {
  signIn: 'Sign In',
  signUp: 'Sign Up',
  verify: 'Verify Email',
};

const DESCRIPTIONS: Record<AuthDialogView, string> = {
  signIn: 'Welcome back! Sign in with your username.',
  signUp: 'Create an account to keep a wishlist, a cart and your orders.',
  verify: 'We e-mailed you a 5-digit code. Enter it to activate your account.',
};

/**
 * The Sign In / Sign Up / Verify Email modals, driven by the auth dialog store so the
 * header, the guards and the 401 handler can open them. One Dialog stays open while the
 * view changes, so focus returns to the original opener when it finally closes.
 */
export function AuthDialogs() {
  const { view, userId, open, close } = useAuthDialog();
  const viewRef = useRef<HTMLDivElement>(null);
  const shownView = useRef(view);
  // Switching views unmounts the control that had focus (the "Create an account" link, the
  // submit button); without this, focus falls to <body>, where Escape and Tab no longer reach
  // the dialog. The first open is left to the Dialog, which also remembers the opener.
  useEffect(() => {
    if (view && shownView.current && view !== shownView.current) {
      viewRef.current?.querySelector<HTMLElement>('input, button')?.focus();
    }
    shownView.current = view;
  }, [view]);

  return (
    <Dialog open={view !== null} onClose={close} title={view ? TITLES[view] : ''} description={view ? DESCRIPTIONS[view] : undefined}>
      <div ref={viewRef}>
        {view === 'signIn' ? <SignInForm onSignUp={() => open('signUp')} onDone={close} /> : null}
        {view === 'signUp' ? (
          <SignUpForm onSignIn={() => open('signIn')} onRegistered={(id) => open('verify', { userId: id })} />
        ) : null}
        {view === 'verify' ? <VerifyForm userId={userId} onVerified={() => open('signIn')} /> : null}
      </div>
    </Dialog>
  );
}

/** After a failed check, puts the keyboard on the first field that needs fixing (named like its error key). */
function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string | undefined>, names: Record<string, string> = {}) {
  const first = Object.keys(errors).find((key) => errors[key]);
  if (!first) return;
  const field = form.elements.namedItem(names[first] ?? first);
  if (field instanceof HTMLElement) field.focus();
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

function SignInForm({ onSignUp, onDone }: { onSignUp: () => void; onDone: () => void }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<SignInValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateSignIn>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (field: keyof SignInValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignIn(values);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement, found);
      return;
    }
    setBusy(true);
    try {
      const reply = await api.auth.login({ username: values.username.trim(), password: values.password });
      const role = reply.user?.role ?? 'User';
      signIn({ token: reply.token, role, userId: reply.user?.id ?? '' });
      toast.success(reply.message || 'Login successful !!!!!');
      onDone();
      if (role === 'Admin') navigate('/admin');
      else if (role === 'Staff') navigate('/staff');
    } catch (error) {
      // Spec: the server's reply as a warning, and the error 'Failed to Login'.
      const reply = serverMessage(error);
      if (reply) toast.warning(reply);
      setFailure('Failed to Login');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert message={failure} />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={update('username')}
        error={errors.username}
        required
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
        required
      />
      <Button type="submit" block size="lg" loading={busy} loadingText="Signing in...">
        Sign In
      </Button>
      <p className={styles.switch}>
        New to Pustak?{' '}
        <button type="button" className={styles.linkButton} onClick={onSignUp}>
          Create an account
        </button>
      </p>
    </form>
  );
}

function SignUpForm({ onSignIn, onRegistered }: { onSignIn: () => void; onRegistered: (userId: string) => void }) {
  const api = useApi();
  const toast = useToast();
  const [values, setValues] = useState<SignUpValues>({ email: '', username: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateSignUp>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (field: keyof SignUpValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement, found);
      return;
    }
    setBusy(true);
    try {
      const reply = await api.auth.register({
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      toast.success(reply.message || 'Registration successful. Check your e-mail for the code.');
      onRegistered(reply.user.id);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'Registration failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert message={failure} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={update('email')}
        error={errors.email}
        required
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={update('username')}
        error={errors.username}
        required
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
        required
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
        error={errors.confirmPassword}
        required
      />
      <Button type="submit" block size="lg" loading={busy} loadingText="Creating account...">
        Sign Up
      </Button>
      <p className={styles.switch}>
        Already have an account?{' '}
        <button type="button" className={styles.linkButton} onClick={onSignIn}>
          Sign in
        </button>
      </p>
    </form>
  );
}

function VerifyForm({ userId, onVerified }: { userId: string | null; onVerified: () => void }) {
  const api = useApi();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateVerificationCode(code);
    setError(found.code);
    setFailure(null);
    if (found.code) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement, found, { code: 'verificationCode' });
      return;
    }
    if (!userId) {
      setFailure('Verification failed. Please try again.');
      return;
    }
    setBusy(true);
    try {
      const reply = await api.auth.verify({ id: userId, verificationCode: code.trim() });
      toast.success(reply.message || 'Email verified. You can sign in now.');
      onVerified();
    } catch {
      setFailure('Verification failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert message={failure} />
      <TextField
        label="Verification code"
        name="verificationCode"
        className={styles.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={5}
        placeholder="00000"
        hint="The 5-digit one-time code from your e-mail."
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        error={error}
        required
      />
      <Button type="submit" block size="lg" loading={busy} loadingText="Verifying...">
        Verify
      </Button>
    </form>
  );
}
