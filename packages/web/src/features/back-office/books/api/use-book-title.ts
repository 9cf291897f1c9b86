import { useBookTitle as useBookTitleRead } from '@pustak/sdk/swr';

/**
 * The header's book title from `GET /api/bookcrud/get/{id}` (the legacy doubled-/api path). No
 * legacy server answers it, so one failure is enough: the header then uses the loaded book.
 */
export const useBookTitle = (bookId: string | undefined) => useBookTitleRead(bookId ?? null, { shouldRetryOnError: false });
