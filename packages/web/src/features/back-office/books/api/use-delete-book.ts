import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../../lib/api-client';
import { adminBookKeys } from '../query-keys';

/** Deletes a book (`DELETE /bookcrud/deletebook/{id}`) and reads the inventory again. */
export function useDeleteBook() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (bookId: string) => {
      const reply = await api.catalog.remove(bookId);
      void mutate(adminBookKeys.all);
      return reply;
    },
    [api, mutate],
  );
}
