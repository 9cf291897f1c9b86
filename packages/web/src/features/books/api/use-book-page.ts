import { type BooksListRequest } from '@pustak/sdk/domain';
import { useBooks } from '@pustak/sdk/swr';

/**
 * One page of the public book list (`GET /book/all`) for /books and a category. The previous
 * page stays on screen while the next one loads (keepPreviousData), so the grid doesn't flash.
 */
export const useBookPage = (params: BooksListRequest) => useBooks(params, { keepPreviousData: true });
