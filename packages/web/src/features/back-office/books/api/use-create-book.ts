import { type BookInput } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../../lib/api-client';
import { adminBookKeys } from '../query-keys';

/** Adds a book (`POST /bookcrud/create`, multipart) and reads the inventory again. */
export function useCreateBook() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: BookInput) => {
      const reply = await api.catalog.create(input);
      void mutate(adminBookKeys.all);
      return reply;
    },
    [api, mutate],
  );
}
