import { useAllBooks as useAllBooksRead } from '@pustak/sdk/swr';

/** Every book (`GET /bookcrud/getallbooks`). */
export const useAllBooks = () => useAllBooksRead();
