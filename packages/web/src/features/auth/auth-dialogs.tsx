import { isApiError, serverMessageOf } from '@pustak/sdk';
import {
  type ForgotPasswordValues,
  type ResetPasswordValues,
  type SignInValues,
  type SignUpValues,
  roleRedirect,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
  validateVerificationCode,
} from '@pustak/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/dialog';
import { TextField, type TextFieldProps } from '../../components/form-fields';
import { PasswordField } from '../../components/form-controls';
import { Button } from '../../components/button';
import { useToast } from '../../components/toaster';
import { useForm } from '../../lib/use-form';
import { useLogin } from './api/use-login';
import { useRegister } from './api/use-register';
import { useVerifyEmail } from './api/use-verify-email';
import { useRequestPasswordReset, useResendCode, useResetPassword } from './api/use-password';
import styles from './auth-dialogs.module.css';
import { type AccountCredentials, type AuthDialogView, useAuthDialog } from './auth-dialog-store';
import { AuthForm, FormLink, SwitchView } from './auth-form';

const TITLES: Record<AuthDialogView, string> = {
  signIn: 'Sign In',
  signUp: 'Sign Up',
  verify: 'Verify Email',
  forgotPassword: 'Forgot Password',
  resetPassword: 'Reset Password',
};

const DESCRIPTIONS: Record<AuthDialogView, string> = {
  signIn: 'Welcome back! Sign in with your username.',
  signUp: 'Create an account to keep a wishlist, a cart and your orders.',
  verify: 'We e-mailed you a 5-digit code. Enter it to activate your account.',
  forgotPassword: 'Enter your username or e-mail address and we will e-mail you a 5-digit code to set a new password.',
  resetPassword: 'Enter the 5-digit code from the e-mail and choose a new password.',
};

/** What sign-in answers (401) for an account whose e-mail is not verified yet. */
const UNVERIFIED = 'Please Verify user Account !';

/**
 * The Sign In / Sign Up / Verify Email modals, driven by the auth dialog store so the
 * header, the guards and the 401 handler can open them. One Dialog stays open while the
 * view changes, so focus returns to the original opener when it finally closes.
 */
export function AuthDialogs() {
  const { view, userId, credentials, usernameOrEmail, notice, username, open, close } = useAuthDialog();
  const viewRef = useRef<HTMLDivElement>(null);
  const shownView = useRef(view);
  // Switching views unmounts the control that had focus (the "Create an account" link, the
  // submit button); without this, focus falls to <body>, where Escape and Tab no longer reach
  // the dialog. The first open is left to the Dialog, which also remembers the opener.
  useEffect(() => {
    if (view && shownView.current && view !== shownView.current) {
      // The first field still to fill (Sign In after a reset comes with the username filled).
      const inputs = Array.from(viewRef.current?.querySelectorAll<HTMLInputElement>('input') ?? []);
      (inputs.find((input) => input.value === '') ?? viewRef.current?.querySelector<HTMLElement>('input, button'))?.focus();
    }
    shownView.current = view;
  }, [view]);

  return (
    <Dialog open={view !== null} onClose={close} title={view ? TITLES[view] : ''} description={view ? DESCRIPTIONS[view] : undefined}>
      <div ref={viewRef}>
        {view === 'signIn' ? (
          <SignInForm
            notice={notice}
            initialUsername={username ?? ''}
            onSignUp={() => open('signUp')}
            onForgotPassword={(typed) => open('forgotPassword', { usernameOrEmail: typed })}
            onUnverified={(id, typed) => open('verify', { userId: id, credentials: typed })}
            onDone={close}
          />
        ) : null}
        {view === 'signUp' ? (
          <SignUpForm
            onSignIn={() => open('signIn')}
            onRegistered={(id, typed) => open('verify', { userId: id, credentials: typed })}
          />
        ) : null}
        {view === 'verify' ? (
          <VerifyForm
            userId={userId}
            credentials={credentials}
            onVerified={() => open('signIn', { username: credentials?.username ?? null })}
            onNewCode={(id) => open('verify', { userId: id })}
          />
        ) : null}
        {view === 'forgotPassword' ? (
          <ForgotPasswordForm
            initial={usernameOrEmail ?? ''}
            onSent={(typed) => open('resetPassword', { usernameOrEmail: typed })}
            onSignIn={() => open('signIn')}
          />
        ) : null}
        {view === 'resetPassword' ? (
          usernameOrEmail ? (
            <ResetPasswordForm
              usernameOrEmail={usernameOrEmail}
              onReset={(message, name) => open('signIn', { notice: message, username: name })}
              onSignIn={() => open('signIn')}
            />
          ) : (
            <ForgotPasswordForm initial="" onSent={(typed) => open('resetPassword', { usernameOrEmail: typed })} onSignIn={() => open('signIn')} />
          )
        ) : null}
      </div>
    </Dialog>
  );
}

