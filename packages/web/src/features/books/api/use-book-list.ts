import { type BooksListRequest } from '@pustak/sdk/domain';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';

/**
 * One page of the public book list. The previous page stays on screen while the next one
 * loads (keepPreviousData) so the grid doesn't flash.
 */
export function useBookList(params: BooksListRequest) {
  const api = useApi();
  return useSWR(['books', 'list', params], () => api.books.list(params), { keepPreviousData: true });
}
