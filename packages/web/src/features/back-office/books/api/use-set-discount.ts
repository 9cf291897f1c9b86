import { type DiscountOfferInput } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../../lib/api-client';
import { bookKeys } from '../../../books';

/** Puts a timed discount on a book (`PUT /bookcrud/discountOffer/{id}`) and reads the book again. */
export function useSetDiscount() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (bookId: string, offer: DiscountOfferInput) => {
      const reply = await api.catalog.setDiscount(bookId, offer);
      void mutate(bookKeys.one(bookId));
      return reply;
    },
    [api, mutate],
  );
}
