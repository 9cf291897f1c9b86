import { type Cart, type CartItem } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { cartKeys } from '../query-keys';

/**
 * Removes a line (`DELETE /addToCart/remove/{id}`), then reads the cart again for the server's
 * new totals; resolves with the server's message.
 */
export function useRemoveCartLine() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (line: CartItem) => {
      let message = '';
      await mutate<Cart>(
        cartKeys.lines,
        async () => {
          message = (await api.cart.remove(line.cartItemId)).message;
          return api.cart.list();
        },
        { rollbackOnError: true, populateCache: true, revalidate: false },
      );
      return message;
    },
    [api, mutate],
  );
}
