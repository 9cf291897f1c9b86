import { isApiError, serverMessageOf } from '@pustak/sdk';
import {
  type SignInValues,
  type SignUpValues,
  roleRedirect,
  validateSignIn,
  validateSignUp,
  validateVerificationCode,
} from '@pustak/sdk/domain';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/form-fields';
import { PasswordField } from '../../components/form-controls';
import { useToast } from '../../components/toaster';
import { useForm } from '../../lib/use-form';
import { useLogin } from './api/use-login';
import { useRegister } from './api/use-register';
import { useVerifyEmail } from './api/use-verify-email';
import styles from './auth-dialogs.module.css';
import { type AuthDialogView, useAuthDialog } from './auth-dialog-store';
import { AuthForm, SwitchView } from './auth-form';

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

function SignInForm({ onSignUp, onDone }: { onSignUp: () => void; onDone: () => void }) {
  const login = useLogin();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<SignInValues>({ initial: { username: '', password: '' }, validate: validateSignIn });

  const submit = form.submit(
    async (values) => {
      const { reply, role } = await login({ username: values.username.trim(), password: values.password });
      toast.success(reply.message || 'Login successful !!!!!');
      onDone();
      // Spec: an Admin lands on /admin, a Staff user on /staff, everyone else stays.
      const landing = roleRedirect(role, '/');
      if (landing) navigate(landing);
    },
    {
      failure: (error) => {
        // Spec: the server's reply as a warning, and the error 'Failed to Login'.
        const reply = serverMessageOf(error);
        if (reply) toast.warning(reply);
        return 'Failed to Login';
      },
    },
  );

  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      submitLabel="Sign In"
      busyLabel="Signing in..."
      footer={<SwitchView prompt="New to Pustak?" label="Create an account" onClick={onSignUp} />}
    >
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
    </AuthForm>
  );
}

function SignUpForm({ onSignIn, onRegistered }: { onSignIn: () => void; onRegistered: (userId: string) => void }) {
  const register = useRegister();
  const toast = useToast();
  const form = useForm<SignUpValues>({
    initial: { email: '', username: '', password: '', confirmPassword: '' },
    validate: validateSignUp,
  });

  const submit = form.submit(
    async (values) => {
      const reply = await register({
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      toast.success(reply.message || 'Registration successful. Check your e-mail for the code.');
      onRegistered(reply.user.id);
    },
    { failure: (error) => serverMessageOf(error) ?? 'Registration failed. Please try again.' },
  );

  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      submitLabel="Sign Up"
      busyLabel="Creating account..."
      footer={<SwitchView prompt="Already have an account?" label="Sign in" onClick={onSignIn} />}
    >
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <PasswordField label="Password" autoComplete="new-password" required {...form.field('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" required {...form.field('confirmPassword')} />
    </AuthForm>
  );
}

/** The code's error under the input's own name, so the first-invalid focus finds it. */
function validateVerify({ verificationCode }: { verificationCode: string }) {
  const { code } = validateVerificationCode(verificationCode);
  return code ? { verificationCode: code } : {};
}

function VerifyForm({ userId, onVerified }: { userId: string | null; onVerified: () => void }) {
  const verify = useVerifyEmail();
  const toast = useToast();
  const form = useForm({ initial: { verificationCode: '' }, validate: validateVerify });

  const submit = form.submit(
    async (values) => {
      if (!userId) throw new Error('No account to verify');
      const reply = await verify(userId, values.verificationCode.trim());
      toast.success(reply.message || 'Email verified. You can sign in now.');
      onVerified();
    },
    {
      // A wrong code gets the spec's text; too many tries get the server's own (try again later).
      failure: (error) => (isApiError(error, 429) && serverMessageOf(error)) || 'Verification failed. Please try again.',
    },
  );

  return (
    <AuthForm form={form} onSubmit={submit} submitLabel="Verify" busyLabel="Verifying...">
      <TextField
        label="Verification code"
        className={styles.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={5}
        placeholder="00000"
        hint="The 5-digit one-time code from your e-mail."
        required {...form.field('verificationCode')}
        onChange={(event) => form.set('verificationCode', event.target.value.replace(/\D/g, ''))}
      />
    </AuthForm>
  );
}
