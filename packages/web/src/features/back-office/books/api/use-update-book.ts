import { type BookInput } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../../lib/api-client';
import { bookKeys } from '../../../books';
import { adminBookKeys } from '../query-keys';

/** Saves a book (`PUT /bookcrud/updatebook/{id}`, multipart); the book and the inventory are read again. */
export function useUpdateBook() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (bookId: string, input: BookInput) => {
      const reply = await api.catalog.update(bookId, input);
      void mutate(bookKeys.one(bookId));
      void mutate(adminBookKeys.all);
      return reply;
    },
    [api, mutate],
  );
}
