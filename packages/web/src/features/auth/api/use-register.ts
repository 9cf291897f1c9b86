import { type RegisterInput } from '@pustak/sdk';
import { useCallback } from 'react';
import { useApi } from '../../../lib/api-client';

/** Creates an account (`POST /Auth/register`); the reply carries the new user's id for Verify Email. */
export function useRegister() {
  const api = useApi();
  return useCallback((account: RegisterInput) => api.auth.register(account), [api]);
}
