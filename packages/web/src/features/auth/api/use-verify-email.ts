import { useCallback } from 'react';
import { useApi } from '../../../lib/api-client';

/** Activates an account with the e-mailed code (`PUT /auth/verify`). */
export function useVerifyEmail() {
  const api = useApi();
  return useCallback(
    (userId: string, verificationCode: string) => api.auth.verify({ id: userId, verificationCode }),
    [api],
  );
}
