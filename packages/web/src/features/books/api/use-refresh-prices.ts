import { PUSTAK_KEY_PREFIX } from '@pustak/sdk/swr';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';

// Every read that carries the server's prices: book lists and pages, the admin inventory, the
// wishlist and the cart. The SDK hooks' keys name the group second; the home page's own book
// reads (query-keys.ts) first.
const PRICED_READS = new Set(['books', 'catalog', 'wishlist', 'cart']);
const isPricedRead = (key: unknown) =>
  Array.isArray(key) && PRICED_READS.has(String(key[0] === PUSTAK_KEY_PREFIX ? key[1] : key[0]));

/**
 * Reads the server's prices again once `stale` turns true: a deal the server reported ended
 * (its countdown reached zero) or an announced one started, so the figures on screen are no
 * longer what the server would charge. Only the server says what a copy costs now.
 */
export function useRefreshPricesWhen(stale: boolean): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!stale) return;
    void mutate(isPricedRead);
  }, [stale, mutate]);
}
