import useSWR from 'swr';
import { useApi } from '../../../../lib/api-client';
import { adminBookKeys } from '../query-keys';

/** Every book (`GET /bookcrud/getallbooks`). */
export function useAllBooks() {
  const api = useApi();
  return useSWR(adminBookKeys.all, () => api.catalog.listAll());
}
