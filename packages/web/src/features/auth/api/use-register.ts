import { type RegisterInput } from '@pustak/sdk';
import { useApiCommand } from '../../../lib/use-api-command';

/** Creates an account (`POST /Auth/register`); the reply carries the new user's id for Verify Email. */
export const useRegister = () => useApiCommand((api, account: RegisterInput) => api.auth.register(account));
