import { useApiCommand } from '../../../../lib/use-api-command';
import { adminBookKeys } from '../query-keys';

/** Deletes a book (`DELETE /bookcrud/deletebook/{id}`) and reads the inventory again. */
export const useDeleteBook = () =>
  useApiCommand((api, bookId: string) => api.catalog.remove(bookId), () => [adminBookKeys.all]);
