import { type CartItem } from '@pustak/sdk';
import { withCartLineQuantity } from '@pustak/sdk/domain';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { cartKeys } from '../query-keys';

/**
 * Sets a book's quantity (`PUT /addToCart/update/{id}` on its first line; its other lines
 * go). Shown at once, then saved; the server's answer carries no cart, so the local one is
 * kept, and a failure puts the old quantity back and rejects.
 */
export function useUpdateCartLine() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (items: readonly CartItem[], bookId: string, quantity: number) => {
      const [first, ...extras] = items.filter((item) => item.bookId === bookId);
      if (!first) return;
      await mutate<CartItem[]>(
        cartKeys.lines,
        async (current) => {
          for (const extra of extras) await api.cart.remove(extra.cartItemId);
          await api.cart.update(first.cartItemId, quantity);
          return withCartLineQuantity(current ?? [], bookId, quantity);
        },
        {
          optimisticData: (current) => withCartLineQuantity(current ?? [], bookId, quantity),
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      );
    },
    [api, mutate],
  );
}
