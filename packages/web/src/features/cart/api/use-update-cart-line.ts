import { type Cart, type CartItem } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { cartKeys } from '../query-keys';

/** The cart with one line's quantity changed: what the stepper shows until the server's cart arrives. */
function withQuantity(cart: Cart, cartItemId: string, quantity: number): Cart {
  return { ...cart, items: cart.items.map((item) => (item.cartItemId === cartItemId ? { ...item, quantity } : item)) };
}

/**
 * Sets a line's quantity (`PUT /addToCart/update/{id}`). The stepper shows it at once; then the
 * cart is read again, because its line totals, discounts and total are the server's to work out.
 * A failure puts the old quantity back and rejects.
 */
export function useUpdateCartLine() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (cart: Cart, line: CartItem, quantity: number) => {
      await mutate<Cart>(
        cartKeys.lines,
        async () => {
          await api.cart.update(line.cartItemId, quantity);
          return api.cart.list();
        },
        {
          optimisticData: (current) => withQuantity(current ?? cart, line.cartItemId, quantity),
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      );
    },
    [api, mutate],
  );
}
