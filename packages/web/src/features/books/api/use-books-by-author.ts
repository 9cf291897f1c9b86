import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';

/** Books by one author (exact name); none gives []. */
export function useBooksByAuthor(author: string | undefined) {
  const api = useApi();
  return useSWR(author ? ['books', 'byAuthor', author] : null, () => api.books.byAuthor(author as string));
}
