import { type DiscountOfferInput } from '@pustak/sdk';
import { pustakKey } from '@pustak/sdk/swr';
import { useApiCommand } from '../../../../lib/use-api-command';

/** Puts a timed discount on a book (`PUT /bookcrud/discountOffer/{id}`) and reads the book again. */
export const useSetDiscount = () =>
  useApiCommand(
    (api, bookId: string, offer: DiscountOfferInput) => api.catalog.setDiscount(bookId, offer),
    ([bookId]) => [pustakKey('catalog', 'get', bookId)],
  );
