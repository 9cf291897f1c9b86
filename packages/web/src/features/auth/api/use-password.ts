import { type ChangePasswordInput, type LoginInput, type PasswordResetRequestInput, type ResetPasswordInput } from '@pustak/sdk';
import { useCallback } from 'react';
import { useApi } from '../../../lib/api-client';
import { useApiCommand } from '../../../lib/use-api-command';
import { signIn } from '../session';

/** A new one-time code for an unverified account (`POST /auth/resend-code`); the reply carries its id. */
export const useResendCode = () => useApiCommand((api, credentials: LoginInput) => api.auth.resendCode(credentials));

/** Mails a reset code to the account a username or e-mail names (`POST /auth/forgot-password`). */
export const useRequestPasswordReset = () =>
  useApiCommand((api, input: PasswordResetRequestInput) => api.auth.requestPasswordReset(input));

/** Sets a new password with the e-mailed code (`POST /auth/reset-password`). */
export const useResetPassword = () => useApiCommand((api, input: ResetPasswordInput) => api.auth.resetPassword(input));

/**
 * Changes the signed-in account's password (`POST /auth/change-password`). The server ends every
 * earlier session, this one's too, so the reply's token replaces the stored one.
 */
export function useChangePassword() {
  const api = useApi();
  return useCallback(
    async (input: ChangePasswordInput) => {
      const reply = await api.auth.changePassword(input);
      signIn({ token: reply.token, role: reply.user.role, userId: reply.user.id });
      return reply;
    },
    [api],
  );
}
