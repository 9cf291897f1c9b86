import { useCart as useCartRead } from '@pustak/sdk/swr';
import { useSession } from '../../auth';

/**
 * The server-side cart (`GET /addToCart/getcartitems`): its lines and its totals, priced by the
 * server in one answer (shown as they are); no call for guests.
 */
export function useCart() {
  const { isSignedIn } = useSession();
  return useCartRead(isSignedIn ? undefined : null);
}
