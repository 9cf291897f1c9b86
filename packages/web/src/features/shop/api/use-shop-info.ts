import { type ShopInfo } from '@pustak/sdk';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';

/** SWR key of the shop's pickup information. */
export const shopInfoKey = ['shop-info'] as const;

/** The shop's pickup information (`GET /shop/info`, public), as the server is configured. */
export function useShopInfo() {
  const api = useApi();
  return useSWR<ShopInfo>(shopInfoKey, () => api.orders.shopInfo(), { revalidateOnFocus: false });
}
