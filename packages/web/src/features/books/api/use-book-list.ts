import { type BooksListRequest } from '@pustak/sdk/domain';
import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { bookKeys } from '../query-keys';

/**
 * The public book list (`GET /book/all`): one page for /books, or with no params the whole
 * list the home page slices into sections. The previous page stays on screen while the next
 * one loads (keepPreviousData), so the grid doesn't flash.
 */
export function useBookList(params?: BooksListRequest) {
  const api = useApi();
  return useSWR(bookKeys.list(params ?? null), () => (params ? api.books.list(params) : api.books.list()), {
    keepPreviousData: true,
  });
}
