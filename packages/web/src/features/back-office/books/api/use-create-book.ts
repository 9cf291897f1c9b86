import { type BookInput } from '@pustak/sdk';
import { useApiCommand } from '../../../../lib/use-api-command';
import { adminBookKeys } from '../query-keys';

/** Adds a book (`POST /bookcrud/create`, multipart) and reads the inventory again. */
export const useCreateBook = () =>
  useApiCommand((api, input: BookInput) => api.catalog.create(input), () => [adminBookKeys.all]);
