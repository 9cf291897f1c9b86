import { type AssignableRole } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../../lib/api-client';
import { userKeys } from '../query-keys';

/**
 * Changes an account's role (`PUT /user/updaterole/{id}`). The user may have moved between
 * the Users and Staff tables, so every page of both is read again.
 */
export function useUpdateRole() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (userId: string, role: AssignableRole) => {
      await api.users.updateRole(userId, role);
      void mutate(userKeys.isPage);
    },
    [api, mutate],
  );
}
