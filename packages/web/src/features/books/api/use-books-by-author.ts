import useSWR from 'swr';
import { useApi } from '../../../lib/api-client';
import { bookKeys } from '../query-keys';

/** Books by one author (exact name); none gives []. */
export function useBooksByAuthor(author: string | undefined) {
  const api = useApi();
  return useSWR(author ? bookKeys.byAuthor(author) : null, ([, , name]: readonly [string, string, string]) =>
    api.books.byAuthor(name),
  );
}
