import { type User } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { authKeys } from '../query-keys';
import { useSession } from '../session';

/** The signed-in user's record (username, e-mail) from users.get(userId); no call for guests. */
export function useCurrentUser() {
  const api = useApi();
  const { userId, isSignedIn } = useSession();
  return useSWR<User>(isSignedIn && userId ? authKeys.user(userId) : null, ([, id]: readonly [string, string]) =>
    api.users.get(id),
  );
}
