import { useEffect } from 'react';
import { useSWRConfig } from 'swr';

// Every read that carries the server's prices: book lists and pages, the admin inventory, the
// wishlist and the cart.
const PRICED_READS = new Set(['books', 'book', 'catalog', 'wishlist', 'cart']);

/**
 * Reads the server's prices again once `stale` turns true: a deal the server reported ended
 * (its countdown reached zero) or an announced one started, so the figures on screen are no
 * longer what the server would charge. Only the server says what a copy costs now.
 */
export function useRefreshPricesWhen(stale: boolean): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!stale) return;
    void mutate((key) => Array.isArray(key) && PRICED_READS.has(String(key[0])));
  }, [stale, mutate]);
}
