import { serverMessageOf } from '@pustak/sdk';
import { type ChangePasswordValues, validateChangePassword } from '@pustak/sdk/domain';
import { useState } from 'react';
import { PasswordField } from '../../components/form-controls';
import { useToast } from '../../components/toaster';
import { useForm } from '../../lib/use-form';
import { useChangePassword } from './api/use-password';
import { AuthForm } from './auth-form';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password on the profile page. The server ends every other session of the account; this
 * one carries on with the token the reply brings (useChangePassword stores it).
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const toast = useToast();
  const form = useForm<ChangePasswordValues>({ initial: EMPTY, validate: validateChangePassword });
  const [notice, setNotice] = useState<string | null>(null);

  const submit = form.submit(
    async (values) => {
      setNotice(null);
      const reply = await changePassword(values);
      const message = reply.message || 'Password changed successfully';
      toast.success(message);
      setNotice(`${message}. You are still signed in here; other devices must sign in again.`);
      form.setValues(EMPTY);
    },
    { failure: (error) => serverMessageOf(error) ?? 'Could not change the password. Please try again.' },
  );

  return (
    <AuthForm form={form} onSubmit={submit} submitLabel="Change password" busyLabel="Saving..." notice={notice}>
      <PasswordField label="Current password" autoComplete="current-password" required {...form.field('currentPassword')} />
      <PasswordField label="New password" autoComplete="new-password" required {...form.field('newPassword')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.field('confirmPassword')} />
    </AuthForm>
  );
}
