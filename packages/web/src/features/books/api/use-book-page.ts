import { type BooksListRequest } from '@pustak/sdk/domain';
import { pustakKey, useBooks } from '@pustak/sdk/swr';
import { unstable_serialize, useSWRConfig } from 'swr';

/**
 * One page of the public book list (`GET /book/all`) for /books and a category. The previous
 * page stays on screen while the next one loads (keepPreviousData), so the grid doesn't flash.
 */
export const useBookPage = (params: BooksListRequest) => useBooks(params, { keepPreviousData: true });

/**
 * Whether the books on screen are another query's, kept while this one's load
 * (keepPreviousData): the grid dims and the pager waits then. Not for this query's own books
 * read again, nor for those the served page came with (SWR's fallback, which SWR counts as
 * loading until its first read answers).
 */
export function useShowsPreviousBooks(params: BooksListRequest, { data, isLoading }: { data?: unknown; isLoading: boolean }): boolean {
  const { fallback } = useSWRConfig();
  return isLoading && data !== undefined && !(unstable_serialize(pustakKey('books', 'list', params)) in fallback);
}
