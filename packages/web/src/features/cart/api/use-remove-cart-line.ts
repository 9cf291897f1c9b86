import { type CartItem } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { cartKeys } from '../query-keys';

/** Removes every line of a book (`DELETE /addToCart/remove/{id}`); resolves with the server's message. */
export function useRemoveCartLine() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (items: readonly CartItem[], bookId: string) => {
      let message = '';
      await mutate<CartItem[]>(
        cartKeys.lines,
        async (current) => {
          for (const item of items.filter((line) => line.bookId === bookId)) {
            message = (await api.cart.remove(item.cartItemId)).message;
          }
          return (current ?? []).filter((item) => item.bookId !== bookId);
        },
        { rollbackOnError: true, populateCache: true, revalidate: false },
      );
      return message;
    },
    [api, mutate],
  );
}
