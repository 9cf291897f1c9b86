import { useBooksByAuthor as useBooksByAuthorRead } from '@pustak/sdk/swr';

/** Books by one author (exact name); none gives []. */
export const useBooksByAuthor = (author: string | undefined) => useBooksByAuthorRead(author || null);
