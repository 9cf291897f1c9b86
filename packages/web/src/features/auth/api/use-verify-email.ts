import { useApiCommand } from '../../../lib/use-api-command';

/** Activates an account with the e-mailed code (`PUT /auth/verify`). */
export const useVerifyEmail = () =>
  useApiCommand((api, userId: string, verificationCode: string) => api.auth.verify({ id: userId, verificationCode }));
