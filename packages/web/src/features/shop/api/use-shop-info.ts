import { pustakKey, useShopInfo as useShopInfoRead } from '@pustak/sdk/swr';

/** SWR key of the shop's pickup information (`orders.shopInfo()`). */
export const shopInfoKey = pustakKey('orders', 'shopInfo');

/** The shop's pickup information (`GET /shop/info`, public), as the server is configured. */
export function useShopInfo() {
  return useShopInfoRead({ revalidateOnFocus: false });
}
