import { type BookInput } from '@pustak/sdk';
import { useApiCommand } from '../../../../lib/use-api-command';
import { bookKeys } from '../../../books';
import { adminBookKeys } from '../query-keys';

/** Saves a book (`PUT /bookcrud/updatebook/{id}`, multipart); the book and the inventory are read again. */
export const useUpdateBook = () =>
  useApiCommand(
    (api, bookId: string, input: BookInput) => api.catalog.update(bookId, input),
    ([bookId]) => [bookKeys.one(bookId), adminBookKeys.all],
  );