function SignInForm({
  notice,
  initialUsername,
  onSignUp,
  onForgotPassword,
  onUnverified,
  onDone,
}: {
  notice: string | null;
  initialUsername: string;
  onSignUp: () => void;
  onForgotPassword: (typed: string) => void;
  onUnverified: (userId: string, credentials: AccountCredentials) => void;
  onDone: () => void;
}) {
  const login = useLogin();
  const resendCode = useResendCode();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<SignInValues>({ initial: { username: initialUsername, password: '' }, validate: validateSignIn });
  // The account that sign-in just called unverified: it may ask for a new code.
  const [unverified, setUnverified] = useState<AccountCredentials | null>(null);
  const [sending, setSending] = useState(false);

  const submit = form.submit(
    async (values) => {
      setUnverified(null);
      const credentials = { username: values.username.trim(), password: values.password };
      try {
        const { reply, role } = await login(credentials);
        toast.success(reply.message || 'Login successful !!!!!');
        onDone();
        // Spec: an Admin lands on /admin, a Staff user on /staff, everyone else stays.
        const landing = roleRedirect(role, '/');
        if (landing) navigate(landing);
      } catch (error) {
        if (isApiError(error, 401) && serverMessageOf(error) === UNVERIFIED) setUnverified(credentials);
        throw error;
      }
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

  const verifyAccount = async () => {
    if (!unverified || sending) return;
    setSending(true);
    try {
      const reply = await resendCode(unverified);
      toast.success(reply.message || 'A new verification code has been sent to your e-mail');
      onUnverified(reply.user.id, unverified);
    } catch (error) {
      toast.error(serverMessageOf(error) ?? 'Could not send a new code. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      submitLabel="Sign In"
      busyLabel="Signing in..."
      notice={notice}
      afterFailure={
        unverified ? (
          <div className={styles.next}>
            <p>Your e-mail address is not verified yet. We can e-mail you a new code.</p>
            <Button type="button" variant="secondary" block loading={sending} loadingText="Sending code..." onClick={() => void verifyAccount()}>
              Verify your e-mail
            </Button>
          </div>
        ) : null
      }
      footer={<SwitchView prompt="New to Pustak?" label="Create an account" onClick={onSignUp} />}
    >
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
      <FormLink label="Forgot password?" onClick={() => onForgotPassword(form.values.username.trim())} />
    </AuthForm>
  );
}

function SignUpForm({
  onSignIn,
  onRegistered,
}: {
  onSignIn: () => void;
  onRegistered: (userId: string, credentials: AccountCredentials) => void;
}) {
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
      onRegistered(reply.user.id, { username: reply.user.username, password: values.password });
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

/** A 5-digit code from an e-mail: digits only (anything else typed or pasted is dropped), large and spaced. */
function CodeField({ onDigits, ...props }: TextFieldProps & { onDigits: (digits: string) => void }) {
  return (
    <TextField
      {...props}
      className={styles.code}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={5}
      placeholder="00000"
      required
      onChange={(event) => onDigits(event.target.value.replace(/\D/g, ''))}
    />
  );
}

/** The code's error under the input's own name, so the first-invalid focus finds it. */
function validateVerify({ verificationCode }: { verificationCode: string }) {
  const { code } = validateVerificationCode(verificationCode);
  return code ? { verificationCode: code } : {};
}

function VerifyForm({
  userId,
  credentials,
  onVerified,
  onNewCode,
}: {
  userId: string | null;
  credentials: AccountCredentials | null;
  onVerified: () => void;
  onNewCode: (userId: string) => void;
}) {
  const verify = useVerifyEmail();
  const resendCode = useResendCode();
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

  const sendNewCode = async () => {
    if (!credentials) return;
    try {
      const reply = await resendCode(credentials);
      toast.success(reply.message || 'A new verification code has been sent to your e-mail');
      onNewCode(reply.user.id);
    } catch (error) {
      toast.error(serverMessageOf(error) ?? 'Could not send a new code. Please try again.');
    }
  };

  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      submitLabel="Verify"
      busyLabel="Verifying..."
      footer={credentials ? <SwitchView prompt="No code, or too late?" label="Send a new code" onClick={() => void sendNewCode()} /> : null}
    >
      <CodeField
        label="Verification code"
        hint="The 5-digit one-time code from your e-mail."
        {...form.field('verificationCode')}
        onDigits={(digits) => form.set('verificationCode', digits)}
      />
    </AuthForm>
  );
}

function ForgotPasswordForm({
  initial,
  onSent,
  onSignIn,
}: {
  initial: string;
  onSent: (usernameOrEmail: string) => void;
  onSignIn: () => void;
}) {
  const requestReset = useRequestPasswordReset();
  const toast = useToast();
  const form = useForm<ForgotPasswordValues>({ initial: { usernameOrEmail: initial }, validate: validateForgotPassword });

  const submit = form.submit(
    async (values) => {
      const usernameOrEmail = values.usernameOrEmail.trim();
      const reply = await requestReset({ usernameOrEmail });
      toast.success(reply.message || 'If an account matches, we have e-mailed it a code.');
      onSent(usernameOrEmail);
    },
    { failure: (error) => serverMessageOf(error) ?? 'Could not send the code. Please try again.' },
  );

  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      submitLabel="Send code"
      busyLabel="Sending code..."
      footer={<SwitchView prompt="Remembered it?" label="Back to sign in" onClick={onSignIn} />}
    >
      <TextField label="Username or email" autoComplete="username" required {...form.field('usernameOrEmail')} />
    </AuthForm>
  );
}

function ResetPasswordForm({
  usernameOrEmail,
  onReset,
  onSignIn,
}: {
  usernameOrEmail: string;
  onReset: (message: string, username: string) => void;
  onSignIn: () => void;
}) {
  const resetPassword = useResetPassword();
  const requestReset = useRequestPasswordReset();
  const toast = useToast();
  const form = useForm<ResetPasswordValues>({ initial: { code: '', newPassword: '', confirmPassword: '' }, validate: validateResetPassword });

  const submit = form.submit(
    async (values) => {
      const reply = await resetPassword({ usernameOrEmail, code: values.code.trim(), newPassword: values.newPassword, confirmPassword: values.confirmPassword });
      onReset(reply.message || 'Password reset successfully. You can sign in now.', reply.username);
    },
    { failure: (error) => serverMessageOf(error) ?? 'Password reset failed. Please try again.' },
  );

  const sendAgain = async () => {
    try {
      const reply = await requestReset({ usernameOrEmail });
      toast.success(reply.message || 'If an account matches, we have e-mailed it a new code.');
    } catch (error) {
      toast.error(serverMessageOf(error) ?? 'Could not send the code. Please try again.');
    }
  };

  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      submitLabel="Set new password"
      busyLabel="Saving..."
      footer={
        <>
          <SwitchView prompt="No code, or too late?" label="Send a new code" onClick={() => void sendAgain()} />
          <SwitchView prompt="Remembered it?" label="Back to sign in" onClick={onSignIn} />
        </>
      }
    >
      <CodeField
        label="Reset code"
        hint={`The 5-digit code we e-mailed for ${usernameOrEmail}. It is valid for 15 minutes.`}
        {...form.field('code')}
        onDigits={(digits) => form.set('code', digits)}
      />
      <PasswordField label="New password" autoComplete="new-password" required {...form.field('newPassword')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.field('confirmPassword')} />
    </AuthForm>
  );
}
