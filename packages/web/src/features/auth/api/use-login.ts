import { type LoginInput } from '@pustak/sdk';
import { useCallback } from 'react';
import { useApi } from '../../../lib/api-client';
import { signIn } from '../session';

/** Signs in (`POST /auth/login`) and stores token, role and user id; resolves with the reply and the role. */
export function useLogin() {
  const api = useApi();
  return useCallback(
    async (credentials: LoginInput) => {
      const reply = await api.auth.login(credentials);
      const role = reply.user?.role ?? 'User';
      signIn({ token: reply.token, role, userId: reply.user?.id ?? '' });
      return { reply, role };
    },
    [api],
  );
}
