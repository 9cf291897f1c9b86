import { type BookInput } from '@pustak/sdk';
import { pustakKey } from '@pustak/sdk/swr';
import { useApiCommand } from '../../../../lib/use-api-command';
import { adminBookKeys } from '../query-keys';

/** Saves a book (`PUT /bookcrud/updatebook/{id}`, multipart); the book and the inventory are read again. */
export const useUpdateBook = () =>
  useApiCommand(
    (api, bookId: string, input: BookInput) => api.catalog.update(bookId, input),
    ([bookId]) => [pustakKey('catalog', 'get', bookId), adminBookKeys.all],
  );
